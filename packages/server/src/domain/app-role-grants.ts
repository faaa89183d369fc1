import { ApiError, badRequest, type GrantSource, type Message, appAuthzMessages as m, sodConflict } from '@sso/shared-api';
import { sql } from 'kysely';
import { appNamesById } from '../apps/app-lookups.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/database.js';
import { live } from '../kernel/live-rows.js';
import { dropGrantCaches, type GrantActor, writeGrantLog, writeSodLog } from './grant-log.js';
import { copyHoldings, loadSodState, newBreach } from './sod.js';

export type { GrantActor } from './grant-log.js';

/** An application role granted to a user, from any path: an admin screen, a direct grant, an approved request, an import or the CLI. */
export interface AppRoleGrant {
  tenantId: string;
  userId: string;
  /** The role's application; checked against the role when given. */
  appId: string;
  appRoleId: string;
  reason: string;
  source: GrantSource;
  /** When the grant ends by itself; null or absent never. */
  expiresAt?: Date | null;
  /** The access request the grant answers. */
  requestId?: string | null;
}

export interface AppRoleRevoke {
  tenantId: string;
  userId: string;
  appRoleId: string;
  reason: string;
  source: GrantSource;
}

/** `granted`: new; `updated`: held already, its expiry or reason changed; `unchanged`: held already as asked. */
export type GrantOutcome = 'granted' | 'updated' | 'unchanged';

interface RoleRow {
  id: string;
  appId: string;
  label: string;
}

/** The user (live, of the tenant) and the role (live, of the tenant, of `appId` when given), or a 400. */
async function subjects(db: Db, tenantId: string, userId: string, appRoleId: string, appId?: string) {
  const user = await db
    .selectFrom('blade_user')
    .select(['id', 'account'])
    .where('id', '=', userId)
    .$call(live(tenantId))
    .executeTakeFirst();
  if (!user) throw badRequest(m.say.userMissing);
  const role = await db
    .selectFrom('blade_app_role')
    .select(['id', 'appId', 'roleName'])
    .where('id', '=', appRoleId)
    .$call(live(tenantId))
    .executeTakeFirst();
  // A role of a removed application is missing too.
  const app = role && (await appNamesById(db, [role.appId], { removed: 'exclude' })).get(String(role.appId));
  if (!role || !app) throw badRequest(m.say.roleMissing);
  if (appId && String(role.appId) !== String(appId)) throw badRequest(m.say.roleMissing);
  const roleRow: RoleRow = { id: String(role.id), appId: String(role.appId), label: `${app.appName}/${role.roleName}` };
  return { account: user.account, role: roleRow };
}

/** Grants to one user are checked and written one after another (the user's row is locked). */
const lockUser = (trx: Db, userId: string) => trx.selectFrom('blade_user').select('id').where('id', '=', userId).forUpdate().execute();

/**
 * The one path that grants an application role to a user. Checks the separation-of-duties rules
 * first: a grant that would let the user hold two roles of a rule is refused with a 400 naming
 * both roles, and the refusal is logged in the separation-of-duties log. A granted role is
 * written with its expiry, logged in the grant log (and as a security event) and drops the cached
 * permission answers on every node. Granting a role held already updates its expiry and reason.
 */
