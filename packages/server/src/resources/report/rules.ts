import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ResourceRules } from '../../engine/types.js';
import { presentLink } from '../attach/rules.js';
import { removeStoredObject } from '../attach/stored-objects.js';

/** Removing a report file deletes the object its link points to; links are answered signed. */
export const reportRules: ResourceRules = {
  present: presentLink,
  async beforeRemove({ ctx, caller, rows, trx }) {
    for (const row of rows)
      await removeStoredObject(ctx, trx as Kysely<Database>, String(row.tenantId ?? caller.tenant_id), { link: row.link });
  },
};
