import { MINI_CALLS, wxMini } from '@sso/shared-api';
import type { SignedInArgs } from '../../engine/extra-handlers.js';
import { defineExtraHandlers } from '../../engine/extra-handlers.js';
import { MINI_PROGRAM, requireWxApp } from '../../wechat/apps.js';
import { wechatClientOf } from '../../wechat/client.js';
import { type MiniCall, miniFigures } from '../../wechat/mini.js';

type Range = { appid: string; beginDate?: string; endDate?: string; startTime?: string; endTime?: string };

/** One analytics call: the mini program of the caller's tenant, its figures through the day cache. */
const figures =
  (call: MiniCall) =>
  async ({ ctx, caller, query }: SignedInArgs & { query: Range }) => {
    const app = await requireWxApp(ctx.db, caller.tenant_id, query.appid, MINI_PROGRAM);
    const end = (query.endDate ?? query.endTime) as string;
    const begin = query.beginDate ?? query.startTime;
    // biome-ignore lint/suspicious/noExplicitAny: WeChat's own JSON, checked by the call's response schema
    return (await miniFigures({ db: ctx.db, client: wechatClientOf(ctx) }, app, call, { begin, end })) as any;
  };

const calls = Object.keys(MINI_CALLS) as MiniCall[];

export const wxMiniExtraHandlers = defineExtraHandlers(
  wxMini,
  Object.fromEntries(calls.map((call) => [call, figures(call)])) as unknown as Parameters<typeof defineExtraHandlers<typeof wxMini>>[1],
);
