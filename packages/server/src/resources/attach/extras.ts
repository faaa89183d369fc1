import { attach, badRequest, say } from '@sso/shared-api';
import { defineExtraHandlers } from '../../engine/extra-handlers.js';
import { live } from '../../kernel/live-rows.js';
import { LOCAL_DOMAIN } from '../../storage/local-store.js';

/** The object name in a local link, signed or not (the link put-file answered carries a signature). */
const nameInLink = (link: string) =>
  link.startsWith(`${LOCAL_DOMAIN}?`) ? new URLSearchParams(link.slice(LOCAL_DOMAIN.length + 1)).get('name') : null;

/** Extras of `attach`: removeByName takes the link (signed or not) or the stored name. */
export const attachExtraHandlers = defineExtraHandlers(attach, {
  removeByName: async ({ ctx, repo, caller: who, query }) => {
    const link = String(query.link);
    const name = nameInLink(link) ?? link;
    const rows = await ctx.db
      .selectFrom('blade_attach')
      .select('id')
      .$call(live(who.tenant_id))
      .where((eb) => eb.or([eb('link', '=', link), eb('name', '=', name)]))
      .execute();
    if (rows.length === 0) throw badRequest(say('recordMissing'));
    await repo.remove(
      who,
      rows.map((r) => r.id),
    );
    return true;
  },
});
