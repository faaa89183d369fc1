import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

const PURPOSE = 'datasource';
const PREFIX = 'enc:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

type Db = Kysely<Database>;

/**
 * Data source passwords must be read back to connect, so they are encrypted (AES-256-GCM)
 * rather than hashed. The key is made on first use and shared through the database by every
 * node of a cluster. Pass the transaction when inside one: PGlite has a single connection.
 */
async function dataKey(db: Db): Promise<Buffer> {
  const read = () => db.selectFrom('sso_data_key').select('keyMaterial').where('purpose', '=', PURPOSE).executeTakeFirst();
  let row = await read();
  if (!row) {
    await db
      .insertInto('sso_data_key')
      .values({ purpose: PURPOSE, keyMaterial: randomBytes(32).toString('base64') })
      .onConflict((oc) => oc.doNothing())
      .execute();
    row = await read();
  }
  if (!row) throw new Error('the data source key could not be created');
  return Buffer.from(row.keyMaterial, 'base64');
}

export async function encryptSecret(db: Db, plain: string): Promise<string> {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', await dataKey(db), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The plain text of a stored secret; a value without our prefix is an imported plain one. */
export async function decryptSecret(db: Db, stored: string | null): Promise<string | undefined> {
  if (stored === null) return undefined;
  if (!stored.startsWith(PREFIX)) return stored;
  const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', await dataKey(db), raw.subarray(0, IV_BYTES));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}
