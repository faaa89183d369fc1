import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { ResourceRules } from '../resources/rules.js';
import { keepOrEncryptSecret } from './oss-secrets.js';

/** The secret key is stored encrypted (kept when an update leaves it empty); new rows start disabled. */
export const smsRules: ResourceRules = {
  async beforeSave({ values, existing, trx }) {
    if (!existing) values.status = 1;
    await keepOrEncryptSecret(trx as Kysely<Database>, values, existing);
  },
};
