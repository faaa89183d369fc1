import { type appAnalysisQuery, DEFAULT_PAGE_SIZE } from '@sso/shared-api';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import type { Caller } from '../kernel/caller.js';
import { formatDateTime } from '../kernel/rows.js';

const DEFAULT_DAYS = 30;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

interface Figures {
  appId: string;
  appCode: string;
  appName: string;
  opens: number;
  users: number;
  lastOpen: Date | null;
}

/**
 * Per application of the caller's tenant, most opened first: opens and distinct users over the
 * last `days`, the last open ever, and opens per day — aggregated in SQL over the login log
 * (its (app_code, login_time) index), one page of applications at a time.
 */
export async function analyzeApps(ctx: AppContext, caller: Caller, query: z.infer<typeof appAnalysisQuery>) {
  const size = query.size ?? DEFAULT_PAGE_SIZE;
  const current = query.current ?? 1;
  const since = new Date(Date.now() - (query.days ?? DEFAULT_DAYS) * 86_400_000);
  const filter = query.filters?.trim() ? `%${escapeLike(query.filters.trim())}%` : undefined;
  const matching = filter ? sql`and (a.app_code ilike ${filter} or a.app_name ilike ${filter})` : sql``;
  const order = query.descs === 'lastOpen' ? sql`"lastOpen" desc nulls last` : sql`opens desc`;
  const figures = await sql<Figures>`
    select a.id::text as "appId", a.app_code as "appCode", a.app_name as "appName",
      count(l.id) filter (where l.login_time >= ${since})::int as opens,
      count(distinct l.user_id) filter (where l.login_time >= ${since})::int as users,
      max(l.login_time) as "lastOpen"
    from blade_app a
    left join blade_app_login_log l on l.app_code = a.app_code and l.tenant_id = a.tenant_id
    where a.tenant_id = ${caller.tenant_id} and a.is_deleted = 0 ${matching}
    group by a.id, a.app_code, a.app_name
    order by ${order}, a.app_code
    limit ${size} offset ${(current - 1) * size}`.execute(ctx.db);
  const total = await sql<{ total: number }>`
    select count(*)::int as total from blade_app a where a.tenant_id = ${caller.tenant_id} and a.is_deleted = 0 ${matching}`.execute(
    ctx.db,
  );
  const codes = figures.rows.map((row) => row.appCode);
  const days = codes.length
    ? (
        await sql<{ appCode: string; day: string; opens: number }>`
          select app_code as "appCode", to_char(login_time, 'YYYY-MM-DD') as day, count(*)::int as opens
          from blade_app_login_log
          where tenant_id = ${caller.tenant_id} and app_code = any(${codes}) and login_time >= ${since}
          group by 1, 2 order by 2`.execute(ctx.db)
      ).rows
    : [];
  const count = total.rows[0]?.total ?? 0;
  return {
    records: figures.rows.map((row) => ({
      ...row,
      lastOpen: row.lastOpen ? formatDateTime(new Date(row.lastOpen)) : null,
      perDay: days.filter((d) => d.appCode === row.appCode).map(({ day, opens }) => ({ day, opens })),
    })),
    total: count,
    size,
    current,
    pages: Math.ceil(count / size),
  };
}
