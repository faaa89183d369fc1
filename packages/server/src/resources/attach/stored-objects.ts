import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { LOCAL_DOMAIN } from '../../storage/local-store.js';

/** Deletes the stored object behind an attachment or report link (local file or S3 object). */
export async function removeStoredObject(
  ctx: AppContext,
  db: Kysely<Database>,
  tenantId: string,
  row: { domain?: unknown; name?: unknown; link?: unknown },
) {
  let domain = row.domain ? String(row.domain) : undefined;
  let name = row.name ? String(row.name) : undefined;
  const link = row.link ? String(row.link) : '';
  if (!name && link.startsWith(`${LOCAL_DOMAIN}?`)) {
    name = new URLSearchParams(link.slice(LOCAL_DOMAIN.length + 1)).get('name') ?? undefined;
    // Server links name objects of any store: the attachment row of the name tells which.
    if (name?.startsWith(`${tenantId}/`)) {
      const store = await ctx.storage.forObject(tenantId, name, db);
      domain = store?.domain ?? LOCAL_DOMAIN;
    }
  }
  // Only the tenant's own objects: a hand-made row must not name another tenant's file.
  if (!name || !name.startsWith(`${tenantId}/`)) return;
  if (!domain && link.endsWith(`/${name}`)) domain = link.slice(0, -name.length - 1);
  const store = await ctx.storage.forDomain(tenantId, domain ?? null, db);
  try {
    await store?.remove(name);
  } catch (error) {
    // The row goes anyway: a dangling object is better than an attachment that cannot be removed.
    ctx.log?.warn({ err: error, name }, 'stored object could not be removed');
  }
}
