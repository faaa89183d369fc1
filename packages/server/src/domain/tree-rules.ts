import { badRequest, type Message } from '@sso/shared-api';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import { liveRows } from '../kernel/live-rows.js';

// biome-ignore lint/suspicious/noExplicitAny: tree rules query the resource's own table by name
type AnyDb = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: idem
type AnyQuery = SelectQueryBuilder<any, any, any>;
type Row = Record<string, unknown>;

/** The parent of top-level nodes. */
const TREE_ROOT = '0';

/** Deeper trees than this are refused rather than walked (it also stops any loop in old data). */
const MAX_DEPTH = 64;

/** A table whose rows form a tree through a parent column (dept, menu, role, dictionaries, regions). */
export interface Tree {
  /** The nodes a rule may see: live rows, of the caller's tenant when the table is tenant scoped. */
  nodes: () => AnyQuery;
  /** The node's key column; `id` unless told (regions: `code`). */
  key?: string;
  /** The column holding the parent's key; `parentId` unless told (regions: `parentCode`). */
  parent?: string;
}

/** The live nodes of `table`: of `tenantId` (tenant-scoped tables), or of every tenant with `null`. */
export function treeOf(trx: AnyDb, table: string, tenantId: string | null, columns: { key?: string; parent?: string } = {}): Tree {
  return { nodes: () => liveRows(trx, table, tenantId), ...columns };
}

const keyOf = (tree: Tree) => tree.key ?? 'id';
const parentOf = (tree: Tree) => tree.parent ?? 'parentId';

/** The parent node with the asked columns; refused with the message `missing` when there is none. */
export async function requireParent(tree: Tree, parentKey: string, missing: Message, columns: string[] = []): Promise<Row> {
  const parent = await tree
    .nodes()
    .select([keyOf(tree), ...columns])
    .where(keyOf(tree), '=', parentKey)
    .executeTakeFirst();
  if (!parent) throw badRequest(missing);
  return parent as Row;
}

/**
 * Refuses (`cycle`) to put `nodeKey` under `candidateParent` when that parent is the node itself or
 * one of its descendants, found by walking up from the candidate. A walk deeper than the limit, or
 * round a loop already in the data, is refused too rather than followed.
 */
export async function refuseMoveUnderItself(tree: Tree, nodeKey: string, candidateParent: string, cycle: Message): Promise<void> {
  const seen = new Set<string>();
  let current = candidateParent;
  for (let depth = 0; current !== TREE_ROOT; depth++) {
    if (current === nodeKey || seen.has(current) || depth >= MAX_DEPTH) throw badRequest(cycle);
    seen.add(current);
    const row = await tree.nodes().select(parentOf(tree)).where(keyOf(tree), '=', current).executeTakeFirst();
    current = row ? String(row[parentOf(tree)]) : TREE_ROOT;
  }
}

/** Refuses (`hasChildren`) to remove nodes while a live node outside them still hangs below one. */
export async function refuseRemovingParents(tree: Tree, keys: readonly string[], hasChildren: Message): Promise<void> {
  if (keys.length === 0) return;
  const child = await tree
    .nodes()
    .select(keyOf(tree))
    .where(parentOf(tree), 'in', keys)
    .where(keyOf(tree), 'not in', keys)
    .executeTakeFirst();
  if (child) throw badRequest(hasChildren);
}

/** Whether any live node hangs below `key`. */
export async function hasChildNodes(tree: Tree, key: string): Promise<boolean> {
  return Boolean(await tree.nodes().select(keyOf(tree)).where(parentOf(tree), '=', key).executeTakeFirst());
}
