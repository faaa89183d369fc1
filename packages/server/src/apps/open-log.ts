import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../context.js';
import { OfflineCityResolver } from '../logs/ip-city.js';
import type { AppUser, VisibleApp } from './who-may-open.js';

const cities = new OfflineCityResolver();

/** The person opening an application, as the login log names them. */
export interface Opener extends AppUser {
  account: string;
  real_name?: string;
  nick_name?: string;
}

/**
 * Every open of an application — from the portal or through a sign-on protocol — is recorded
 * here: one login-log row (application, account, name, time, address, city) and the user's
 * "recently visited" entry moved to now, written by one statement (one round trip, atomic).
 * Given `unlessOpenedSince`, the same statement first looks for an open of the same user and
 * application since then (any node's, any path's): when there is one nothing is written, and its
 * time is answered. Undefined when this call recorded the open.
 */
export async function recordOpen(
  ctx: AppContext,
  user: Opener,
  app: Pick<VisibleApp, 'id' | 'appCode' | 'appName' | 'appType'>,
  request: Pick<FastifyRequest, 'ip'>,
  options: { unlessOpenedSince?: Date } = {},
): Promise<Date | undefined> {
  const now = new Date();
  const since = options.unlessOpenedSince;
  const name = (user.real_name || user.nick_name || user.account).slice(0, 64);
  // Parameters in a SELECT list have no column to take their type from: each is cast to its column's.
  const { rows } = await sql<{ earlier: Date | string | null }>`with earlier as (
      select login_time from blade_app_login_log
      where ${since ? sql`user_id = ${user.user_id} and app_id = ${app.id} and login_time > ${since}` : sql`false`}
      order by login_time desc limit 1),
    logged as (
      insert into blade_app_login_log (id, tenant_id, create_user, create_time, update_time, app_id, app_code, app_name, app_type,
        user_id, account, name, login_time, login_ip, login_city)
      select ${ctx.ids.next()}::bigint, ${user.tenant_id}::varchar, ${user.user_id}::bigint, ${now}::timestamptz, ${now}::timestamptz,
        ${app.id}::bigint, ${app.appCode}::varchar, ${app.appName}::varchar, ${app.appType}::varchar, ${user.user_id}::bigint,
        ${user.account}::varchar, ${name}::varchar, ${now}::timestamptz, ${request.ip}::varchar, ${cities.city(request.ip)}::varchar
      where not exists (select 1 from earlier)
      returning id),
    visited as (
      insert into blade_app_recent (id, tenant_id, user_id, app_id, visit_time)
      select ${ctx.ids.next()}::bigint, ${user.tenant_id}::varchar, ${user.user_id}::bigint, ${app.id}::bigint, ${now}::timestamptz
      where exists (select 1 from logged)
      on conflict (user_id, app_id) do update set visit_time = excluded.visit_time, visit_count = blade_app_recent.visit_count + 1)
    select (select login_time from earlier) as earlier`.execute(ctx.db);
  const earlier = rows[0]?.earlier;
  return earlier ? new Date(earlier) : undefined;
}
