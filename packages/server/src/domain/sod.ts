import { sql } from 'kysely';
import { appNamesById } from '../apps/app-lookups.js';
import type { Db } from '../db/database.js';
import { live } from '../kernel/live-rows.js';

/*
 * Separation of duties. A rule names two or more application roles (of one application or of
 * several) that nobody may hold together. A user holds a role when it is granted to them
 * (userauthorizedrole, not expired), and also when the menus and functions they hold — through
 * their roles and through direct grants — include every menu and function of that role (a role
 * with neither is only held when granted): a role-menu change that gives one role all of
 * another's duties makes the two overlap, and is checked like a grant. A rule is broken when a
 * user holds two or more of its roles.
 */

type Trx = Db;

export interface SodRule {
  id: string;
  ruleName: string;
  roleIds: string[];
}

export interface RoleDuties {
  id: string;
  label: string;
  menus: Set<string>;
  functions: Set<string>;
}

/** What one user holds: roles granted, and the menus and functions of direct grants. */
export interface Holdings {
  roles: Set<string>;
  menus: Set<string>;
  functions: Set<string>;
}

export interface SodState {
  rules: SodRule[];
  roles: Map<string, RoleDuties>;
  users: Map<string, Holdings>;
}

/** A rule broken by a user: the rule and the roles of it the user holds, with how. */
export interface Breach {
  rule: SodRule;
  roles: { id: string; label: string; via: 'granted' | 'covered' }[];
}

const notExpired = sql<boolean>`(expire_time is null or expire_time > now())`;

/** The rules of a tenant. */
export async function loadRules(db: Trx, tenantId: string, ruleId?: string): Promise<SodRule[]> {
  let query = db.selectFrom('blade_app_incompatible_rule').select(['id', 'ruleName', 'appRoleIds']).$call(live(tenantId));
  if (ruleId) query = query.where('id', '=', ruleId);
  const rows = await query.execute();
  return rows.map((r) => ({ id: String(r.id), ruleName: r.ruleName, roleIds: r.appRoleIds.split(',').filter(Boolean) }));
}

/**
 * Everything the check needs for a tenant: its rules, the duties of every role, and the holdings
 * of the users given (every user holding anything when `userIds` is absent).
 */
export async function loadSodState(db: Trx, tenantId: string, userIds?: readonly string[]): Promise<SodState> {
  const rules = await loadRules(db, tenantId);
  if (!rules.length || (userIds && !userIds.length)) return { rules, roles: new Map(), users: new Map() };
  return { rules, roles: await loadRoleDuties(db, tenantId), users: await loadHoldings(db, tenantId, userIds) };
}

/** The duties (menus and functions) of every live application role of a tenant, with its label. */
export async function loadRoleDuties(db: Trx, tenantId: string): Promise<Map<string, RoleDuties>> {
  const roles = new Map<string, RoleDuties>();
  const roleRows = await db.selectFrom('blade_app_role').select(['id', 'appId', 'roleName']).$call(live(tenantId)).execute();
  const apps = await appNamesById(
    db,
    roleRows.map((r) => r.appId),
    { removed: 'include' },
  );
  for (const r of roleRows) {
    const id = String(r.id);
    const appName = apps.get(String(r.appId))?.appName;
    roles.set(id, { id, label: appName ? `${appName}/${r.roleName}` : r.roleName, menus: new Set(), functions: new Set() });
  }
  const roleMenus = await db.selectFrom('blade_app_role_menu').select(['appRoleId', 'menuId']).$call(live(tenantId)).execute();
  for (const r of roleMenus) roles.get(String(r.appRoleId))?.menus.add(String(r.menuId));
  const roleFunctions = await db.selectFrom('blade_app_role_function').select(['appRoleId', 'functionId']).$call(live(tenantId)).execute();
  for (const r of roleFunctions) roles.get(String(r.appRoleId))?.functions.add(String(r.functionId));
  return roles;
}

/**
 * What the users given hold now (roles granted, menus and functions granted directly, none
 * expired), one entry each; every user holding anything when `userIds` is absent.
 */
