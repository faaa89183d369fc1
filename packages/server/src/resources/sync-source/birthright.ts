import { ApiError, badRequest, syncMessages as m, type SyncChangeRow, syncRuleMessages } from '@sso/shared-api';
import type { AppContext } from '../../context.js';
import { syncSessionsOfUsers } from '../../domain/account-sessions.js';
import { grantAppRoleOutcome, revokeAppRole } from '../../domain/app-role-grants.js';
import { checkPlatformRoleExclusivity } from '../../domain/platform-roles.js';
import { splitIds } from '../../domain/user-accounts.js';
import { updateStamps } from '../../engine/stamps.js';
import type { Caller } from '../../kernel/caller.js';
import { live } from '../../kernel/live-rows.js';
import { userTarget } from '../../logs/security-events.js';
import { recordRefusal } from '../../logs/security-refusal.js';
import { normalDn } from './ldap-dn.js';
import { forgetRefusal, type GrantKind, refusalDigests, rememberRefusal } from './refused-grants.js';
import { groupSet } from './rule-groups.js';
import type { SourceRow } from './source.js';

/**
 * Joiners and movers: after an apply, every enabled person of the source holds the grants of the
 * birthright rules (同步授权规则) they now match, by department (and the departments below it),
 * post and LDAP group (nested groups resolved, as the last apply read them), and loses what a rule gave them that they no longer match. What a rule gave is kept
 * in `blade_sync_grant`; a grant the person held already (given by hand) is recorded as not the
 * rule's own (`owned` 0) and is never taken back. Application roles go through the one grant
 * path (separation of duties checked); platform roles join the user's role list through the
 * 三员 check, and only an administrator may save a rule handing out the administrator role. A
 * refusal is an error row of the run, and the run goes on; it is remembered, and not tried or
 * logged again while nothing the check read changes (refused-grants.ts).
 */

const keyOf = (kind: GrantKind, targetId: string) => `${kind}:${targetId}`;

interface Rule {
  id: string;
  name: string;
  deptId: string | null;
  withSubDepts: number;
  postId: string | null;
  roleId: string | null;
  appRoleId: string | null;
  groupDn: string | null;
}

interface Person {
  id: string;
  /** The person's key in the source. */
  externalId: string;
  account: string;
  deptId: string | null;
  postId: string | null;
  roleId: string | null;
  /** The directory groups the person is in (normalised DNs), as the last apply read them. */
  groups: string[];
}

interface Recorded {
  userId: string;
  kind: string;
  targetId: string;
  sourceId: string;
  owned: number;
}

/** Whether the rule names this person: their department (or one above it, with sub-departments), their post and their group. */
function matches(rule: Rule, person: Person, ancestors: Map<string, string[]>): boolean {
  if (rule.groupDn && !person.groups.includes(normalDn(rule.groupDn))) return false;
  if (rule.deptId) {
    const depts = splitIds(person.deptId);
    const inDept = depts.some(
      (dept) => dept === rule.deptId || (rule.withSubDepts === 1 && (ancestors.get(dept) ?? []).includes(rule.deptId as string)),
    );
    if (!inDept) return false;
  }
  return !rule.postId || splitIds(person.postId).includes(rule.postId);
}

/** What each person should hold by the rules: grant key → the rule giving it (the first that does). */
function wanted(rules: readonly Rule[], people: readonly Person[], ancestors: Map<string, string[]>) {
  const byUser = new Map<string, Map<string, Rule>>();
  for (const person of people) {
    const grants = new Map<string, Rule>();
    for (const rule of rules) {
      if (!matches(rule, person, ancestors)) continue;
      if (rule.roleId && !grants.has(keyOf('role', rule.roleId))) grants.set(keyOf('role', rule.roleId), rule);
      if (rule.appRoleId && !grants.has(keyOf('approle', rule.appRoleId))) grants.set(keyOf('approle', rule.appRoleId), rule);
    }
    byUser.set(person.id, grants);
  }
  return byUser;
}

async function loadState(ctx: AppContext, source: SourceRow) {
  const db = ctx.db;
  const rules = (
    await db
      .selectFrom('blade_sync_rule')
      .select(['id', 'name', 'sourceId', 'deptId', 'withSubDepts', 'postId', 'roleId', 'appRoleId', 'groupDn'])
      .$call(live(source.tenantId))
      .where('status', '=', 1)
      .where((eb) => eb.or([eb('sourceId', 'is', null), eb('sourceId', '=', source.id)]))
      .orderBy('id')
      .execute()
  ).map((r) => ({ ...r, id: String(r.id) }));
  const recorded = (await db
    .selectFrom('blade_sync_grant')
    .select(['userId', 'kind', 'targetId', 'sourceId', 'owned'])
    .where('sourceId', '=', source.id)
    .execute()) as Recorded[];
  return { rules, recorded };
}

