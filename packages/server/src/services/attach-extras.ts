import { badRequest, zh } from '@sso/shared-api';
import type { Caller } from '../auth/permissions.js';
import type { ExtraHandler } from '../resources/extras.js';

/** Extras of `attach` (SPEC §7): removeByName takes the link (or the stored name). */
export const attachExtraHandlers: Record<string, ExtraHandler> = {
  removeByName: async ({ ctx, repo, caller, query }) => {
    const who = caller as Caller;
    const link = String(query.link);
    const rows = await ctx.db
      .selectFrom('blade_attach')
      .select('id')
      .where('tenantId', '=', who.tenant_id)
      .where('isDeleted', '=', 0)
      .where((eb) => eb.or([eb('link', '=', link), eb('name', '=', link)]))
      .execute();
    if (rows.length === 0) throw badRequest(zh('recordMissing'));
    await repo.remove(
      who,
      rows.map((r) => r.id),
    );
    return true;
  },
};
