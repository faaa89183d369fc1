import { appRole, badRequest, appAuthzMessages as m } from '@sso/shared-api';
import { sql } from 'kysely';
import { bindResource } from '../../engine/bind.js';
import type { ResourceRules } from '../../engine/types.js';
import { live } from '../../kernel/live-rows.js';

/**
 * A role stays in its application (a live one of the caller's tenant, as its reference says). A role still
 * granted to a user or named by a separation-of-duties rule is not removed: revoke first, so that
 * every revoke is logged.
 */
export const appRoleRules: ResourceRules = {
  async beforeSave({ values, existing }) {
    if (existing && values.appId !== undefined && String(values.appId) !== String(existing.appId)) throw badRequest(m.say.roleOtherApp);
  },
  async beforeRemove({ caller, rows, trx }) {
    const ids = rows.map((row) => String(row.id));
    const granted = await trx
      .selectFrom('blade_user_authorized_role')
      .select('id')
      .where('appRoleId', 'in', ids)
      .$call(live(caller.tenant_id))
      .executeTakeFirst();
    const named = await trx
      .selectFrom('blade_app_incompatible_rule')
      .select('id')
      .where(sql<boolean>`string_to_array(app_role_ids, ',') && ${sql.val(ids)}::text[]`)
      .$call(live(caller.tenant_id))
      .executeTakeFirst();
    if (granted || named) throw badRequest(m.say.roleInUse);
  },
};

export const appRoleResource = bindResource(appRole, { rules: appRoleRules });