/** The enabled people the source brings (linked, not gone). */
async function peopleOf(ctx: AppContext, source: SourceRow): Promise<Person[]> {
  const rows = await ctx.db
    .selectFrom('blade_sync_link as l')
    .innerJoin('blade_user as u', 'u.id', 'l.localId')
    .select(['u.id', 'l.externalId', 'u.account', 'u.deptId', 'u.postId', 'u.roleId', 'l.groups'])
    .where('l.sourceId', '=', source.id)
    .where('l.kind', '=', 'user')
    .where('l.gone', '=', 0)
    .where('u.isDeleted', '=', 0)
    .where('u.status', '=', 1)
    .where('u.tenantId', '=', source.tenantId)
    .execute();
  // Compared normalised, whatever order, case or spacing a link was written in.
  return rows.map((r) => ({ ...r, id: String(r.id), groups: groupSet(r.groups?.split('\n') ?? []) }));
}

async function ancestorsOfDepts(ctx: AppContext, tenantId: string): Promise<Map<string, string[]>> {
  const rows = await ctx.db.selectFrom('blade_dept').select(['id', 'ancestors']).$call(live(tenantId)).execute();
  return new Map(rows.map((r) => [String(r.id), splitIds(r.ancestors)]));
}

/**
 * Brings the source's people in line with the rules; answers an error row for each grant refused
 * (separation of duties, a role removed since), the rest carried out.
 */
export async function applyBirthright(ctx: AppContext, caller: Caller, source: SourceRow): Promise<SyncChangeRow[]> {
  const { rules, recorded } = await loadState(ctx, source);
  if (!rules.length && !recorded.length) return [];
  const people = await peopleOf(ctx, source);
  const byUser = wanted(
    rules,
    people,
    rules.some((r) => r.deptId && r.withSubDepts === 1) ? await ancestorsOfDepts(ctx, source.tenantId) : new Map(),
  );
  // Grants recorded for a person by any source (read whole: one row per rule grant of the tenant):
  // another source's rule gave it, so this one leaves it. A refusal recorded is skipped while what
  // it depended on is unchanged (refused-grants.ts).
  const recordedForTenant = new Map(
    (
      await ctx.db
        .selectFrom('blade_sync_grant')
        .select(['userId', 'kind', 'targetId', 'refused'])
        .where('tenantId', '=', source.tenantId)
        .execute()
    ).map((r) => [`${r.userId}|${keyOf(r.kind as GrantKind, String(r.targetId))}`, r.refused]),
  );
  const recordedOf = new Map<string, Recorded[]>();
  for (const row of recorded) recordedOf.set(String(row.userId), [...(recordedOf.get(String(row.userId)) ?? []), row]);
  const errors: SyncChangeRow[] = [];
  const touched: string[] = [];
  const digestOf = refusalDigests(ctx.db, source.tenantId);
  for (const person of people) {
    const want = byUser.get(person.id) ?? new Map<string, Rule>();
    const mine = recordedOf.get(person.id) ?? [];
    for (const row of mine) {
      const key = keyOf(row.kind as GrantKind, String(row.targetId));
      if (want.has(key)) continue;
      await takeBack(ctx, caller, source, person, row);
      touched.push(person.id);
    }
    for (const [key, rule] of want) {
      const [kind, targetId] = key.split(':') as [GrantKind, string];
      const held = recordedForTenant.get(`${person.id}|${key}`);
      if (held === null) continue;
      // A refusal is tried again only once what it depended on has changed.
      let current: string | undefined;
      if (held !== undefined) {
        current = await digestOf(person.id, kind, targetId);
        if (held === current) continue;
        await forgetRefusal(ctx.db, { userId: person.id, kind, targetId });
      }
      try {
        await give(ctx, caller, source, person, kind, targetId, rule);
        touched.push(person.id);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        await recordRefusal(ctx.audit, error);
        const grant = { userId: person.id, kind, targetId, tenantId: source.tenantId, sourceId: source.id, ruleId: rule.id };
        // A refused grant changed nothing: the digest read before it still holds.
        await rememberRefusal(ctx.db, grant, current ?? (await digestOf(person.id, kind, targetId)));
        errors.push({
          kind: 'user',
          action: 'error',
          externalId: person.externalId,
          label: person.account,
          localId: person.id,
          changes: {},
          message: `${m.ruleRefused} ${rule.name}: ${error.message}`,
        });
      }
    }
  }
  await syncSessionsOfUsers(ctx, touched);
  return errors;
}

