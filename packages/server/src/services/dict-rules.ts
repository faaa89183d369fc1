import { badRequest, zh } from '@sso/shared-api';
import type { ResourceRules } from '../resources/rules.js';

/**
 * Dictionaries (system and business): a sealed entry cannot be changed or removed; a child takes
 * its parent's code; a parent with live children cannot be removed.
 */
export const dictRules: ResourceRules = {
  async beforeSave({ def, caller, values, existing, trx }) {
    if (existing && Number(existing.isSealed) === 1) throw badRequest(zh('dictIsSealed'));
    const parentId = (values.parentId as string | undefined) ?? (existing?.parentId as string | undefined) ?? '0';
    values.parentId = parentId;
    if (parentId === '0') return;
    if (existing && parentId === existing.id) throw badRequest(zh('dictParentMissing'));
    let query = trx.selectFrom(def.table).select(['code', 'parentId']).where('id', '=', parentId).where('isDeleted', '=', 0);
    if (def.tenantScoped) query = query.where('tenantId', '=', caller.tenant_id);
    const parent = await query.executeTakeFirst();
    if (!parent) throw badRequest(zh('dictParentMissing'));
    values.code = parent.code;
  },

  async beforeRemove({ def, caller, rows, trx }) {
    if (rows.some((row) => Number(row.isSealed) === 1)) throw badRequest(zh('dictIsSealed'));
    const ids = rows.map((row) => row.id as string);
    let query = trx
      .selectFrom(def.table)
      .select('id')
      .where('parentId', 'in', ids)
      .where('id', 'not in', ids)
      .where('isDeleted', '=', 0);
    if (def.tenantScoped) query = query.where('tenantId', '=', caller.tenant_id);
    if (await query.executeTakeFirst()) throw badRequest(zh('dictHasChildren'));
  },
};
