import { PASSWORD_CHANGE } from '@sso/shared-api';
import type { Db } from '../db/database.js';
import type { SessionLimits } from './session-limits.js';
import { heldGrants, type SessionState } from './session-state.js';

const splitIds = (ids: string | null | undefined) => (ids ? ids.split(',').filter(Boolean) : []);

/**
 * A session as the database has it: live while not ended or expired, its user present and
 * enabled, its tenant present, enabled and not expired; with what the user holds now and
 * whether the password must be changed first. Undefined for an unknown session.
 */
export async function loadSessionState(
  db: Db,
  sessionId: string,
  limitsOf: (tenantId: string) => Promise<SessionLimits>,
): Promise<SessionState | undefined> {
  const row = await db
    .selectFrom('sso_session as s')
    .leftJoin('blade_user as u', (join) => join.onRef('u.id', '=', 's.userId').on('u.isDeleted', '=', 0))
    .leftJoin('blade_tenant as t', (join) => join.onRef('t.tenantId', '=', 's.tenantId').on('t.isDeleted', '=', 0))
    .select([
      's.userId',
      's.tenantId',
      's.revokedAt',
      's.expiresAt',
      's.createdAt',
      's.lastSeenAt',
      'u.status as userStatus',
      'u.roleId as userRoleIds',
      'u.deptId as userDeptIds',
      'u.mustChangePassword',
      't.status as tenantStatus',
      't.expireTime as tenantExpireTime',
    ])
    .where('s.id', '=', sessionId)
    .executeTakeFirst();
  if (!row) return undefined;
  const now = Date.now();
  const active =
    !row.revokedAt &&
    row.expiresAt.getTime() > now &&
    row.userStatus === 1 &&
    row.tenantStatus === 1 &&
    !(row.tenantExpireTime && row.tenantExpireTime.getTime() < now);
  const roleIds = splitIds(row.userRoleIds);
  const roles =
    active && roleIds.length ? await db.selectFrom('blade_role').select(['id', 'roleAlias']).where('id', 'in', roleIds).execute() : [];
  return {
    active,
    checkedAt: now,
    userId: row.userId,
    tenantId: row.tenantId,
    held: heldGrants(roleIds, splitIds(row.userDeptIds), Object.fromEntries(roles.map((role) => [role.id, role.roleAlias]))),
    mustChangePassword: row.mustChangePassword !== PASSWORD_CHANGE.none,
    startedAt: row.createdAt.getTime(),
    lastSeenAt: row.lastSeenAt.getTime(),
    limits: await limitsOf(row.tenantId),
  };
}
