import { requirePlatform } from '../../domain/platform-only.js';
import type { ExtraHandler } from '../../engine/types.js';

/** Extras of `tenant-package`: the select box of packages (platform-wide, read from the platform tenant). */
export const tenantPackageExtraHandlers: Record<string, ExtraHandler> = {
  select: async ({ ctx, caller }) => {
    requirePlatform(caller);
    return ctx.db.selectFrom('blade_tenant_package').select(['id', 'packageName']).where('isDeleted', '=', 0).orderBy('id').execute();
  },
};
