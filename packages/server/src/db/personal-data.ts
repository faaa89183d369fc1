import { type Kysely, sql } from 'kysely';
import type { Db } from './database.js';
import { isWrapped, unwrapKey, wrapKey } from './master-key.js';
import { PROTECTED_COLUMNS, PROTECTED_TABLES } from './personal-data-columns.js';
import { newPersonalKey, PersonalDataKeys, type PersonalKey } from './personal-data-keys.js';

const isCiphertext = (value: unknown) => typeof value === 'string' && PersonalDataKeys.keyIdOf(value) !== undefined;

// biome-ignore lint/suspicious/noExplicitAny: the protected tables are walked by name
type AnyDb = Kysely<any>;

/**
 * Turning on, rotating and catching up the encryption at rest of personal data (PROTECTED_COLUMNS: users' phone and email and their copies; see
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
  /** Rows of the protected tables with a value not (yet) stored under the current key: in clear or under an older key. */
  pending: number;
}

/**
 * Reads the keys into the handle, unwrapped by the master key; call at start and whenever another
 * node changed them. A key stored before wrapping existed (in clear) is wrapped where it is stored,
 * once: the update matches only the clear value it read, so two nodes starting at once wrap it once
 * and the second finds it wrapped. A key the master key does not open stops the load (MasterKeyError).
 */
export async function loadPersonalKeys(db: Db, keys: PersonalDataKeys): Promise<void> {
  const rows = await db.selectFrom('sso_personal_key').select(['id', 'cipherKey', 'indexKey', 'tagged']).orderBy('id').execute();
  const opened: PersonalKey[] = [];
  for (const row of rows) {
    const what = (part: string) => `the ${part} of personal-data key ${row.id}`;
    if (isWrapped(row.cipherKey) && isWrapped(row.indexKey)) {
      opened.push({
        ...row,
        cipherKey: unwrapKey(keys.master, row.cipherKey, what('SM4 key')),
        indexKey: unwrapKey(keys.master, row.indexKey, what('index key')),
      } as PersonalKey);
      continue;
    }
    const clear = {
      cipherKey: isWrapped(row.cipherKey) ? unwrapKey(keys.master, row.cipherKey, what('SM4 key')) : row.cipherKey,
      indexKey: isWrapped(row.indexKey) ? unwrapKey(keys.master, row.indexKey, what('index key')) : row.indexKey,
    };
    await db
      .updateTable('sso_personal_key')
      .set({ cipherKey: wrapKey(keys.master, clear.cipherKey), indexKey: wrapKey(keys.master, clear.indexKey) })
      .where('id', '=', row.id)
      .where('cipherKey', '=', row.cipherKey)
      .where('indexKey', '=', row.indexKey)
      .execute();
    opened.push({ ...row, ...clear } as PersonalKey);
  }
  keys.use(opened);
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
      .values({ ...key, cipherKey: wrapKey(keys.master, key.cipherKey), indexKey: wrapKey(keys.master, key.indexKey) })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    if (Number(made.numInsertedOrUpdatedRows ?? 0n) > 0) {
      await loadPersonalKeys(db, keys);
      return key.id;
    }
  }
}

/**
 * A row with a protected value not stored under the current key with its integrity tag (in clear,
 * under an older key, or written before tags existed).
 */
const notUnderCurrent = (columns: readonly string[], current: number) => {
  const prefix = `sm4:${current}:%.%`;
  const each = columns.map((column) => sql`(coalesce(${sql.ref(column)}, '') <> '' and ${sql.ref(column)} not like ${prefix})`);
  return sql<boolean>`(${sql.join(each, sql` or `)})`;
};

/** A row with any protected value at all (before the first key). */
const holdingAny = (columns: readonly string[]) =>
  sql<boolean>`(${sql.join(
    columns.map((column) => sql`coalesce(${sql.ref(column)}, '') <> ''`),
    sql` or `,
  )})`;

/**
 * Writes every protected value under the current key, table by table, a batch per transaction,
 * rows locked while rewritten so that a concurrent edit is not overwritten by the older value.
 * Answers how many rows were rewritten; nothing to do without a key.
 */
export async function encryptPendingRows(db: Db, keys: PersonalDataKeys): Promise<number> {
  return (await encryptPendingRowsUntil(db, keys, Number.POSITIVE_INFINITY)).rewritten;
}

/**
 * The same, stopping after the batch during which `deadline` (epoch ms) passed: answers the rows
 * rewritten and whether every row is done. Each batch is its own transaction, so stopping between
 * two leaves nothing half-written.
 */
export async function encryptPendingRowsUntil(
  db: Db,
  keys: PersonalDataKeys,
  deadline: number,
): Promise<{ rewritten: number; finished: boolean }> {
  const current = keys.currentKeyId;
  if (current === undefined) return { rewritten: 0, finished: true };
  let rewritten = 0;
  for (const table of PROTECTED_TABLES) {
    const step = await encryptPendingIn(db as unknown as AnyDb, table, current, deadline);
    rewritten += step.rewritten;
    if (!step.finished) return { rewritten, finished: false };
  }
  return { rewritten, finished: true };
}

async function encryptPendingIn(
  db: AnyDb,
  table: string,
  current: number,
  deadline: number,
): Promise<{ rewritten: number; finished: boolean }> {
  const columns = Object.keys(PROTECTED_COLUMNS[table] ?? {});
  let done = 0;
  let after = '0';
  for (;;) {
    const rewritten = await db.transaction().execute(async (trx) => {
      const rows = (await trx
        .selectFrom(table)
        .select(['id', ...columns])
        .where('id', '>', after)
        .where(notUnderCurrent(columns, current))
        .orderBy('id')
        .limit(BATCH)
        .forUpdate()
        .execute()) as Record<string, unknown>[];
      for (const row of rows) {
        // A value still in ciphertext has a key this node does not hold: left alone, never encrypted twice.
        if (columns.some((column) => isCiphertext(row[column]))) continue;
        // Read decrypted, written back encrypted under the current key (with its index).
        const values = Object.fromEntries(columns.map((column) => [column, row[column] ?? null]));
        await trx.updateTable(table).set(values).where('id', '=', row.id).execute();
      }
      return rows;
    });
    done += rewritten.length;
    if (rewritten.length < BATCH) return { rewritten: done, finished: true };
    if (Date.now() >= deadline) return { rewritten: done, finished: false };
    after = String((rewritten.at(-1) as { id: unknown }).id);
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
  let pending = 0;
  for (const table of PROTECTED_TABLES) {
    const columns = Object.keys(PROTECTED_COLUMNS[table] ?? {});
    const counted = await (db as unknown as AnyDb)
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where(current === undefined ? holdingAny(columns) : notUnderCurrent(columns, current))
      .executeTakeFirstOrThrow();
    pending += Number(counted.n);
  }
  return {
    encrypted: current !== undefined,
    currentKeyId: current ?? null,
    keys: stored.map((key) => ({ id: key.id, createdAt: new Date(key.createdAt).toISOString(), users: users.get(key.id) ?? 0 })),
    pending,
  };
}
