import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import type { ResourceRules } from '../../engine/types.js';
import { removeStoredObject } from './stored-objects.js';

/** A stored link answered as one that works: private local files get a fresh signed link. */
export async function presentLink(ctx: AppContext, row: Record<string, unknown>) {
  if (typeof row.link !== 'string' || !row.link) return row;
  return { ...row, link: await ctx.storage.links.present(row.link, String(row.tenantId ?? '')) };
}

/** Removing attachments (or report files) deletes their stored objects too; links are answered signed. */
export const attachRules: ResourceRules = {
  present: presentLink,

  async beforeRemove({ ctx, caller, rows, trx }) {
    for (const row of rows) await removeStoredObject(ctx, trx as Kysely<Database>, String(row.tenantId ?? caller.tenant_id), row);
  },
};
