import { z } from 'zod';
import { defineEndpoints, defineExtra } from '../../resource.js';
import { appAuthzMessages as m } from './app-authz-messages.js';
import { appPermissions } from './grant-shapes.js';

/**
 * Calls an application makes as itself, authenticated by its OpenID Connect client-credentials
 * bearer token or by HTTP Basic `appCode:secret` (no user token): a user's roles, menus and
 * function codes in that application only.
 */
export const appClient = defineEndpoints({
  service: 'blade-aps',
  name: 'app-client',
  basePath: '/api/blade-aps/client',
  permission: 'app',
  rowsOf: 'blade_app',
  endpoints: {
    permissions: defineExtra({
      method: 'GET',
      path: 'permissions',
      summary:
        "The calling application's roles, menu tree and function codes for one of its tenant's accounts (cached; any grant change drops it)",
      query: z.object({ account: z.string(m.say.account).trim().min(1, m.say.account).max(64) }),
      response: appPermissions,
      permission: 'public',
    }),
  },
  title: ['应用权限查询', 'Application permissions'],
});
