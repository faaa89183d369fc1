import { badRequest, syncMessages as m } from '@sso/shared-api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { keepOrEncryptSecret } from '../../domain/kept-secrets.js';
import { checkPlatformRoleExclusivity } from '../../domain/platform-roles.js';
import { assertRoles } from '../../domain/user-accounts.js';
import type { ResourceRules } from '../../engine/types.js';
import { live } from '../../kernel/live-rows.js';
import { checkedSchedule } from './schedule.js';
import { ldapTarget, mappingOf } from './source.js';

/**
 * Sync sources: an LDAP source needs its address and base DN, and its address must be one the
 * tenant may reach (the outbound guard, again at each connection); the bind password and the API
 * secret are stored encrypted and kept when an update leaves them empty (so are the callback's
 * token and key); an organisation API source names its CorpID or AppKey; the mapping's role and
 * root department must be the tenant's. A schedule must be a cron expression the scheduler can
 * read; saving it places its next time (a changed schedule starts afresh).
 */
export const syncSourceRules: ResourceRules = {
  async beforeSave({ ctx, caller, values, existing, trx }) {
    const db = trx as Kysely<Database>;
    const field = (name: string) => (values[name] !== undefined ? values[name] : existing?.[name]) as string | null | undefined;
    if (field('kind') === 'ldap') {
      const url = field('url');
      if (!url) throw badRequest(m.say.urlRequired);
      if (!field('baseDn')) throw badRequest(m.say.baseDnRequired);
      if (values.url !== undefined || !existing) await ctx.outbound.check(caller.tenant_id, ldapTarget(url), { db });
    }
    const kind = field('kind');
    if (values.schedule !== undefined) {
      const schedule = values.schedule as string | null;
      values.scheduleNext = schedule ? checkedSchedule(schedule) : null;
    }
    if (kind === 'wecom' && !field('corpId')) throw badRequest(m.say.corpIdRequired);
    if ((kind === 'dingtalk' || kind === 'feishu') && !field('appKey')) throw badRequest(m.say.appKeyRequired);
    // WeCom's and DingTalk's EncodingAESKey is 43 base64 characters; Feishu's Encrypt Key is any text.
    const callbackKey = values.callbackKey as string | null | undefined;
    if (callbackKey && (kind === 'wecom' || kind === 'dingtalk') && !/^[A-Za-z0-9+/]{43}$/.test(callbackKey)) {
      throw badRequest(m.say.callbackKey);
    }
    const apiBase = values.apiBase as string | null | undefined;
    if (apiBase) await ctx.outbound.check(caller.tenant_id, apiBase, { db });
    if (typeof values.mapping === 'string') {
      const mapping = mappingOf(values.mapping);
      if (mapping.roleId) {
        const role = await db
          .selectFrom('blade_role')
          .select('id')
          .where('id', '=', mapping.roleId)
          .$call(live(caller.tenant_id))
          .executeTakeFirst();
        if (!role) throw badRequest(m.say.mappingRole);
        // Every account the source creates gets this role: the rule of granting a role by hand
        // holds (only an administrator hands out the administrator role).
        await assertRoles(db, caller, mapping.roleId);
        // 三员分立 (profile on): a role holding granting and audit-log rights together goes to nobody.
        const target = { kind: 'role' as const, id: mapping.roleId };
        await checkPlatformRoleExclusivity(db, { tenantId: caller.tenant_id, actor: caller, targets: [target] }, [mapping.roleId]);
      }
      if (mapping.rootDeptId && mapping.rootDeptId !== '0') {
        const dept = await db
          .selectFrom('blade_dept')
          .select('id')
          .where('id', '=', mapping.rootDeptId)
          .$call(live(caller.tenant_id))
          .executeTakeFirst();
        if (!dept) throw badRequest(m.say.mappingRootDept);
      }
    }
    await keepOrEncryptSecret(db, values, existing, 'bindPassword');
    await keepOrEncryptSecret(db, values, existing, 'secret');
    await keepOrEncryptSecret(db, values, existing, 'callbackToken');
    await keepOrEncryptSecret(db, values, existing, 'callbackKey');
  },
};