export async function grantAppRoleOutcome(ctx: AppContext, grant: AppRoleGrant, actor: GrantActor): Promise<GrantOutcome> {
  const { tenantId, userId, appRoleId } = grant;
  const expiresAt = grant.expiresAt ?? null;
  if (expiresAt && expiresAt.getTime() <= Date.now()) throw badRequest(m.say.expireTime);
  const { account, role } = await subjects(ctx.db, tenantId, userId, appRoleId, grant.appId);
  let refused: { message: Message; rule: import('./sod.js').SodRule; roleNames: string } | undefined;
  const outcome = await ctx.db.transaction().execute(async (trx): Promise<GrantOutcome> => {
    await lockUser(trx, userId);
    const held = await trx
      .selectFrom('blade_user_authorized_role')
      .select(['id', 'expireTime', 'reason'])
      .where('userId', '=', userId)
      .where('appRoleId', '=', appRoleId)
      .$call(live(tenantId))
      .executeTakeFirst();
    if (held) {
      const sameExpiry = (held.expireTime?.getTime() ?? null) === (expiresAt?.getTime() ?? null);
      if (sameExpiry) return 'unchanged';
      await trx
        .updateTable('blade_user_authorized_role')
        .set({ expireTime: expiresAt, reason: grant.reason || held.reason, updateTime: new Date(), updateUser: actor.user_id })
        .where('id', '=', held.id)
        .execute();
    } else {
      const state = await loadSodState(trx, tenantId, [userId]);
      const before = state.users.get(userId) ?? { roles: new Set<string>(), menus: new Set<string>(), functions: new Set<string>() };
      const after = copyHoldings(before);
      after.roles.add(appRoleId);
      const breach = newBreach(state, before, after);
      if (breach) {
        refused = {
          message: sodConflict(breach.rule.ruleName, breach.added, breach.held),
          rule: breach.rule,
          roleNames: `${breach.added},${breach.held}`,
        };
        return 'unchanged';
      }
      const now = new Date();
      await trx
        .insertInto('blade_user_authorized_role')
        .values({
          id: ctx.ids.next(),
          tenantId,
          createUser: actor.user_id,
          createTime: now,
          updateUser: actor.user_id,
          updateTime: now,
          userId,
          appId: role.appId,
          appRoleId,
          expireTime: expiresAt,
          source: grant.source,
          requestId: grant.requestId ?? null,
          reason: grant.reason || null,
        })
        .execute();
    }
    await writeGrantLog(
      ctx,
      trx,
      {
        tenantId,
        userId,
        account,
        appId: role.appId,
        action: 'grant',
        kind: 'role',
        targetId: appRoleId,
        targetName: role.label,
        source: grant.source,
        reason: grant.reason,
        requestId: grant.requestId ?? null,
        expireTime: expiresAt,
      },
      actor,
    );
    return held ? 'updated' : 'granted';
  });
  if (refused) {
    await writeSodLog(
      ctx,
      ctx.db,
      {
        tenantId,
        rule: refused.rule,
        userId,
        account,
        roleNames: refused.roleNames,
        kind: 'refused',
        source: grant.source,
        message: refused.message.text,
      },
      actor,
    );
    throw badRequest(refused.message);
  }
  if (outcome !== 'unchanged') {
    dropGrantCaches(ctx, 'blade_user_authorized_role', 'blade_user_authorized_log');
    noteExpiry(expiresAt);
  }
  return outcome;
}

/** Grants an application role to a user through the checked path (see grantAppRoleOutcome). */
export async function grantAppRole(ctx: AppContext, grant: AppRoleGrant, actor: GrantActor): Promise<void> {
  await grantAppRoleOutcome(ctx, grant, actor);
}

/**
 * What granting would do, changing nothing: `unchanged` when held already, `granted` when it
 * would pass, or the refusal's message (a missing user or role, or a broken rule).
 */
export async function previewAppRoleGrant(ctx: AppContext, grant: AppRoleGrant): Promise<GrantOutcome | { refused: Message }> {
  try {
    await subjects(ctx.db, grant.tenantId, grant.userId, grant.appRoleId, grant.appId);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { refused: error.sayingWithId };
  }
  const held = await ctx.db
    .selectFrom('blade_user_authorized_role')
    .select('id')
    .where('userId', '=', grant.userId)
    .where('appRoleId', '=', grant.appRoleId)
    .$call(live(grant.tenantId))
    .executeTakeFirst();
  if (held) return 'unchanged';
  const state = await loadSodState(ctx.db, grant.tenantId, [grant.userId]);
  const before = state.users.get(grant.userId) ?? { roles: new Set<string>(), menus: new Set<string>(), functions: new Set<string>() };
  const after = copyHoldings(before);
  after.roles.add(grant.appRoleId);
  const breach = newBreach(state, before, after);
  return breach ? { refused: sodConflict(breach.rule.ruleName, breach.added, breach.held) } : 'granted';
}

/**
 * The one path that revokes an application role from a user: the grant goes, the revoke is
 * logged (grant log and security event) and cached permission answers are dropped on every node.
 * Answers false when the user did not hold the role.
 */
export async function revokeAppRole(ctx: AppContext, revoke: AppRoleRevoke, actor: GrantActor): Promise<boolean> {
  const { tenantId, userId, appRoleId } = revoke;
  const revoked = await ctx.db.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    const rows = await trx
      .updateTable('blade_user_authorized_role')
      .set({ isDeleted: 1, updateTime: new Date(), updateUser: actor.user_id })
      .where('userId', '=', userId)
      .where('appRoleId', '=', appRoleId)
      .$call(live(tenantId))
      .returning(['appId'])
      .execute();
    const [row] = rows;
    if (!row) return false;
    const { account, role } = await subjectNames(trx, tenantId, userId, appRoleId);
    await writeGrantLog(
      ctx,
      trx,
      {
        tenantId,
        userId,
        account,
        appId: String(row.appId),
        action: 'revoke',
        kind: 'role',
        targetId: appRoleId,
        targetName: role,
        source: revoke.source,
        reason: revoke.reason,
      },
      actor,
    );
    return true;
  });
  if (revoked) dropGrantCaches(ctx, 'blade_user_authorized_role', 'blade_user_authorized_log');
  return revoked;
}

