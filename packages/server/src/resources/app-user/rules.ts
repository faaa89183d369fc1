import { badRequest, appUserMessages as m } from '@sso/shared-api';
import type { ResourceRules } from '../../engine/types.js';
import { live } from '../../kernel/live-rows.js';

const TARGETS = [
  ['userId', 'blade_user'],
  ['roleId', 'blade_role'],
  ['deptId', 'blade_dept'],
] as const;

/**
 * A grant names exactly one target — a user, a role or a department — a live row of the caller's
 * tenant (the application is checked as the definition's reference); the same grant twice is refused.
 */
export const appUserRules: ResourceRules = {
  async beforeSave({ caller, values, existing, trx }) {
    const merged = { ...existing, ...values };
    const given = TARGETS.filter(([field]) => merged[field] !== undefined && merged[field] !== null && merged[field] !== '');
    const [target] = given;
    if (given.length !== 1 || !target) throw badRequest(m.say.oneTarget);
    const [field, table] = target;
    for (const [other] of TARGETS) if (other !== field) values[other] = null;
    const granted = await trx
      .selectFrom(table)
      .select('id')
      .where('id', '=', merged[field])
      .$call(live(caller.tenant_id))
      .executeTakeFirst();
    if (!granted) throw badRequest(m.say.targetMissing);
    let same = trx
      .selectFrom('blade_app_user')
      .select('id')
      .where('appId', '=', merged.appId)
      .where(field, '=', merged[field])
      .$call(live(caller.tenant_id));
    if (existing) same = same.where('id', '<>', existing.id);
    if (await same.executeTakeFirst()) throw badRequest(m.say.granted);
  },
};
