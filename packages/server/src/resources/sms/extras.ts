import { badRequest, resourceMessages as m, sms } from '@sso/shared-api';
import { enableOnePerTenant } from '../../engine/enable-one.js';
import { defineExtraHandlers } from '../../engine/extra-handlers.js';
import { live } from '../../kernel/live-rows.js';

function paramsOf(text: string | undefined): Record<string, string> {
  if (!text) return {};
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v)]));
    }
  } catch {}
  throw badRequest(m.say.smsParams);
}

/** Extras of `sms`: enable, send-message and the log provider's records. */
export const smsExtraHandlers = defineExtraHandlers(sms, {
  enable: enableOnePerTenant('blade_sms'),

  sendMessage: async ({ ctx, caller: who, query }) => {
    const phones = String(query.phones)
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    if (phones.length === 0) throw badRequest(m.say.phones);
    await ctx.sms.send({ tenantId: who.tenant_id, code: query.code, phones, params: paramsOf(query.params), userId: who.user_id });
    return true;
  },

  logs: async ({ ctx, caller: who, query }) => {
    let q = ctx.db
      .selectFrom('blade_sms_log')
      .select(['id', 'phone', 'smsCode', 'templateId', 'content', 'provider', 'outcome', 'createTime'])
      .$call(live(who.tenant_id));
    if (query.phone) q = q.where('phone', '=', query.phone);
    const rows = await q.orderBy('createTime', 'desc').orderBy('id', 'desc').limit(200).execute();
    return rows.map((r) => ({ ...r, id: String(r.id), createTime: new Date(r.createTime).toISOString() }));
  },
});
