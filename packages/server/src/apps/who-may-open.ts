import { APP_VISIBLE_TO_ALL } from '@sso/shared-api';
import { sql } from 'kysely';
import type { AppContext } from '../context.js';
import { APP_TABLE } from './catalogue.js';

/** An application row as the visibility query reads it (every column the portal and protocols use). */
export interface VisibleApp {
  id: string;
  tenantId: string;
  appCode: string;
  appName: string;
  appType: string | null;
  appCategory: string | null;
  appUrl: string | null;
  redirectUris: string | null;
  protocol: string;
  icon: string | null;
  color: string | null;
  description: string | null;
  ownerId: string | null;
  sort: number;
  nameInitials: string | null;
  namePinyin: string | null;
}

/** Who asks: enough of a signed-in caller (or of a protocol's session) to name the user and their tenant. */
export interface AppUser {
  tenant_id: string;
  user_id: string;
  /** The session's roles and departments: part of the cache key, so a changed session asks afresh. */
  role_id?: string;
  dept_id?: string;
}

/** The cache table of visibility answers; dropped whenever one of the tables it is made from changes. */
const ACCESS_CACHE = 'app-access';
const SOURCES = [APP_TABLE, 'blade_app_user', 'blade_user', 'blade_role', 'blade_dept'];
/** One answer per user and session shape: room for every user of a 100,000-user company. */
const ACCESS_CACHE_ENTRIES = 150_000;
const declared = new WeakSet<object>();

function declareSources(ctx: AppContext): void {
  if (declared.has(ctx.cache)) return;
  for (const source of SOURCES) ctx.cache.dependsOn(ACCESS_CACHE, source);
  ctx.cache.capacity(ACCESS_CACHE, ACCESS_CACHE_ENTRIES);
  declared.add(ctx.cache);
}

/** Ids in a comma-separated column (a user's roles or departments, a department's ancestors), as bigints; anything else is skipped. */
const idsIn = (list: string) =>
  `select x::bigint as id from unnest(string_to_array(coalesce(${list}, ''), ',')) x
   where x ~ '^[0-9]{1,19}$' and (length(x) < 19 or x <= '9223372036854775807')`;

/**
 * The one rule of who may open what: the enabled applications of the user's tenant that are open
 * to every user (visibility 2) or granted to the user, to one of the roles the user holds, or to
 * one of the user's departments or an ancestor of one (a department grant covers its
 * sub-departments). Roles and departments are read from the user's row, so a revoked role or a
 * moved user counts at once. One query, by sort then code: the departments that cover the user
 * are listed once, and the grants are found through their user, role and department indexes
 * (a grant-by-grant test of every department took over a second with 20,000 grants).
 */
async function loadVisible(ctx: AppContext, user: AppUser): Promise<VisibleApp[]> {
  const result = await sql<VisibleApp>`
    with me as (
      select id, tenant_id, role_id, dept_id from blade_user
      where id = ${user.user_id} and tenant_id = ${user.tenant_id} and is_deleted = 0 and status = 1
    ), roles as (
      select r.id from me, lateral (${sql.raw(idsIn('me.role_id'))}) r
    ), mine as (
      select d.id, d.ancestors from blade_dept d, me
      where d.is_deleted = 0 and d.tenant_id = me.tenant_id and d.id in (select r.id from me, lateral (${sql.raw(idsIn('me.dept_id'))}) r)
    ), covering as (
      select id from mine
      union select c.id from mine, lateral (${sql.raw(idsIn('mine.ancestors'))}) c
    ), granted as (
      select g.app_id from blade_app_user g, me where g.is_deleted = 0 and g.tenant_id = me.tenant_id and g.user_id = me.id
      union select g.app_id from blade_app_user g, me where g.is_deleted = 0 and g.tenant_id = me.tenant_id
        and g.role_id in (select id from roles)
      union select g.app_id from blade_app_user g, me where g.is_deleted = 0 and g.tenant_id = me.tenant_id
        and g.dept_id in (select id from covering)
    )
    select a.id::text as id, a.tenant_id as "tenantId", a.app_code as "appCode", a.app_name as "appName",
      a.app_type as "appType", a.app_category as "appCategory", a.app_url as "appUrl", a.redirect_uris as "redirectUris",
      a.protocol, a.icon, a.color, a.description, a.owner_id::text as "ownerId", a.sort,
      a.name_initials as "nameInitials", a.name_pinyin as "namePinyin"
    from blade_app a, me
    where a.tenant_id = me.tenant_id and a.is_deleted = 0 and a.status = 1
      and (a.visibility = ${APP_VISIBLE_TO_ALL} or a.id in (select app_id from granted))
    order by a.sort, a.app_code`.execute(ctx.db);
  return result.rows.map((row) => ({ ...row, sort: Number(row.sort) }));
}

/** The applications this user may open now (cached per user and session; any grant, app, role, dept or user change drops it). */
export async function visibleApps(ctx: AppContext, user: AppUser): Promise<VisibleApp[]> {
  declareSources(ctx);
  const key = `${user.tenant_id}:${user.user_id}:${user.role_id ?? ''}:${user.dept_id ?? ''}`;
  return ctx.cache.get(ACCESS_CACHE, key, () => loadVisible(ctx, user));
}

/** The application with this id, when the user may open it; undefined alike for a missing and a forbidden one. */
export async function visibleApp(ctx: AppContext, user: AppUser, id: string): Promise<VisibleApp | undefined> {
  return (await visibleApps(ctx, user)).find((app) => app.id === id);
}

/** For the sign-on protocols: the application `appCode` when this user may open it, else undefined. */
export async function mayOpen(ctx: AppContext, user: AppUser, appCode: string): Promise<VisibleApp | undefined> {
  return (await visibleApps(ctx, user)).find((app) => app.appCode === appCode);
}
