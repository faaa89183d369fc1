import { splitRedirectUris } from '@sso/shared-api';
import type { RedirectSource } from '../auth/redirects.js';
import type { AppContext } from '../context.js';
import { live } from '../kernel/live-rows.js';
import { APP_TABLE } from './catalogue.js';

/**
 * Applications are the second place redirect URIs are registered: every enabled application's
 * `redirectUris` count for the hand-off check of its own tenant's callers (a protocol asks of one
 * application with `isRegisteredForApp`, registered-uris.ts). The composition root registers it.
 */
export const appRedirectSource: RedirectSource = {
  table: APP_TABLE,
  async load(ctx: AppContext) {
    const rows = await ctx.db
      .selectFrom('blade_app')
      .select(['redirectUris', 'tenantId'])
      .where('status', '=', 1)
      .$call(live(null))
      .execute();
    return rows.flatMap((row) => splitRedirectUris(row.redirectUris).map((uri) => ({ uri, tenantId: row.tenantId })));
  },
};