const reasonOf = (rule: Rule) => `同步授权规则 ${rule.name}`.slice(0, 500);

/** Gives one grant of a rule and records it (owned only when the rule gave it, not when it was held already). */
async function give(ctx: AppContext, caller: Caller, source: SourceRow, person: Person, kind: GrantKind, targetId: string, rule: Rule) {
  let owned = 1;
  if (kind === 'approle') {
    const held = await ctx.db
      .selectFrom('blade_user_authorized_role')
      .select('id')
      .where('userId', '=', person.id)
      .where('appRoleId', '=', targetId)
      .$call(live(source.tenantId))
      .executeTakeFirst();
    if (held) owned = 0;
    else {
      const role = await ctx.db.selectFrom('blade_app_role').select('appId').where('id', '=', targetId).executeTakeFirst();
      await grantAppRoleOutcome(
        ctx,
        {
          tenantId: source.tenantId,
          userId: person.id,
          appId: String(role?.appId ?? ''),
          appRoleId: targetId,
          reason: reasonOf(rule),
          source: 'sync',
        },
        caller,
      );
    }
  }
  if (kind === 'role') {
    // A role removed since the rule was saved is refused like an application role would be.
    const role = await ctx.db
      .selectFrom('blade_role')
      .select('id')
      .where('id', '=', targetId)
      .$call(live(source.tenantId))
      .executeTakeFirst();
    if (!role) throw badRequest(syncRuleMessages.say.roleMissing);
  }
  await ctx.db.transaction().execute(async (trx) => {
    if (kind === 'role') {
      const user = await trx.selectFrom('blade_user').select(['roleId']).where('id', '=', person.id).forUpdate().executeTakeFirstOrThrow();
      const roles = splitIds(user.roleId);
      if (roles.includes(targetId)) owned = 0;
      else {
        // The one check of platform roles (三员分立, and the profile's grant/audit rule).
        const attempt = { tenantId: source.tenantId, actor: caller, type: 'user.grant' as const, targets: [userTarget(person)] };
        // Checked as the roles the user would hold, beside those held now.
        await checkPlatformRoleExclusivity(trx, attempt, [...roles, targetId], roles);
        const roleId = [...roles, targetId].join(',');
        await trx
          .updateTable('blade_user')
          .set({ roleId, ...updateStamps(caller) })
          .where('id', '=', person.id)
          .execute();
        await ctx.audit.write(trx, {
          type: 'user.grant',
          actor: caller,
          targets: [userTarget(person)],
          detail: { roleIds: { from: user.roleId ?? '', to: roleId }, sourceId: source.id, ruleId: rule.id },
        });
      }
    }
    await trx
      .insertInto('blade_sync_grant')
      .values({
        userId: person.id,
        kind,
        targetId,
        tenantId: source.tenantId,
        sourceId: source.id,
        ruleId: rule.id,
        owned,
        createdAt: new Date(),
      })
      .onConflict((oc) => oc.columns(['userId', 'kind', 'targetId']).doNothing())
      .execute();
  });
  if (kind === 'role') ctx.cache.invalidate('blade_user');
}

/** Takes back what a rule gave (only when it was the rule's own) and forgets the record. */
async function takeBack(ctx: AppContext, caller: Caller, source: SourceRow, person: Person, row: Recorded) {
  const targetId = String(row.targetId);
  if (row.kind === 'approle' && row.owned === 1) {
    await revokeAppRole(
      ctx,
      { tenantId: source.tenantId, userId: person.id, appRoleId: targetId, reason: '同步授权规则不再适用', source: 'sync' },
      caller,
    );
  }
  await ctx.db.transaction().execute(async (trx) => {
    if (row.kind === 'role' && row.owned === 1) {
      const user = await trx.selectFrom('blade_user').select(['roleId']).where('id', '=', person.id).forUpdate().executeTakeFirstOrThrow();
      const roleId = splitIds(user.roleId)
        .filter((id) => id !== targetId)
        .join(',');
      await trx
        .updateTable('blade_user')
        .set({ roleId, ...updateStamps(caller) })
        .where('id', '=', person.id)
        .execute();
      await ctx.audit.write(trx, {
        type: 'user.grant',
        actor: caller,
        targets: [userTarget(person)],
        detail: { roleIds: { from: user.roleId ?? '', to: roleId }, sourceId: source.id },
      });
    }
    await trx
      .deleteFrom('blade_sync_grant')
      .where('userId', '=', person.id)
      .where('kind', '=', row.kind)
      .where('targetId', '=', targetId)
      .execute();
  });
  if (row.kind === 'role') ctx.cache.invalidate('blade_user');
}
