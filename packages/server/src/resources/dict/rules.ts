import { badRequest, type ResourceDef, zh } from '@sso/shared-api';
import type { Kysely } from 'kysely';
import type { Caller } from '../../auth/permissions.js';
import type { ResourceRules } from '../../engine/types.js';

// biome-ignore lint/suspicious/noExplicitAny: rules query their own tables by name
type AnyDb = Kysely<any>;

/** Deeper trees than this are refused rather than walked (it also stops any cycle in old data). */
const MAX_DEPTH = 64;

/**
 * Dictionaries (system and business): a sealed entry cannot be changed or removed; a child takes
 * its parent's code (and a renamed entry renames its subtree); an entry cannot move under itself
 * or its own descendants; a parent with live children cannot be removed.
 */
export const dictRules: ResourceRules = {
  async beforeSave({ def, caller, values, existing, trx }) {
    if (existing && Number(existing.isSealed) === 1) throw badRequest(zh('dictIsSealed'));
    const parentId = (values.parentId as string | undefined) ?? (existing?.parentId as string | undefined) ?? '0';
    values.parentId = parentId;
    if (parentId !== '0') {
      const parent = await live(trx, def, caller).select(['code', 'parentId']).where('id', '=', parentId).executeTakeFirst();
      if (!parent) throw badRequest(zh('dictParentMissing'));
      const underItself = existing && (await isSelfOrDescendant(trx, def, caller, parentId, existing.id as string));
      if (underItself) throw badRequest(zh('dictParentMissing'));
      values.code = parent.code;
    }
    if (existing && values.code !== undefined && values.code !== existing.code) {
      await recodeSubtree(trx, def, caller, existing.id as string, values.code as string);
    }
  },

  async beforeRemove({ def, caller, rows, trx }) {
    if (rows.some((row) => Number(row.isSealed) === 1)) throw badRequest(zh('dictIsSealed'));
    const ids = rows.map((row) => row.id as string);
    const child = await live(trx, def, caller).select('id').where('parentId', 'in', ids).where('id', 'not in', ids).executeTakeFirst();
    if (child) throw badRequest(zh('dictHasChildren'));
  },
};

function live(trx: AnyDb, def: ResourceDef, caller: Caller) {
  const query = trx.selectFrom(def.table).where('isDeleted', '=', 0);
  return def.tenantScoped ? query.where('tenantId', '=', caller.tenant_id) : query;
}

/** Whether `candidate` is `entryId` or lies below it (walking up from the candidate). */
async function isSelfOrDescendant(trx: AnyDb, def: ResourceDef, caller: Caller, candidate: string, entryId: string): Promise<boolean> {
  let current = candidate;
  for (let depth = 0; current !== '0' && depth < MAX_DEPTH; depth++) {
    if (current === entryId) return true;
    const row = await live(trx, def, caller).select('parentId').where('id', '=', current).executeTakeFirst();
    current = (row?.parentId as string | undefined) ?? '0';
  }
  return current !== '0';
}

/** Children carry their parent's code: give the new code to every live descendant. */
async function recodeSubtree(trx: AnyDb, def: ResourceDef, caller: Caller, rootId: string, code: string): Promise<void> {
  let frontier = [rootId];
  for (let depth = 0; frontier.length && depth < MAX_DEPTH; depth++) {
    let update = trx.updateTable(def.table).set({ code }).where('parentId', 'in', frontier).where('isDeleted', '=', 0);
    if (def.tenantScoped) update = update.where('tenantId', '=', caller.tenant_id);
    frontier = (await update.returning('id').execute()).map((row) => row.id as string);
  }
}
