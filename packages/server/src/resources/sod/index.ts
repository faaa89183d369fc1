import { badRequest, sodMessages as m, registry, sodRule } from '@sso/shared-api';
import type { AppContext } from '../../context.js';
import { revokeAppRole } from '../../domain/app-role-grants.js';
import { writeSodLog } from '../../domain/grant-log.js';
import { loadRules } from '../../domain/sod.js';
import { detectConflicts, ruleConflicts } from '../../domain/sod-detect.js';
import { bindResource } from '../../engine/bind.js';
import { defineExtraHandlers } from '../../engine/extra-handlers.js';
import type { ResourceRules } from '../../engine/types.js';
import type { Caller } from '../../kernel/caller.js';
import { live } from '../../kernel/live-rows.js';

/** A rule's roles are live application roles of the caller's tenant (two or more, checked by the contract). */
const ruleRules: ResourceRules = {
  async beforeSave({ caller, values, trx }) {
    if (values.appRoleIds === undefined) return;
    const ids = String(values.appRoleIds).split(',');
    const found = await trx.selectFrom('blade_app_role').select('id').where('id', 'in', ids).$call(live(caller.tenant_id)).execute();
    if (found.length !== ids.length) throw badRequest(m.say.roleMissing);
  },
  // A new or changed rule reports who breaks it already: each one logged as a detected conflict.
  async afterSave({ ctx, rows }) {
    for (const row of rows) {
      const caller = { user_id: String(row.updateUser ?? row.createUser ?? ''), tenant_id: String(row.tenantId) };
      await detectConflicts(ctx, caller.tenant_id, String(row.id), caller);
    }
  },
  afterChange(ctx) {
    ctx.cache.invalidate('blade_app_incompatible_log');
  },
};

async function requireRule(ctx: AppContext, caller: Caller, ruleId: string) {
  const [rule] = await loadRules(ctx.db, caller.tenant_id, ruleId);
  if (!rule) throw badRequest(m.say.ruleMissing);
  return rule;
}

const ruleHandlers = defineExtraHandlers(sodRule, {
  conflicts: async ({ ctx, caller, query }) => {
    await requireRule(ctx, caller, query.ruleId);
    return ruleConflicts(ctx.db, caller.tenant_id, query.ruleId);
  },
  detect: async ({ ctx, caller, query }) => {
    await requireRule(ctx, caller, query.ruleId);
    return detectConflicts(ctx, caller.tenant_id, query.ruleId, caller);
  },
  // Resolving revokes one of the rule's roles through the one revoke path, and logs the resolution.
  resolve: async ({ ctx, caller, query }) => {
    const rule = await requireRule(ctx, caller, query.ruleId);
    if (!rule.roleIds.includes(query.appRoleId)) throw badRequest(m.say.notInRule);
    const reason = query.reason ?? rule.ruleName;
    const revoked = await revokeAppRole(
      ctx,
      { tenantId: caller.tenant_id, userId: query.userId, appRoleId: query.appRoleId, reason, source: 'admin' },
      caller,
    );
    if (!revoked) throw badRequest(m.say.notInRule);
    const user = await ctx.db.selectFrom('blade_user').select('account').where('id', '=', query.userId).executeTakeFirst();
    const role = await ctx.db.selectFrom('blade_app_role').select('roleName').where('id', '=', query.appRoleId).executeTakeFirst();
    await writeSodLog(
      ctx,
      ctx.db,
      {
        tenantId: caller.tenant_id,
        rule,
        userId: query.userId,
        account: user?.account ?? null,
        roleNames: role?.roleName ?? query.appRoleId,
        kind: 'resolved',
        source: 'admin',
        message: reason,
      },
      caller,
    );
    return true;
  },
});

export const sodRuleResource = bindResource(sodRule, { rules: ruleRules, extras: ruleHandlers });
export const sodLogResource = bindResource(registry.sod.log);
