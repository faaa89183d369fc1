import { appAskingPermissionClaims } from '../apps/oidc-apps.js';
import type { AppContext } from '../context.js';
import { appPermissionsFor } from '../domain/app-permissions.js';

/** Claims an application that opted in (its `permissionClaims` is 1) receives about the user: their roles and function codes in it. */
export const PERMISSION_CLAIMS = ['app_roles', 'app_functions'] as const;

/**
 * `app_roles` (role codes) and `app_functions` (function and button codes) of the user in the
 * application a token is for, from the cached permission answer; nothing for an application that
 * did not opt in or when no application is named.
 */
export async function permissionClaims(
  ctx: AppContext,
  user: { tenant_id: string; user_id: string },
  clientId: string | undefined,
): Promise<Record<string, string[]>> {
  if (!clientId) return {};
  const appId = await appAskingPermissionClaims(ctx, user.tenant_id, clientId);
  if (!appId) return {};
  const answer = await appPermissionsFor(ctx, { tenantId: user.tenant_id, appId, userId: user.user_id });
  return { app_roles: answer.roles.map((role) => role.roleAlias), app_functions: answer.functions };
}
