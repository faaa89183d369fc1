import type { AppPermissions } from '@sso/shared-api';
import { sql } from 'kysely';
import { findApp } from '../apps/app-lookups.js';
import { followCatalogue } from '../apps/catalogue.js';
import type { AppContext } from '../context.js';
import { toFlatMenu } from './app-menus.js';
import { expiryDue, removeExpiredAppRoleGrants } from './app-role-grants.js';
import { PERMISSIONS_CACHE } from './grant-log.js';
import { buildTree, bySortThenId } from './tree.js';

/** Tables an answer is made from: a change to any of them drops every cached answer (here and on the other nodes). */
const SOURCES = [
  'blade_user',
  'blade_app_menu',
  'blade_app_menu_function',
  'blade_app_role',
  'blade_app_role_menu',
  'blade_app_role_function',
  'blade_user_authorized_role',
  'blade_user_authorized_menu',
  'blade_user_authorized_function',
];
const PERMISSION_ENTRIES = 200_000;
const declared = new WeakSet<object>();
function declareSources(ctx: AppContext): void {
  if (declared.has(ctx.cache)) return;
  followCatalogue(ctx, PERMISSIONS_CACHE);
  for (const source of SOURCES) ctx.cache.dependsOn(PERMISSIONS_CACHE, source);
  // One answer per user and application; every grant change drops them all on every node, so
  // they may stay a minute even when asked for rarely (the TTL is the fallback without the bus).
  ctx.cache.capacity(PERMISSIONS_CACHE, PERMISSION_ENTRIES);
  ctx.cache.lifetime(PERMISSIONS_CACHE, 60_000);
  declared.add(ctx.cache);
}

/** Whose permissions: a user of the tenant by id or by account. */
export type PermissionSubject = { tenantId: string; appId: string } & ({ userId: string } | { account: string });

interface Cached {
  answer: AppPermissions;
  /** The earliest expiry among the grants the answer counts: it is read afresh after that. */
  until: number;
}

interface AnswerRow {
  kind: 'user' | 'app' | 'role' | 'menu' | 'function';
  id: string;
  parentId: string | null;
  code: string;
  name: string;
  alias: string | null;
  path: string | null;
  source: string | null;
  sort: number;
  category: number;
  remark: string | null;
  granted: boolean;
  expires: Date | null;
}

/**
 * The application (live, of the tenant, enabled or not), then one query: the user (live, enabled,
 * of the tenant), the roles granted to the user in the application (not expired), every menu of
 * the application marked granted when one of those roles or a direct grant holds it, and the
 * granted functions; with the earliest expiry involved.
 */
async function load(ctx: AppContext, subject: PermissionSubject): Promise<Cached> {
  const byId = 'userId' in subject;
  const who = byId ? sql`u.id = ${subject.userId}` : sql`u.account = ${subject.account}`;
  const found = await findApp(ctx.db, subject.tenantId, { id: subject.appId });
  // No application: the answer names the user alone (the query's `a` holds no row).
  const app = found
    ? sql`select cast(${found.id} as bigint) as id, cast(${found.appCode} as text) as app_code`
    : sql`select null::bigint as id, null::text as app_code where false`;
  const { rows } = await sql<AnswerRow>`
    with u as (
      select id, account from blade_user u where ${who} and u.tenant_id = ${subject.tenantId} and u.is_deleted = 0 and u.status = 1
    ), a as (${app}), g as (
      select g.app_role_id, g.expire_time from blade_user_authorized_role g
      where g.user_id = (select id from u) and g.app_id = (select id from a) and g.is_deleted = 0
        and (g.expire_time is null or g.expire_time > now())
    ), dm as (
      select menu_id, expire_time from blade_user_authorized_menu
      where user_id = (select id from u) and app_id = (select id from a) and is_deleted = 0 and (expire_time is null or expire_time > now())
    ), df as (
      select function_id, expire_time from blade_user_authorized_function
      where user_id = (select id from u) and app_id = (select id from a) and is_deleted = 0 and (expire_time is null or expire_time > now())
    ), menus as (
      select rm.menu_id from blade_app_role_menu rm join g on g.app_role_id = rm.app_role_id where rm.is_deleted = 0
      union select menu_id from dm
    ), functions as (
      select rf.function_id from blade_app_role_function rf join g on g.app_role_id = rf.app_role_id where rf.is_deleted = 0
      union select function_id from df
    )
    select 'user' as kind, id::text, null as parent_id, account as code, '' as name, null as alias, null as path, null as source,
      0 as sort, 0 as category, null as remark, true as granted,
      (select min(e) from (select min(expire_time) as e from g union all select min(expire_time) from dm
        union all select min(expire_time) from df) t) as expires
    from u
    union all select 'app', id::text, null, app_code, '', null, null, null, 0, 0, null, true, null from a
    union all select 'role', r.id::text, null, r.role_alias, r.role_name, null, null, null, r.sort, 0, null, true, null
      from blade_app_role r join g on g.app_role_id = r.id where r.is_deleted = 0
    union all select 'menu', m.id::text, m.parent_id::text, m.code, m.name, m.alias, m.path, m.source, m.sort, m.category, m.remark,
      m.id in (select menu_id from menus), null
      from blade_app_menu m where m.app_id = (select id from a) and m.is_deleted = 0 and exists (select 1 from menus)
    union all select 'function', f.id::text, f.menu_id::text, f.function_code, f.function_name, null, null, null, f.sort, 0, null, true, null
      from blade_app_menu_function f where f.id in (select function_id from functions) and f.is_deleted = 0`.execute(ctx.db);
  return shape(rows, subject);
}

