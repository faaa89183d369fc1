import { badRequest, type ResourceDef, say } from '@sso/shared-api';
import type { Kysely } from 'kysely';
import { refuseMoveUnderItself, refuseRemovingParents, requireParent, treeOf } from '../../domain/tree-rules.js';
import type { ResourceRules } from '../../engine/types.js';
import type { Caller } from '../../kernel/caller.js';
import { live } from '../../kernel/live-rows.js';

// biome-ignore lint/suspicious/noExplicitAny: rules query their own tables by name
type AnyDb = Kysely<any>;

/** A renamed code reaches this many levels down and no further (it also stops any loop in old data). */
const MAX_DEPTH = 64;

/** The caller's tenant when the dictionary's rows belong to tenants (business), else every tenant. */
const tenantOf = (def: ResourceDef, caller: Caller) => (def.tenantScoped ? caller.tenant_id : null);

const entries = (trx: AnyDb, def: ResourceDef, caller: Caller) => treeOf(trx, def.table, tenantOf(def, caller));

/**
 * Dictionaries (system and business): a sealed entry cannot be changed or removed; a child takes
 * its parent's code (and a renamed entry renames its subtree); an entry cannot move under itself
 * or its own descendants; a parent with live children cannot be removed.
 */
export const dictRules: ResourceRules = {
  async beforeSave({ def, caller, values, existing, trx }) {
    if (existing && Number(existing.isSealed) === 1) throw badRequest(say('dictIsSealed'));
    const parentId = (values.parentId as string | undefined) ?? (existing?.parentId as string | undefined) ?? '0';
    values.parentId = parentId;
    if (parentId !== '0') {
      const parent = await requireParent(entries(trx, def, caller), parentId, say('dictParentMissing'), ['code']);
      // Under itself or a descendant answers as a missing parent (the entry's own subtree is no choice).
      if (existing) await refuseMoveUnderItself(entries(trx, def, caller), existing.id as string, parentId, say('dictParentMissing'));
      values.code = parent.code;
    }
    if (existing && values.code !== undefined && values.code !== existing.code) {
      await recodeSubtree(trx, def, caller, existing.id as string, values.code as string);
    }
  },

  async beforeRemove({ def, caller, rows, trx }) {
    if (rows.some((row) => Number(row.isSealed) === 1)) throw badRequest(say('dictIsSealed'));
    const ids = rows.map((row) => row.id as string);
    await refuseRemovingParents(entries(trx, def, caller), ids, say('dictHasChildren'));
  },
};

/** Children carry their parent's code: give the new code to every live descendant. */
async function recodeSubtree(trx: AnyDb, def: ResourceDef, caller: Caller, rootId: string, code: string): Promise<void> {
  let frontier = [rootId];
  for (let depth = 0; frontier.length && depth < MAX_DEPTH; depth++) {
    const update = trx
      .updateTable(def.table)
      .set({ code })
      .where('parentId', 'in', frontier)
      .$call(live(tenantOf(def, caller)));
    frontier = (await update.returning('id').execute()).map((row) => row.id as string);
  }
}
