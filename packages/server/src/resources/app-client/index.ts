import { appClient } from '@sso/shared-api';
import { appPermissionsFor } from '../../domain/app-permissions.js';
import { bindEndpoints } from '../../engine/bind.js';
import { defineExtraHandlers } from '../../engine/extra-handlers.js';
import { callingApp } from '../../oidc/app-client-auth.js';

/** An application reads its own menus and functions for one account of its tenant, and nothing of any other application. */
const appClientHandlers = defineExtraHandlers(appClient, {
  permissions: async ({ ctx, request, query }) => {
    const app = await callingApp(ctx, request);
    return appPermissionsFor(ctx, { tenantId: app.tenantId, appId: app.id, account: query.account });
  },
});

export const appClientEndpoints = bindEndpoints(appClient, appClientHandlers);
