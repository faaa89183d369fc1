import { type Message, platformRoleMessages as m, PLATFORM_ROLES, type PlatformRoleKind, platformPairMessage } from '@sso/shared-api';
import { profileOn } from '../db/compliance.js';
import type { Db } from '../db/database.js';
import { paramsThrough } from '../db/params.js';
import { AUDIT_LOG_MENUS, GRANT_RIGHT_MENUS } from '../db/seed-data/platform-roles.js';
import type { Caller } from '../kernel/caller.js';
import { live } from '../kernel/live-rows.js';
import type { SecurityEventType, SecurityTarget } from '../logs/security-events.js';
import { SecurityRefusal } from '../logs/security-refusal.js';
import { listHolds } from './role-access.js';

/**
 * 三员分立, decided here for every path a platform role reaches a user by (the user form, the
 * role dialog, the import, directory sync, SCIM groups) and for the role grant:
 * - nobody holds two of the three built-in administrators (system_admin, security_admin,
 *   audit_admin) — always, since the roles always exist;
 * - while the tenant's compliance profile is on, no role holds both granting rights and audit-log
 *   rights (GRANT_RIGHT_MENUS, AUDIT_LOG_MENUS), and no user is given roles that together come
 *   to hold both. Holdings that already combine them (an administrator before the profile was
 *   turned on) are not taken away; only a change that newly combines them is refused.
 * A refusal is a SecurityRefusal: a 400 naming the roles, nothing changed, and a security event
 * with outcome failure written by the error handler once the transaction is rolled back.
 */

const ALIAS_KIND = new Map<string, PlatformRoleKind>(
  (Object.keys(PLATFORM_ROLES) as PlatformRoleKind[]).map((kind) => [PLATFORM_ROLES[kind].alias, kind]),
);

/** What the check knows of one role: which administrator it is, and which rights its menus give. */
export interface RoleFacts {
  kind?: PlatformRoleKind;
  grants: boolean;
  audits: boolean;
}
export type TenantRoleFacts = ReadonlyMap<string, RoleFacts>;

/** Who tries: the actor and the users the roles would go to (the event's targets). */
export interface GrantAttempt {
  tenantId: string;
  actor?: Caller;
  type?: SecurityEventType;
  targets: SecurityTarget[];
}

/** Which rights a set of menus gives: a menu counts by its own code or its screen's (a button). */
export async function menuRights(db: Db, menuIds: readonly string[]): Promise<{ grants: boolean; audits: boolean }> {
  if (!menuIds.length) return { grants: false, audits: false };
  const rows = await db
    .selectFrom('blade_menu as m')
    .leftJoin('blade_menu as p', 'p.id', 'm.parentId')
    .select(['m.code as code', 'p.code as parentCode'])
    .where('m.id', 'in', [...menuIds])
    .where('m.isDeleted', '=', 0)
    .execute();
  return rightsOf(rows);
}

function rightsOf(rows: readonly { code: string; parentCode: string | null }[]): { grants: boolean; audits: boolean } {
  const has = (codes: readonly string[]) =>
    rows.some((row) => codes.includes(row.code) || (row.parentCode !== null && codes.includes(row.parentCode)));
  return { grants: has(GRANT_RIGHT_MENUS), audits: has(AUDIT_LOG_MENUS) };
}

/** The facts of the tenant's live roles, all or those named (one read of roles, one of their menus). */
export async function loadRoleFacts(db: Db, tenantId: string, roleIds?: readonly string[]): Promise<Map<string, RoleFacts>> {
  if (roleIds && !roleIds.length) return new Map();
  const roles = await db
    .selectFrom('blade_role')
    .select(['id', 'roleAlias'])
    .$call(live(tenantId))
    .$if(roleIds !== undefined, (q) => q.where('id', 'in', [...(roleIds ?? [])]))
    .execute();
  const facts = new Map<string, RoleFacts>(
    roles.map((role) => [role.id, { kind: ALIAS_KIND.get(role.roleAlias), grants: false, audits: false }]),
  );
  if (!roles.length) return facts;
  const menus = await db
    .selectFrom('blade_role_menu as rm')
    .innerJoin('blade_menu as m', 'm.id', 'rm.menuId')
    .leftJoin('blade_menu as p', 'p.id', 'm.parentId')
    .select(['rm.roleId as roleId', 'm.code as code', 'p.code as parentCode'])
    .where('rm.roleId', 'in', [...facts.keys()])
    .where('m.isDeleted', '=', 0)
    .execute();
  const byRole = new Map<string, { code: string; parentCode: string | null }[]>();
  for (const row of menus) byRole.set(row.roleId, [...(byRole.get(row.roleId) ?? []), row]);
  for (const [roleId, rows] of byRole) Object.assign(facts.get(roleId) as RoleFacts, rightsOf(rows));
  return facts;
}

