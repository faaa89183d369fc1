import { badRequest, wxMessages as m, WX_RECIPIENT_STATES, wxMessageSend } from '@sso/shared-api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { defineExtraHandlers } from '../../engine/extra-handlers.js';
import type { ResourceRules } from '../../engine/types.js';
import { wantsEnglish } from '../../http/language.js';
import { formatDateTime } from '../../kernel/rows.js';
import { OFFICIAL_ACCOUNT, requireWxApp } from '../../wechat/apps.js';
import { wechatClientOf } from '../../wechat/client.js';
import { checkMessage, sendMessage } from '../../wechat/messages.js';

/** A message goes from an official account, carries what its kind needs, and is not changed once sent. */
export const wxMessageSendRules: ResourceRules = {
  async beforeSave({ caller, values, existing, trx }) {
    await requireWxApp(trx as Kysely<Database>, caller.tenant_id, String(values.appId ?? existing?.appId), OFFICIAL_ACCOUNT);
    checkMessage(values, existing);
  },
};

export const wxMessageSendExtraHandlers = defineExtraHandlers(wxMessageSend, {
  send: async ({ ctx, repo, caller, query }) => {
    const message = await repo.detail(caller, query.id);
    if (!message) throw badRequest(m.say.messageMissing);
    const app = await requireWxApp(ctx.db, caller.tenant_id, String(message.appId), OFFICIAL_ACCOUNT);
    return sendMessage({ db: ctx.db, ids: ctx.ids, client: wechatClientOf(ctx) }, app, caller.tenant_id, query.id);
  },
  recipients: async ({ ctx, repo, request, caller, query }) => {
    // State names in the caller's language, times as every row answers them (yyyy-MM-dd HH:mm:ss).
    const language = wantsEnglish(request) ? 1 : 0;
    if (!(await repo.detail(caller, query.id))) throw badRequest(m.say.messageMissing);
    const current = query.current ?? 1;
    const size = query.size ?? 10;
    const base = ctx.db
      .selectFrom('blade_wx_message_recipient')
      .where('sendId', '=', query.id)
      .$if(query.status !== undefined, (q) => q.where('status', '=', query.status as number));
    const total = Number((await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    const rows = await base
      .selectAll()
      .orderBy('id')
      .limit(size)
      .offset((current - 1) * size)
      .execute();
    return {
      records: rows.map((row) => ({
        id: String(row.id),
        sendId: String(row.sendId),
        openId: row.openId,
        status: Number(row.status),
        statusName: (WX_RECIPIENT_STATES as Record<number, readonly [string, string]>)[Number(row.status)]?.[language] ?? '',
        msgId: row.msgId ?? '',
        errcode: Number(row.errcode),
        errmsg: row.errmsg ?? '',
        attempts: Number(row.attempts),
        sentTime: row.sentTime ? formatDateTime(new Date(row.sentTime)) : '',
      })),
      total,
      size,
      current,
      pages: Math.ceil(total / size),
    };
  },
});
