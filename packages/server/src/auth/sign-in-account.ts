import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { live } from '../kernel/live-rows.js';
import { enabledUserLinks } from './directory-password.js';

type UserRow = Selectable<Database['blade_user']>;

/** The live accounts of the tenant equal to `account` ignoring case (unique, but older rows may still clash). */
const candidatesOf = (db: Db, tenantId: string, account: string) =>
  db
    .selectFrom('blade_user')
    .selectAll('blade_user')
    .where(sql<boolean>`lower(account) = lower(${account})`)
    .$call(live(tenantId, 'blade_user'))
    .limit(10);

/** The exact spelling first, else the one account that equals it ignoring case; none when ambiguous. */
const pick = <U extends { account: string }>(candidates: U[], account: string): U | undefined =>
  candidates.find((u) => u.account === account) ?? (candidates.length === 1 ? candidates[0] : undefined);

/**
 * The live account a sign-in names: the exact spelling first, else the one account that equals it
 * ignoring case. Accounts are unique regardless of case; where older rows still clash and none is
 * spelled exactly as typed, nobody is signed in (ambiguous).
 */
export async function findSignInAccount(db: Db, tenantId: string, account: string): Promise<UserRow | undefined> {
  return pick(await candidatesOf(db, tenantId, account).execute(), account);
}

/**
 * The account a password sign-in names (as findSignInAccount), and whether it is linked to an
 * enabled directory, in one statement: only a linked account has its directory link read
 * (DirectoryPasswords.linkOf decides whether the directory holds the password).
 */
export async function findPasswordAccount(
  db: Db,
  tenantId: string,
  account: string,
): Promise<{ user: UserRow; directoryLinked: boolean } | undefined> {
  const candidates = await candidatesOf(db, tenantId, account)
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('blade_sync_link as l')
            .innerJoin('blade_sync_source as s', 's.id', 'l.sourceId')
            .select('l.localId')
            .whereRef('l.localId', '=', 'blade_user.id')
            .whereRef('l.tenantId', '=', 'blade_user.tenantId')
            .$call(enabledUserLinks),
        )
        .as('directoryLinked'),
    )
    .execute();
  const found = pick(candidates, account);
  if (!found) return undefined;
  const { directoryLinked, ...user } = found;
  return { user, directoryLinked: Boolean(directoryLinked) };
}