export async function loadHoldings(db: Trx, tenantId: string, userIds?: readonly string[]): Promise<Map<string, Holdings>> {
  const users = new Map<string, Holdings>();
  const holdingsOf = (userId: string) => {
    const held = users.get(userId) ?? emptyHoldings();
    users.set(userId, held);
    return held;
  };
  for (const userId of userIds ?? []) holdingsOf(userId);
  if (userIds && !userIds.length) return users;
  const some = userIds ?? [];
  const all = userIds === undefined;
  const grantedRoles = await db
    .selectFrom('blade_user_authorized_role')
    .select(['userId', 'appRoleId'])
    .$call(live(tenantId))
    .where(notExpired)
    .$if(!all, (q) => q.where('userId', 'in', some))
    .execute();
  for (const g of grantedRoles) holdingsOf(String(g.userId)).roles.add(String(g.appRoleId));
  const grantedMenus = await db
    .selectFrom('blade_user_authorized_menu')
    .select(['userId', 'menuId'])
    .$call(live(tenantId))
    .where(notExpired)
    .$if(!all, (q) => q.where('userId', 'in', some))
    .execute();
  for (const g of grantedMenus) holdingsOf(String(g.userId)).menus.add(String(g.menuId));
  const grantedFunctions = await db
    .selectFrom('blade_user_authorized_function')
    .select(['userId', 'functionId'])
    .$call(live(tenantId))
    .where(notExpired)
    .$if(!all, (q) => q.where('userId', 'in', some))
    .execute();
  for (const g of grantedFunctions) holdingsOf(String(g.userId)).functions.add(String(g.functionId));
  return users;
}

const within = (part: Set<string>, whole: Set<string>) => [...part].every((item) => whole.has(item));

/** The roles of the rules this user holds, granted or covered by their menus and functions. */
export function heldRoles(state: SodState, held: Holdings): Map<string, 'granted' | 'covered'> {
  const menus = new Set(held.menus);
  const functions = new Set(held.functions);
  for (const roleId of held.roles) {
    const duties = state.roles.get(roleId);
    for (const menu of duties?.menus ?? []) menus.add(menu);
    for (const fn of duties?.functions ?? []) functions.add(fn);
  }
  const result = new Map<string, 'granted' | 'covered'>();
  for (const rule of state.rules) {
    for (const roleId of rule.roleIds) {
      if (held.roles.has(roleId)) result.set(roleId, 'granted');
      else if (!result.has(roleId)) {
        const duties = state.roles.get(roleId);
        if (duties && duties.menus.size + duties.functions.size > 0 && within(duties.menus, menus) && within(duties.functions, functions))
          result.set(roleId, 'covered');
      }
    }
  }
  return result;
}

/** The rules this user's holdings break. */
export function breaches(state: SodState, held: Holdings, rules: readonly SodRule[] = state.rules): Breach[] {
  const roles = heldRoles(state, held);
  const found: Breach[] = [];
  for (const rule of rules) {
    const of = rule.roleIds
      .filter((id) => roles.has(id))
      .map((id) => ({ id, label: state.roles.get(id)?.label ?? id, via: roles.get(id) as 'granted' | 'covered' }));
    if (of.length >= 2) found.push({ rule, roles: of });
  }
  return found;
}

/**
 * What a change would newly break for one user: a rule whose roles held grow to two or more.
 * The change is to the user's holdings, or to the roles' duties (`stateAfter`, a role-menu
 * change). Answers the first such breach, naming one role the change adds and one held already.
 */
export function newBreach(
  state: SodState,
  before: Holdings,
  after: Holdings,
  stateAfter: SodState = state,
): { rule: SodRule; added: string; held: string } | undefined {
  const was = heldRoles(state, before);
  const now = heldRoles(stateAfter, after);
  for (const rule of stateAfter.rules) {
    const heldNow = rule.roleIds.filter((id) => now.has(id));
    if (heldNow.length < 2) continue;
    const added = heldNow.find((id) => !was.has(id));
    if (!added) continue;
    const other = heldNow.find((id) => id !== added) as string;
    const label = (id: string) => stateAfter.roles.get(id)?.label ?? id;
    return { rule, added: label(added), held: label(other) };
  }
  return undefined;
}

/** The state with one role's menus or functions replaced (a role grant being checked). */
export function withRoleDuties(
  state: SodState,
  roleId: string,
  duties: { menus?: readonly string[]; functions?: readonly string[] },
): SodState {
  const roles = new Map(state.roles);
  const current = roles.get(roleId);
  if (current)
    roles.set(roleId, {
      ...current,
      menus: duties.menus ? new Set(duties.menus) : current.menus,
      functions: duties.functions ? new Set(duties.functions) : current.functions,
    });
  return { ...state, roles };
}

export const emptyHoldings = (): Holdings => ({ roles: new Set(), menus: new Set(), functions: new Set() });

export const copyHoldings = (held: Holdings): Holdings => ({
  roles: new Set(held.roles),
  menus: new Set(held.menus),
  functions: new Set(held.functions),
});
