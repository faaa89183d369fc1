import { APP_VISIBLE_TO_ALL, badRequest, type EffectiveAccess, appAuthzMessages as m } from '@sso/shared-api';
import { sql } from 'kysely';
import { appsOfTenant } from '../apps/app-lookups.js';
import type { AppContext } from '../context.js';
import { live } from '../kernel/live-rows.js';
import { formatDateTime } from '../kernel/rows.js';

type AppAccess = EffectiveAccess['apps'][number];
type Origin = AppAccess['menus'][number]['from'][number];

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const time = (value: Date | null | undefined) => (value ? formatDateTime(new Date(value)) : '');
const notExpired = sql<boolean>`(g.expire_time is null or g.expire_time > now())`;

/**
 * Everything one user of the tenant holds, per application, and where each item comes from: why
 * they may open the application (granted to everyone, to them, to a role they hold or to their
 * department or one above it), the application roles granted to them (how, when, until when),
 * and every menu and function with the roles or direct grants it comes through.
 */
export async function effectiveAccess(
  ctx: AppContext,
  tenantId: string,
  who: { userId?: string; account?: string },
): Promise<EffectiveAccess> {
  let userQuery = ctx.db
    .selectFrom('blade_user')
    .select(['id', 'account', 'realName', 'tenantId', 'roleId', 'deptId'])
    .$call(live(tenantId));
  userQuery = who.userId ? userQuery.where('id', '=', who.userId) : userQuery.where('account', '=', who.account ?? '');
  const user = await userQuery.executeTakeFirst();
  if (!user) throw badRequest(m.say.accountMissing);
  const userId = String(user.id);
  const roleIds = text(user.roleId).split(',').filter(Boolean);
  const deptIds = text(user.deptId).split(',').filter(Boolean);

  const apps = await appsOfTenant(ctx.db, tenantId);
  const opened = await sql<{ appId: string; kind: 'user' | 'role' | 'dept'; name: string }>`
    select g.app_id::text, case when g.user_id is not null then 'user' when g.role_id is not null then 'role' else 'dept' end as kind,
      coalesce(r.role_name, d.dept_name, ${user.realName ?? user.account}) as name
    from blade_app_user g
    left join blade_role r on r.id = g.role_id
    left join blade_dept d on d.id = g.dept_id
    where g.tenant_id = ${tenantId} and g.is_deleted = 0 and (
      g.user_id = ${userId}
      or g.role_id::text = any(${sql.val(roleIds)}::text[])
      or exists (select 1 from blade_dept ud where ud.is_deleted = 0 and ud.tenant_id = ${tenantId}
        and ud.id::text = any(${sql.val(deptIds)}::text[])
        and (ud.id = g.dept_id or g.dept_id::text = any(string_to_array(ud.ancestors, ',')))))`.execute(ctx.db);

  const roles = await ctx.db
    .selectFrom('blade_user_authorized_role as g')
    .innerJoin('blade_app_role as r', 'r.id', 'g.appRoleId')
    .select(['g.appId', 'g.appRoleId', 'r.roleName', 'r.roleAlias', 'g.source', 'g.requestId', 'g.createTime', 'g.expireTime'])
    .where('g.userId', '=', userId)
    .where('r.isDeleted', '=', 0)
    .where(notExpired)
    .$call(live(tenantId, 'g'))
    .execute();
  const roleById = new Map(roles.map((role) => [String(role.appRoleId), role]));
  const heldRoleIds = [...roleById.keys()];

  const menus = new Map<string, { appId: string; id: string; code: string; name: string; category: number; from: Origin[] }>();
  const functions = new Map<string, { appId: string; id: string; functionCode: string; functionName: string; from: Origin[] }>();
  const viaRole = (roleId: string): Origin => {
    const role = roleById.get(roleId);
    return { kind: 'approle', roleName: role?.roleName ?? '', source: text(role?.source), expireTime: time(role?.expireTime) };
  };
  const direct = (row: { source: unknown; expireTime: Date | null }): Origin => ({
    kind: 'direct',
    roleName: '',
    source: text(row.source),
    expireTime: time(row.expireTime),
  });
  /** One entry per menu, however many roles and direct grants it comes through. */
  const addMenu = (row: { id: unknown; appId: unknown; code: string; name: string; category: unknown }, origin: Origin) => {
    const id = String(row.id);
    const entry = menus.get(id) ?? {
      appId: String(row.appId),
      id,
      code: row.code,
      name: row.name,
      category: Number(row.category),
      from: [],
    };
    entry.from.push(origin);
    menus.set(id, entry);
  };
  const addFunction = (row: { id: unknown; appId: unknown; functionCode: string; functionName: string }, origin: Origin) => {
    const id = String(row.id);
    const entry = functions.get(id) ?? {
      appId: String(row.appId),
      id,
      functionCode: row.functionCode,
      functionName: row.functionName,
      from: [],
    };
    entry.from.push(origin);
    functions.set(id, entry);
  };
  if (heldRoleIds.length) {
    const roleMenus = await ctx.db
      .selectFrom('blade_app_role_menu as rm')
      .innerJoin('blade_app_menu as mn', 'mn.id', 'rm.menuId')
      .select(['rm.appRoleId', 'mn.id', 'mn.appId', 'mn.code', 'mn.name', 'mn.category', 'mn.sort'])
      .where('rm.appRoleId', 'in', heldRoleIds)
      .where('mn.isDeleted', '=', 0)
      .$call(live(tenantId, 'rm'))
      .execute();
    for (const row of roleMenus) addMenu(row, viaRole(String(row.appRoleId)));
    const roleFunctions = await ctx.db
      .selectFrom('blade_app_role_function as rf')
      .innerJoin('blade_app_menu_function as f', 'f.id', 'rf.functionId')
      .select(['rf.appRoleId', 'f.id', 'f.appId', 'f.functionCode', 'f.functionName'])
      .where('rf.appRoleId', 'in', heldRoleIds)
      .where('f.isDeleted', '=', 0)
      .$call(live(tenantId, 'rf'))
      .execute();
    for (const row of roleFunctions) addFunction(row, viaRole(String(row.appRoleId)));
  }
  const directMenus = await ctx.db
    .selectFrom('blade_user_authorized_menu as g')
    .innerJoin('blade_app_menu as mn', 'mn.id', 'g.menuId')
    .select(['mn.id', 'mn.appId', 'mn.code', 'mn.name', 'mn.category', 'g.source', 'g.expireTime'])
    .where('g.userId', '=', userId)
    .where('mn.isDeleted', '=', 0)
    .where(notExpired)
    .$call(live(tenantId, 'g'))
    .execute();
  for (const row of directMenus) addMenu(row, direct(row));
  const directFunctions = await ctx.db
    .selectFrom('blade_user_authorized_function as g')
    .innerJoin('blade_app_menu_function as f', 'f.id', 'g.functionId')
    .select(['f.id', 'f.appId', 'f.functionCode', 'f.functionName', 'g.source', 'g.expireTime'])
    .where('g.userId', '=', userId)
    .where('f.isDeleted', '=', 0)
    .where(notExpired)
    .$call(live(tenantId, 'g'))
    .execute();
  for (const row of directFunctions) addFunction(row, direct(row));

  const answer: AppAccess[] = [];
  for (const app of apps) {
    const appId = String(app.id);
    const openedThrough: AppAccess['openedThrough'] = [
      ...(Number(app.visibility) === APP_VISIBLE_TO_ALL ? [{ kind: 'everyone' as const, name: '' }] : []),
      ...opened.rows.filter((row) => row.appId === appId).map((row) => ({ kind: row.kind, name: row.name })),
    ];
    const appRoles = roles.filter((role) => String(role.appId) === appId);
    const appMenus = [...menus.values()].filter((menu) => menu.appId === appId);
    const appFunctions = [...functions.values()].filter((fn) => fn.appId === appId);
    if (!openedThrough.length && !appRoles.length && !appMenus.length && !appFunctions.length) continue;
    answer.push({
      appId,
      appCode: app.appCode,
      appName: app.appName,
      openedThrough,
      roles: appRoles.map((role) => ({
        appRoleId: String(role.appRoleId),
        roleName: role.roleName,
        roleAlias: role.roleAlias,
        source: text(role.source),
        requestId: text(role.requestId),
        grantTime: time(role.createTime),
        expireTime: time(role.expireTime),
      })),
      menus: appMenus.map(({ appId: _, ...menu }) => menu).sort((a, b) => a.code.localeCompare(b.code)),
      functions: appFunctions.map(({ appId: _, ...fn }) => fn).sort((a, b) => a.functionCode.localeCompare(b.functionCode)),
    });
  }
  return { user: { id: userId, account: user.account, realName: text(user.realName), tenantId }, apps: answer };
}
