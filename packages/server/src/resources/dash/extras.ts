import { type appMissRow, DEFAULT_PAGE_SIZE, registry, type userTypeCount } from '@sso/shared-api';
import { sql } from 'kysely';
import type { z } from 'zod';
import { defineExtraHandlers } from '../../engine/extra-handlers.js';
import { callerOf } from '../../kernel/caller.js';
import { live } from '../../kernel/live-rows.js';
import { formatDateTime } from '../../kernel/rows.js';
import { landingCards } from './landing-cards.js';

type AppMiss = z.infer<typeof appMissRow>;
const blank = (column: string) => sql<boolean>`coalesce(trim(${sql.ref(column)}), '') = ''`;

/**
 * The workbench dashboard. Applications are the platform's OAuth clients: one "misses data" when
 * it has no redirect URI (it cannot take part in the code flow) or no description.
 */
export const dashExtraHandlers = defineExtraHandlers(registry.desk.dash, {
  async selectAppMissPage({ ctx, query }) {
    const current: number = query.current ?? 1;
    const size: number = query.size ?? DEFAULT_PAGE_SIZE;
    const missing = ctx.db
      .selectFrom('blade_client')
      .$call(live())
      .where((eb) => eb.or([blank('web_server_redirect_uri'), blank('additional_information')]));
    const { total } = await missing.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
    const rows = await missing
      .select(['id', 'clientId', 'createTime'])
      .select([blank('web_server_redirect_uri').as('noRedirect'), blank('additional_information').as('noDescription')])
      .orderBy('createTime', 'desc')
      .orderBy('id')
      .limit(size)
      .offset((current - 1) * size)
      .execute();
    const records: AppMiss[] = rows.map((r) => ({
      id: r.id,
      clientId: r.clientId,
      missing: [...(r.noRedirect ? (['redirectUri'] as const) : []), ...(r.noDescription ? (['description'] as const) : [])],
      createTime: r.createTime ? formatDateTime(r.createTime) : null,
    }));
    const count = Number(total);
    return { records, total: count, size, current, pages: Math.ceil(count / size) };
  },

  /** Users of the caller's tenant by `user_type`, labelled from the dictionary (types without users count 0). */
  async findUserByType({ ctx, request }) {
    const caller = callerOf(request);
    const counts = await ctx.db
      .selectFrom('blade_user')
      .select(['userType', (eb) => eb.fn.countAll<string>().as('count')])
      .$call(live(caller.tenant_id))
      .groupBy('userType')
      .execute();
    const labels = await ctx.db
      .selectFrom('blade_dict')
      .select(['dictKey', 'dictValue'])
      .where('code', '=', 'user_type')
      .where('parentId', '<>', '0')
      .$call(live())
      .orderBy('sort')
      .execute();
    const byType = new Map(counts.map((c) => [Number(c.userType), Number(c.count)]));
    const answer: z.infer<typeof userTypeCount>[] = labels.map((l) => ({
      userType: Number(l.dictKey),
      label: l.dictValue,
      count: byType.get(Number(l.dictKey)) ?? 0,
    }));
    for (const [userType, count] of byType) {
      if (!answer.some((a) => a.userType === userType)) answer.push({ userType, label: String(userType), count });
    }
    return answer;
  },

  /** The landing page's cards the caller may see (see landing-cards.ts). */
  summary: ({ ctx, caller }) => landingCards(ctx, caller),
});
