import { badRequest, DEFAULT_TENANT_ID, socialMessages as m, socialProvider } from '@sso/shared-api';
import { defineExtraHandlers } from '../../engine/extra-handlers.js';
import { live } from '../../kernel/live-rows.js';

const TENANT = /^\d{1,12}$/;

/** The sign-in page's list of a tenant's enabled providers, and a user's own bindings. */
export const socialProviderExtraHandlers = defineExtraHandlers(socialProvider, {
  publicList: async ({ ctx, query, request }) => {
    const header = request.headers['tenant-id'];
    const tenantId = query.tenantId ?? (typeof header === 'string' && TENANT.test(header) ? header : DEFAULT_TENANT_ID);
    const rows = await ctx.db
      .selectFrom('blade_social_provider')
      .select(['id', 'name', 'kind'])
      .where('enabled', '=', 1)
      .$call(live(tenantId))
      .orderBy('sort')
      .orderBy('id')
      .limit(20)
      .execute();
    return rows.map((r) => ({ id: String(r.id), name: r.name, kind: r.kind }));
  },

  bindings: async ({ ctx, caller }) => {
    const rows = await ctx.db
      .selectFrom('blade_user_oauth')
      .select(['id', 'source', 'username', 'nickname', 'avatar', 'createTime'])
      .where('userId', '=', caller.user_id)
      .where('tenantId', '=', caller.tenant_id)
      .orderBy('id')
      .execute();
    const ids = [...new Set(rows.map((r) => r.source).filter((s): s is string => Boolean(s && /^\d+$/.test(s))))];
    const providers = ids.length
      ? await ctx.db.selectFrom('blade_social_provider').select(['id', 'name', 'kind']).where('id', 'in', ids).execute()
      : [];
    const byId = new Map(providers.map((p) => [String(p.id), p]));
    return rows.map((r) => ({
      id: String(r.id),
      providerId: r.source ?? '',
      providerName: byId.get(r.source ?? '')?.name ?? '',
      kind: byId.get(r.source ?? '')?.kind ?? '',
      username: r.username ?? '',
      nickname: r.nickname ?? '',
      avatar: r.avatar ?? '',
      createTime: new Date(r.createTime).toISOString(),
    }));
  },

  unbind: async ({ ctx, caller, query }) => {
    const removed = await ctx.db
      .deleteFrom('blade_user_oauth')
      .where('id', '=', query.id)
      .where('userId', '=', caller.user_id)
      .where('tenantId', '=', caller.tenant_id)
      .executeTakeFirst();
    if (!removed.numDeletedRows) throw badRequest(m.say.bindingMissing);
    await ctx.audit.record({
      type: 'user.social-unbind',
      actor: caller,
      targets: [{ kind: 'account', id: caller.user_id, name: caller.account }],
      detail: { binding: query.id },
    });
    return true;
  },
});