/**
 * Why a user may not hold `after` (their roles once changed, `before` those they hold now), or
 * undefined: two of the three administrators, or — profile on — granting and audit-log rights
 * newly held together.
 */
export function roleSetRefusal(
  facts: TenantRoleFacts,
  after: readonly string[],
  before: readonly string[],
  profile: boolean,
): Message | undefined {
  const kinds = [...new Set(after.flatMap((id) => facts.get(id)?.kind ?? []))];
  if (kinds.length >= 2) return platformPairMessage(kinds[0], kinds[1]);
  if (!profile) return undefined;
  const combines = (ids: readonly string[]) => {
    const held = ids.flatMap((id) => facts.get(id) ?? []);
    return held.some((f) => f.grants) && held.some((f) => f.audits);
  };
  return combines(after) && !combines(before) ? m.say.userGrantWithAudit : undefined;
}

/** The refusal to throw: the message and the event the error handler writes. */
export function refusal(message: Message, attempt: GrantAttempt, roleIds: readonly string[]): SecurityRefusal {
  return new SecurityRefusal(message, {
    type: attempt.type ?? 'user.grant',
    outcome: 'failure',
    ...(attempt.actor ? { actor: attempt.actor } : {}),
    tenantId: attempt.tenantId,
    targets: attempt.targets,
    detail: { refused: message.text, roleIds: roleIds.join(',') },
  });
}

/**
 * The one check of a user's platform roles: refuses (SecurityRefusal) the user holding `roleIds`
 * (every role they would hold after the change) when they hold `heldRoleIds` now. Reads through
 * `db`, the transaction of the change if any.
 */
export async function checkPlatformRoleExclusivity(
  db: Db,
  attempt: GrantAttempt,
  roleIds: readonly string[],
  heldRoleIds: readonly string[] = [],
): Promise<void> {
  if (!roleIds.length) return;
  // Only well-formed ids are looked up (a user's stored list may hold blanks); others name no role.
  const named = [...new Set([...roleIds, ...heldRoleIds])].filter((id) => /^\d{1,19}$/.test(id));
  const facts = await loadRoleFacts(db, attempt.tenantId, named);
  const message = roleSetRefusal(facts, roleIds, heldRoleIds, await profileOn(paramsThrough(db), attempt.tenantId));
  if (message) throw refusal(message, attempt, roleIds);
}

/**
 * The role grant (menus of roles): while the profile is on, refuses menus that give one role
 * both granting and audit-log rights, and a change after which a user's roles would newly hold
 * both together.
 */
export async function checkRoleMenus(db: Db, attempt: GrantAttempt, roleIds: readonly string[], menuIds: readonly string[]): Promise<void> {
  if (!(await profileOn(paramsThrough(db), attempt.tenantId))) return;
  const rights = await menuRights(db, menuIds);
  const roleAttempt = { ...attempt, type: 'role.grant' as const };
  if (rights.grants && rights.audits) throw refusal(m.say.roleGrantWithAudit, roleAttempt, roleIds);
  const before = await loadRoleFacts(db, attempt.tenantId);
  const after = new Map(before);
  for (const id of roleIds) after.set(id, { kind: before.get(id)?.kind, ...rights });
  const holders = await db
    .selectFrom('blade_user')
    .select(['id', 'account', 'roleId'])
    .$call(live(attempt.tenantId))
    .where((eb) => eb.or(roleIds.map((id) => listHolds('roleId', id))))
    .execute();
  for (const user of holders) {
    const held = (user.roleId ?? '').split(',').filter(Boolean);
    const combines = (facts: TenantRoleFacts) => {
      const all = held.flatMap((id) => facts.get(id) ?? []);
      return all.some((f) => f.grants) && all.some((f) => f.audits);
    };
    if (combines(after) && !combines(before)) {
      throw refusal(
        m.say.userGrantWithAudit,
        { ...roleAttempt, targets: [...attempt.targets, { kind: 'user', id: user.id, name: user.account }] },
        roleIds,
      );
    }
  }
}
