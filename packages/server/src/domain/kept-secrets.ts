import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { encryptSecret } from './secrets.js';

/** secretKey of oss and sms rows: encrypted at rest; an empty value on update keeps the stored one. */
export async function keepOrEncryptSecret(db: Kysely<Database>, values: Record<string, unknown>, existing?: Record<string, unknown>) {
  const secret = values.secretKey as string | null | undefined;
  if (secret === undefined || secret === null || secret === '') {
    if (existing) delete values.secretKey;
    else values.secretKey = null;
    return;
  }
  values.secretKey = await encryptSecret(db, secret);
}
