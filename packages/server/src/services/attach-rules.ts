import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { ResourceRules } from '../resources/rules.js';
import { removeStoredObject } from './attach-objects.js';

/** Removing attachments (or report files) deletes their stored objects too. */
export const attachRules: ResourceRules = {
  async beforeRemove({ ctx, caller, rows, trx }) {
    for (const row of rows) await removeStoredObject(ctx, trx as Kysely<Database>, String(row.tenantId ?? caller.tenant_id), row);
  },
};
