import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { encryptSecret } from '../db/secrets.js';

/** A secret field (secretKey of oss and sms, clientSecret of social providers): encrypted at rest; an empty value on update keeps the stored one. */
export async function keepOrEncryptSecret(
  db: Kysely<Database>,
  values: Record<string, unknown>,
  existing?: Record<string, unknown>,
  field = 'secretKey',
) {
  const secret = values[field] as string | null | undefined;
  if (secret === undefined || secret === null || secret === '') {
    if (existing) delete values[field];
    else values[field] = null;
    return;
  }
  values[field] = await encryptSecret(db, secret);
}
