import { sql } from 'kysely';
import type { Db } from './database.js';
import { newPersonalKey, PersonalDataKeys, type PersonalKey } from './personal-data-keys.js';

const isCiphertext = (value: string | null) => value !== null && PersonalDataKeys.keyIdOf(value) !== undefined;

/**
 * Turning on, rotating and catching up the encryption at rest of users' phone and email (see
 * personal-data-keys.ts and personal-data-plugin.ts). The protection is platform-wide, because
 * the keys are: it is on from the first key on, and is never turned off by a setting (an
 * assessor's "met" must not be undone by a click). Re-encryption is a read and a write back of each
 * row: the handle decrypts what it reads and encrypts what it writes under the current key.
 */

/** Rows re-encrypted per transaction: short locks, and progress that survives an interruption. */
const BATCH = 200;

export interface PersonalKeyState {
  id: number;
  createdAt: string;
  /** Users with a phone or email still stored under this key. */
  users: number;
}

export interface PersonalDataState {
  encrypted: boolean;
  currentKeyId: number | null;
  keys: PersonalKeyState[];
  /** Users with a phone or email not (yet) stored under the current key: in clear or under an older key. */
  pending: number;
}

/** Reads the keys into the handle; call at start and whenever another node changed them. */
export async function loadPersonalKeys(db: Db, keys: PersonalDataKeys): Promise<void> {
  const rows = await db.selectFrom('sso_personal_key').select(['id', 'cipherKey', 'indexKey']).orderBy('id').execute();
  keys.use(rows as PersonalKey[]);
}

/** Makes the next key and makes it current; the first one turns the protection on. Answers its id. */
export async function addPersonalKey(db: Db, keys: PersonalDataKeys): Promise<number> {
  for (;;) {
    const top = await db
      .selectFrom('sso_personal_key')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    const key = newPersonalKey(Number(top?.id ?? 0) + 1);
    // Two nodes rotating at once: one insert wins, the other takes the next number.
    const made = await db
      .insertInto('sso_personal_key')
      .values(key)
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    if (Number(made.numInsertedOrUpdatedRows ?? 0n) > 0) {
      await loadPersonalKeys(db, keys);
      return key.id;
    }
  }
}

/** A user row whose phone or email is not stored under the current key (in clear, or under an older key). */
const notUnderCurrent = (current: number) => {
  const prefix = `sm4:${current}:%`;
  return sql<boolean>`(coalesce(phone, '') <> '' and phone not like ${prefix})
    or (coalesce(email, '') <> '' and email not like ${prefix})`;
};

/**
 * Writes every user's phone and email under the current key, a batch per transaction, rows locked
 * while rewritten so that a concurrent edit is not overwritten by the older value. Answers how many
 * users were rewritten; nothing to do without a key.
 */
export async function encryptPendingUsers(db: Db, keys: PersonalDataKeys): Promise<number> {
  const current = keys.currentKeyId;
  if (current === undefined) return 0;
  let done = 0;
  let after = '0';
  for (;;) {
    const rewritten = await db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('blade_user')
        .select(['id', 'phone', 'email'])
        .where('id', '>', after)
        .where(notUnderCurrent(current))
        .orderBy('id')
        .limit(BATCH)
        .forUpdate()
        .execute();
      for (const row of rows) {
        // A value still in ciphertext has a key this node does not hold: left alone, never encrypted twice.
        if (isCiphertext(row.phone) || isCiphertext(row.email)) continue;
        // Read decrypted, written back encrypted under the current key (with its index).
        await trx.updateTable('blade_user').set({ phone: row.phone, email: row.email }).where('id', '=', row.id).execute();
      }
      return rows;
    });
    done += rewritten.length;
    if (rewritten.length < BATCH) return done;
    after = (rewritten.at(-1) as { id: string }).id;
  }
}

export async function personalDataState(db: Db, keys: PersonalDataKeys): Promise<PersonalDataState> {
  const stored = await db.selectFrom('sso_personal_key').select(['id', 'createdAt']).orderBy('id').execute();
  const perKey = await sql<{ keyId: string; users: string }>`
    select k.key_id, count(distinct u.id) as users
    from blade_user u
    cross join lateral (values (substring(u.phone from '^sm4:(\\d+):')), (substring(u.email from '^sm4:(\\d+):'))) as k(key_id)
    where k.key_id is not null
    group by k.key_id`.execute(db);
  const users = new Map(perKey.rows.map((row) => [Number(row.keyId), Number(row.users)]));
  const current = keys.currentKeyId;
  const pendingQuery = db.selectFrom('blade_user').select((eb) => eb.fn.countAll<string>().as('n'));
  const pending =
    current === undefined
      ? await pendingQuery.where(sql<boolean>`coalesce(phone, '') <> '' or coalesce(email, '') <> ''`).executeTakeFirstOrThrow()
      : await pendingQuery.where(notUnderCurrent(current)).executeTakeFirstOrThrow();
  return {
    encrypted: current !== undefined,
    currentKeyId: current ?? null,
    keys: stored.map((key) => ({ id: key.id, createdAt: new Date(key.createdAt).toISOString(), users: users.get(key.id) ?? 0 })),
    pending: Number(pending.n),
  };
}
