import { badRequest, appManageMessages as m } from '@sso/shared-api';
import type { AppContext } from '../../context.js';
import { Repository } from '../../engine/repository.js';
import type { Caller } from '../../kernel/caller.js';
import { live } from '../../kernel/live-rows.js';
import { LOCAL_DOMAIN } from '../../storage/local-store.js';
import { attachResource } from '../attach/index.js';

/** The stored object's name in a link: `name=` of a server link (signed or not), else the last path segments after the tenant. */
export function objectNameOf(link: string, tenantId: string): string {
  if (link.startsWith(`${LOCAL_DOMAIN}?`)) return new URLSearchParams(link.slice(LOCAL_DOMAIN.length + 1)).get('name') ?? link;
  const at = link.indexOf(`/${tenantId}/`);
  return at >= 0 ? link.slice(at + 1).split('?')[0] : link;
}

/**
 * Removes a file the caller's tenant uploaded, by the link its upload answered: its attachment row
 * and its stored object (the attachment's rules delete the object). Answers the object's name.
 */
export async function removeUploadedFile(ctx: AppContext, caller: Caller, link: string): Promise<string> {
  const name = objectNameOf(link, caller.tenant_id);
  const rows = await ctx.db
    .selectFrom('blade_attach')
    .select('id')
    .$call(live(caller.tenant_id))
    .where((eb) => eb.or([eb('link', '=', link), eb('name', '=', name)]))
    .execute();
  if (rows.length === 0) throw badRequest(m.say.linkMissing);
  await new Repository(ctx, attachResource).remove(
    caller,
    rows.map((row) => row.id),
  );
  return name;
}