/** Names for the log, even of a user or role removed since (their rows are kept, soft deleted). */
async function subjectNames(db: Db, tenantId: string, userId: string, appRoleId: string) {
  const user = await db
    .selectFrom('blade_user')
    .select('account')
    .where('id', '=', userId)
    .where('tenantId', '=', tenantId)
    .executeTakeFirst();
  const role = await db.selectFrom('blade_app_role').select(['roleName', 'appId']).where('id', '=', appRoleId).executeTakeFirst();
  const app = role && (await appNamesById(db, [role.appId], { removed: 'include' })).get(String(role.appId));
  return { account: user?.account ?? null, role: role ? `${app?.appName ?? ''}/${role.roleName}` : appRoleId };
}

/** The earliest expiry this node knows of; a permission answer sweeps first once it has passed. */
let nextExpiry: number | undefined;
function noteExpiry(at: Date | null): void {
  if (at && (nextExpiry === undefined || at.getTime() < nextExpiry)) nextExpiry = at.getTime();
}

/** Whether a grant this node knows of has expired since the last sweep. */
export const expiryDue = (now = Date.now()) => nextExpiry !== undefined && nextExpiry <= now;

const EXPIRING = ['blade_user_authorized_role', 'blade_user_authorized_menu', 'blade_user_authorized_function'] as const;
const KIND = {
  blade_user_authorized_role: 'role',
  blade_user_authorized_menu: 'menu',
  blade_user_authorized_function: 'function',
} as const;

/**
 * Removes every grant (role, menu or function) whose expiry has passed, logging each as `expire`.
 * Run on a timer by the server and before a permission answer once a known expiry has passed;
 * answers count only live grants before their expiry anyway. Safe on several nodes at once:
 * each row is removed, and logged, by one of them.
 */
export async function removeExpiredAppRoleGrants(ctx: AppContext, now: Date = new Date()): Promise<number> {
  let removed = 0;
  for (const table of EXPIRING) {
    const rows = await ctx.db.transaction().execute(async (trx) => {
      const expired = await sql<{ id: string; tenantId: string; userId: string; appId: string; targetId: string; expireTime: Date }>`
        update ${sql.table(table)} set is_deleted = 1, update_time = now()
        where is_deleted = 0 and expire_time is not null and expire_time <= ${now}
        returning id::text, tenant_id, user_id::text, app_id::text,
          ${sql.ref(table === 'blade_user_authorized_role' ? 'app_role_id' : table === 'blade_user_authorized_menu' ? 'menu_id' : 'function_id')}::text as target_id,
          expire_time`.execute(trx);
      for (const row of expired.rows) {
        const names = await expiredNames(trx, table, row.userId, row.targetId);
        await writeGrantLog(
          ctx,
          trx,
          {
            tenantId: row.tenantId,
            userId: row.userId,
            account: names.account,
            appId: row.appId,
            action: 'expire',
            kind: KIND[table],
            targetId: row.targetId,
            targetName: names.target,
            source: 'expiry',
            expireTime: row.expireTime,
          },
          undefined,
        );
      }
      return expired.rows.length;
    });
    if (rows) dropGrantCaches(ctx, table, 'blade_user_authorized_log');
    removed += rows;
  }
  const next = await sql<{ at: Date | null }>`
    select min(expire_time) as at from (
      select min(expire_time) as expire_time from blade_user_authorized_role where is_deleted = 0
      union all select min(expire_time) from blade_user_authorized_menu where is_deleted = 0
      union all select min(expire_time) from blade_user_authorized_function where is_deleted = 0) t`.execute(ctx.db);
  const at = next.rows[0]?.at;
  nextExpiry = at ? new Date(at).getTime() : undefined;
  return removed;
}

async function expiredNames(db: Db, table: (typeof EXPIRING)[number], userId: string, targetId: string) {
  const user = await db.selectFrom('blade_user').select('account').where('id', '=', userId).executeTakeFirst();
  let target: string | undefined;
  if (table === 'blade_user_authorized_role') target = (await subjectNames(db, '', userId, targetId)).role;
  else if (table === 'blade_user_authorized_menu')
    target = (await db.selectFrom('blade_app_menu').select('name').where('id', '=', targetId).executeTakeFirst())?.name;
  else
    target = (await db.selectFrom('blade_app_menu_function').select('functionName').where('id', '=', targetId).executeTakeFirst())
      ?.functionName;
  return { account: user?.account ?? null, target: target ?? targetId };
}

/** Remembers an expiry set outside this module (direct menu and function grants). */
export const noteGrantExpiry = noteExpiry;
