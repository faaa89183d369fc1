import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { profileOn } from '../../db/compliance.js';
import { paramsThrough } from '../../db/params.js';
import type { Database } from '../../db/schema.js';
import { loadRoleFacts } from '../../domain/platform-roles.js';
import { loadHoldings, loadRoleDuties, loadRules, type RoleDuties } from '../../domain/sod.js';
import { splitIds } from '../../domain/user-accounts.js';

/** What a birthright rule gives: a platform role, or an application role. */
export type GrantKind = 'role' | 'approle';

const hashOf = (state: unknown) => createHash('sha256').update(JSON.stringify(state)).digest('hex');
const sorted = (ids: Iterable<string>) => [...new Set(ids)].sort();

/** A load made at its first use and shared by the later ones. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    loaded ??= load();
    return loaded;
  };
}

/**
 * What the verdict on one birthright grant depends on, as a digest: everything the check that
 * refused it reads, so that a grant refused for a person is not tried again, nor its refusal
 * logged again, on every run while the digest stays the same (the same check would refuse it the
 * same way), and is tried at the next run after any of it changes.
 * - A platform role (三员分立, domain/platform-roles.ts): the roles the person holds and the one
 *   given, each with what the check knows of it (which administrator it is, whether its menus give
 *   granting or audit-log rights), and whether the tenant's compliance profile is on (it adds the
 *   rule that granting and audit-log rights are not held together). A role whose menus change
 *   counts once its rights change; a role removed since counts as missing.
 * - An application role (separation of duties, domain/sod.ts): the tenant's rules (their roles),
 *   the menus and functions of every role they name, of every role the person holds and of the
 *   one given (a person holds a rule's role also by holding all its duties), and what the person
 *   holds (roles, menus and functions granted, not expired).
 * What the tenant has (rules, role duties and rights, the profile) is read once per run, at the
 * first refusal met; what the person holds, at each grant asked about (a grant given earlier in the
 * run changes it).
 */
export function refusalDigests(db: Kysely<Database>, tenantId: string) {
  const platform = once(async () => ({ profile: await profileOn(paramsThrough(db), tenantId), facts: await loadRoleFacts(db, tenantId) }));
  const dutiesOf = (duties: Map<string, RoleDuties>, id: string) => {
    const role = duties.get(id);
    return role ? [sorted(role.menus), sorted(role.functions)] : null;
  };
  const apps = once(async () => {
    const duties = await loadRoleDuties(db, tenantId);
    const rules = (await loadRules(db, tenantId))
      .map((rule) => [rule.id, sorted(rule.roleIds).map((id) => [id, dutiesOf(duties, id)])] as const)
      .sort(([a], [b]) => a.localeCompare(b));
    return { rules: hashOf(rules), duties };
  });

  const platformRole = async (userId: string, targetId: string) => {
    const user = await db.selectFrom('blade_user').select('roleId').where('id', '=', userId).executeTakeFirst();
    const { profile, facts } = await platform();
    const factsOf = (id: string) => {
      const role = facts.get(id);
      return role ? [role.kind ?? null, role.grants, role.audits] : null;
    };
    const held = sorted(splitIds(user?.roleId)).map((id) => [id, factsOf(id)]);
    return hashOf(['role', profile, [targetId, factsOf(targetId)], held]);
  };

  const appRole = async (userId: string, targetId: string) => {
    const holdings = (await loadHoldings(db, tenantId, [userId])).get(userId);
    const { rules, duties } = await apps();
    const held = sorted(holdings?.roles ?? []).map((id) => [id, dutiesOf(duties, id)]);
    const direct = [sorted(holdings?.menus ?? []), sorted(holdings?.functions ?? [])];
    return hashOf(['approle', rules, [targetId, dutiesOf(duties, targetId)], held, direct]);
  };

  return (userId: string, kind: GrantKind, targetId: string): Promise<string> =>
    kind === 'role' ? platformRole(userId, targetId) : appRole(userId, targetId);
}

/** Records a refused grant of a rule (not owned: nothing to take back), so that unchanged runs skip it. */
export async function rememberRefusal(
  db: Kysely<Database>,
  grant: { userId: string; kind: string; targetId: string; tenantId: string; sourceId: string; ruleId: string },
  digest: string,
): Promise<void> {
  await db
    .insertInto('blade_sync_grant')
    .values({ ...grant, owned: 0, refused: digest, createdAt: new Date() })
    .onConflict((oc) => oc.columns(['userId', 'kind', 'targetId']).doUpdateSet({ refused: digest, ruleId: grant.ruleId }))
    .execute();
}

/** Forgets a refusal whose digest changed, before the grant is tried again. */
export async function forgetRefusal(db: Kysely<Database>, grant: { userId: string; kind: string; targetId: string }): Promise<void> {
  await db
    .deleteFrom('blade_sync_grant')
    .where('userId', '=', grant.userId)
    .where('kind', '=', grant.kind)
    .where('targetId', '=', grant.targetId)
    .where('refused', 'is not', null)
    .execute();
}
