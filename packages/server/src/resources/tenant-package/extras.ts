import { tenantPackage } from '@sso/shared-api';
import { requirePlatform } from '../../domain/platform-only.js';
import { defineExtraHandlers } from '../../engine/extra-handlers.js';
import { live } from '../../kernel/live-rows.js';

/** Extras of `tenant-package`: the select box of packages (platform-wide, read from the platform tenant). */
export const tenantPackageExtraHandlers = defineExtraHandlers(tenantPackage, {
  select: async ({ ctx, caller }) => {
    requirePlatform(caller);
    return ctx.db.selectFrom('blade_tenant_package').select(['id', 'packageName']).$call(live()).orderBy('id').execute();
  },
});
