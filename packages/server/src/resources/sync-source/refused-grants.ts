import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { splitIds } from '../../domain/user-accounts.js';
import { live } from '../../kernel/live-rows.js';

/**
 * What a refused birthright grant depended on, as a digest: the person's platform roles and
 * application roles, and the tenant's separation-of-duties rules (how many, when last changed).
 * A grant refused for a person is not tried again, nor its refusal logged again, on every run
 * while this digest stays the same: the same check would refuse it the same way. A change to any
 * of them (a conflicting role taken away, a rule edited) tries it again on the next run.
 */
export async function refusalDigest(db: Kysely<Database>, tenantId: string, userId: string): Promise<string> {
  const user = await db.selectFrom('blade_user').select('roleId').where('id', '=', userId).executeTakeFirst();
  const appRoles = await db
    .selectFrom('blade_user_authorized_role')
    .select('appRoleId')
    .where('userId', '=', userId)
    .$call(live(tenantId))
    .execute();
  const rules = await db
    .selectFrom('blade_app_incompatible_rule')
    .select((eb) => [eb.fn.max('updateTime').as('changed'), eb.fn.countAll<number>().as('count')])
    .where('tenantId', '=', tenantId)
    .executeTakeFirst();
  const state = [
    splitIds(user?.roleId).sort(),
    appRoles.map((r) => String(r.appRoleId)).sort(),
    rules?.changed ? new Date(rules.changed as Date).toISOString() : null,
    Number(rules?.count ?? 0),
  ];
  return createHash('sha256').update(JSON.stringify(state)).digest('hex');
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
