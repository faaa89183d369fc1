import { ApiError, defineMessages } from '@sso/shared-api';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/database.js';
import { testConfig } from '../kernel/config.js';
import { hasChildNodes, refuseMoveUnderItself, refuseRemovingParents, requireParent, type Tree, treeOf } from './tree-rules.js';

// biome-ignore lint/suspicious/noExplicitAny: a table of the test's own
type AnyDb = Kysely<any>;

/**
 * Tenant A:  1 ─┬─ 2 ── 3        Tenant B: 10 (below A's 1: another tenant's row is no parent)
 *               └─ 4 (removed)
 * A loop left in old data: 20 → 21 → 20.
 */
const NODES: [id: string, parentId: string, tenantId: string, isDeleted: number][] = [
  ['1', '0', 'A', 0],
  ['2', '1', 'A', 0],
  ['3', '2', 'A', 0],
  ['4', '1', 'A', 1],
  ['10', '1', 'B', 0],
  ['20', '21', 'A', 0],
  ['21', '20', 'A', 0],
];

let handle: DatabaseHandle;
let db: AnyDb;
const tenantA = (): Tree => treeOf(db, 'tree_node', 'A');

const t = defineMessages('treeRulesTest', {
  missing: ['上级不存在', 'No such parent'],
  cycle: ['不能移到自身之下', 'Not under itself'],
  children: ['请先删除下级', 'Remove the children first'],
});

/** The message of the refusal a promise ends in (400), or undefined when it resolves. */
async function refusal(work: Promise<unknown>): Promise<string | undefined> {
  try {
    await work;
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(400);
    return (error as ApiError).message;
  }
}

beforeAll(async () => {
  handle = await openDatabase(testConfig());
  db = handle.db as unknown as AnyDb;
  await sql`create table tree_node (id varchar(20) primary key, parent_id varchar(20) not null, tenant_id varchar(12) not null,
    is_deleted int not null default 0, code varchar(20))`.execute(db);
  await db
    .insertInto('tree_node')
    .values(NODES.map(([id, parentId, tenantId, isDeleted]) => ({ id, parentId, tenantId, isDeleted, code: `c${id}` })))
    .execute();
});
afterAll(async () => {
  await handle?.close();
});

describe('tree rules', () => {
  it('finds a live parent of the tenant, with the asked columns', async () => {
    expect(await requireParent(tenantA(), '2', t.say.missing, ['code'])).toEqual({ id: '2', code: 'c2' });
    expect(await refusal(requireParent(tenantA(), '4', t.say.missing))).toBe(t.missing); // removed
    expect(await refusal(requireParent(tenantA(), '10', t.say.missing))).toBe(t.missing); // another tenant's
    expect(await refusal(requireParent(tenantA(), '99', t.say.missing))).toBe(t.missing);
  });

  it('refuses a move under the node itself or one of its descendants, and allows any other', async () => {
    expect(await refusal(refuseMoveUnderItself(tenantA(), '1', '1', t.say.cycle))).toBe(t.cycle);
    expect(await refusal(refuseMoveUnderItself(tenantA(), '1', '3', t.say.cycle))).toBe(t.cycle);
    expect(await refusal(refuseMoveUnderItself(tenantA(), '2', '3', t.say.cycle))).toBe(t.cycle);
    expect(await refusal(refuseMoveUnderItself(tenantA(), '3', '1', t.say.cycle))).toBeUndefined();
    expect(await refusal(refuseMoveUnderItself(tenantA(), '3', '0', t.say.cycle))).toBeUndefined();
  });

  it('refuses a move into a loop already in the data rather than walking it forever', async () => {
    expect(await refusal(refuseMoveUnderItself(tenantA(), '3', '20', t.say.cycle))).toBe(t.cycle);
  });

  it('refuses removing a node with a live child of the tenant outside the removal', async () => {
    expect(await refusal(refuseRemovingParents(tenantA(), ['2'], t.say.children))).toBe(t.children);
    expect(await refusal(refuseRemovingParents(tenantA(), ['2', '3'], t.say.children))).toBeUndefined();
    expect(await refusal(refuseRemovingParents(tenantA(), ['3'], t.say.children))).toBeUndefined();
    // 1's other children are removed (4) or another tenant's (10): with 2 and 3 it may go.
    expect(await refusal(refuseRemovingParents(tenantA(), ['1', '2', '3'], t.say.children))).toBeUndefined();
    expect(await refusal(refuseRemovingParents(tenantA(), [], t.say.children))).toBeUndefined();
  });

  it('tells whether a node has live children', async () => {
    expect(await hasChildNodes(tenantA(), '2')).toBe(true);
    expect(await hasChildNodes(tenantA(), '3')).toBe(false);
  });

  it('sees every tenant in a platform-wide tree', async () => {
    const everyTenant = treeOf(db, 'tree_node', null);
    expect(await requireParent(everyTenant, '10', t.say.missing)).toEqual({ id: '10' });
    expect(await refusal(refuseRemovingParents(everyTenant, ['1', '2', '3'], t.say.children))).toBe(t.children);
  });
});