/** The answer from the query's rows (keys camelCased by the CamelCasePlugin): granted menus with their ancestors as a tree, function and button codes. */
function shape(rows: AnswerRow[], subject: PermissionSubject): Cached {
  const user = rows.find((row) => row.kind === 'user');
  const app = rows.find((row) => row.kind === 'app');
  const empty: AppPermissions = {
    appId: subject.appId,
    appCode: app?.code ?? '',
    userId: user?.id ?? ('userId' in subject ? subject.userId : ''),
    account: user?.code ?? ('account' in subject ? subject.account : ''),
    roles: [],
    menus: [],
    functions: [],
  };
  if (!user || !app) return { answer: empty, until: Number.POSITIVE_INFINITY };
  const menus = rows.filter((row) => row.kind === 'menu');
  const byId = new Map(menus.map((row) => [row.id, row]));
  const shown = new Set<string>();
  for (const menu of menus.filter((row) => row.granted)) {
    // A granted menu brings its ancestors, so that the tree holds together.
    for (let node: AnswerRow | undefined = menu; node && !shown.has(node.id); node = byId.get(node.parentId ?? '0')) shown.add(node.id);
  }
  const flat = menus
    .filter((row) => shown.has(row.id))
    .map((row) => toFlatMenu({ ...row, appId: subject.appId, parentId: row.parentId ?? '0' }));
  const codes = new Set([
    ...menus.filter((row) => row.granted && Number(row.category) === 2).map((row) => row.code),
    ...rows.filter((row) => row.kind === 'function').map((row) => row.code),
  ]);
  const answer: AppPermissions = {
    ...empty,
    roles: rows
      .filter((row) => row.kind === 'role')
      .sort((a, b) => Number(a.sort) - Number(b.sort) || a.code.localeCompare(b.code))
      .map((row) => ({ id: row.id, roleName: row.name, roleAlias: row.code })),
    menus: buildTree(flat, bySortThenId) as AppPermissions['menus'],
    functions: [...codes].sort(),
  };
  return { answer, until: user.expires ? new Date(user.expires).getTime() : Number.POSITIVE_INFINITY };
}

const keyOf = (subject: PermissionSubject) =>
  `${subject.tenantId}:${subject.appId}:${'userId' in subject ? `u:${subject.userId}` : `a:${subject.account}`}`;

/**
 * A user's roles, menu tree and function codes in one application, merged from the application
 * roles granted to them and their direct grants. One query per call, cached per user and
 * application until a grant, menu, function, role or user changes (dropped on every node) or a
 * grant it counts expires; a grant past its expiry is removed (and logged) before answering.
 */
export async function appPermissionsFor(ctx: AppContext, subject: PermissionSubject): Promise<AppPermissions> {
  declareSources(ctx);
  const key = keyOf(subject);
  const now = Date.now();
  if (expiryDue(now)) await removeExpiredAppRoleGrants(ctx, new Date(now));
  const hit = ctx.cache.peek<Cached>(PERMISSIONS_CACHE, key);
  if (hit && hit.until <= now) ctx.cache.forget(PERMISSIONS_CACHE, key);
  return (await ctx.cache.get(PERMISSIONS_CACHE, key, () => load(ctx, subject))).answer;
}
