import { forbidden, say, userAuthorizedFunction, userAuthorizedMenu, userAuthorizedRole } from '@sso/shared-api';
import { findApp } from '../../apps/app-lookups.js';
import { appPermissionsFor } from '../../domain/app-permissions.js';
import { revokeDirect } from '../../domain/direct-grants.js';
import { effectiveAccess } from '../../domain/effective-access.js';
import { bindResource } from '../../engine/bind.js';
import { defineExtraHandlers } from '../../engine/extra-handlers.js';
import { bulkRoleGrant } from './bulk.js';
import { directSubmit } from './direct-submit.js';
import { importRoleGrants } from './import.js';
import { resultsInLanguage } from './result-language.js';
import { removeRoleGrants, submitRoleGrant } from './role-grants.js';

const roleHandlers = defineExtraHandlers(userAuthorizedRole, {
  submit: async ({ ctx, caller, repo, body }) => (await repo.detail(caller, await submitRoleGrant(ctx, caller, body))) ?? {},
  remove: async ({ ctx, caller, query }) => {
    await removeRoleGrants(ctx, caller, query.ids, query.reason);
    return true;
  },
  bulk: async ({ ctx, caller, body, request }) => resultsInLanguage(request, await bulkRoleGrant(ctx, caller, body)),
  importGrant: async ({ ctx, caller, body, request }) => resultsInLanguage(request, await importRoleGrants(ctx, caller, body.file)),
  effectiveAccess: async ({ ctx, caller, query }) => effectiveAccess(ctx, caller.tenant_id, query),
});

const menuHandlers = defineExtraHandlers(userAuthorizedMenu, {
  submit: async ({ ctx, caller, repo, body }) =>
    (await repo.detail(caller, await directSubmit(ctx, caller, 'menu', { ...body, itemId: body.menuId }))) ?? {},
  remove: async ({ ctx, caller, query }) => {
    await revokeDirect(
      ctx,
      { tenantId: caller.tenant_id, kind: 'menu', ids: query.ids, reason: query.reason ?? '', source: 'admin' },
      caller,
    );
    return true;
  },
  menuList: async ({ ctx, caller, query }) => {
    const userId = (query.ssoUserId ?? query.userId) as string;
    // Anyone may read their own; reading another user's needs the screen.
    if (userId !== caller.user_id && !(await ctx.permissions.allows(caller, 'userauthorizedmenu'))) throw forbidden(say('forbidden'));
    const found = await findApp(ctx.db, caller.tenant_id, query.appId ? { id: query.appId } : { appCode: query.appCode ?? '' });
    return appPermissionsFor(ctx, { tenantId: caller.tenant_id, appId: found?.id ?? '0', userId });
  },
});

const functionHandlers = defineExtraHandlers(userAuthorizedFunction, {
  submit: async ({ ctx, caller, repo, body }) =>
    (await repo.detail(caller, await directSubmit(ctx, caller, 'function', { ...body, itemId: body.functionId }))) ?? {},
  remove: async ({ ctx, caller, query }) => {
    await revokeDirect(
      ctx,
      { tenantId: caller.tenant_id, kind: 'function', ids: query.ids, reason: query.reason ?? '', source: 'admin' },
      caller,
    );
    return true;
  },
});

export const userAuthorizedRoleResource = bindResource(userAuthorizedRole, { extras: roleHandlers });
export const userAuthorizedMenuResource = bindResource(userAuthorizedMenu, { extras: menuHandlers });
export const userAuthorizedFunctionResource = bindResource(userAuthorizedFunction, { extras: functionHandlers });
