import { datasource } from '@sso/shared-api';
import { withDataSource } from '../../domain/data-sources.js';
import { requirePlatform } from '../../domain/platform-only.js';
import { defineExtraHandlers } from '../../engine/extra-handlers.js';
import { live } from '../../kernel/live-rows.js';

/** Extras of `datasource`. */
export const datasourceExtraHandlers = defineExtraHandlers(datasource, {
  /** The select box of data sources (platform-wide, read from the platform tenant). */
  select: async ({ ctx, caller }) => {
    requirePlatform(caller);
    return ctx.db.selectFrom('blade_datasource').select(['id', 'name']).$call(live()).orderBy('id').execute();
  },
  /** Connects with the stored data source (PostgreSQL or MySQL/MariaDB) and runs `select 1`. */
  testConnection: async ({ ctx, caller, query }) => {
    await withDataSource(ctx, caller.tenant_id, query.id, (session) => session.query('select 1'));
    return true;
  },
});
