import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { live } from '../kernel/live-rows.js';

/**
 * The live account a sign-in names: the exact spelling first, else the one account that equals it
 * ignoring case. Accounts are unique regardless of case; where older rows still clash and none is
 * spelled exactly as typed, nobody is signed in (ambiguous).
 */
export async function findSignInAccount(
  db: Db,
  tenantId: string,
  account: string,
): Promise<Selectable<Database['blade_user']> | undefined> {
  const candidates = await db
    .selectFrom('blade_user')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where(sql<boolean>`lower(account) = lower(${account})`)
    .$call(live())
    .limit(10)
    .execute();
  return candidates.find((u) => u.account === account) ?? (candidates.length === 1 ? candidates[0] : undefined);
}
