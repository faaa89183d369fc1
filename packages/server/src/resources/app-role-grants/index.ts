import { appRoleFunction, appRoleMenu } from '@sso/shared-api';
import { bindResource } from '../../engine/bind.js';
import { defineExtraHandlers } from '../../engine/extra-handlers.js';
import { grantRoleDuties, roleDuties } from './grant-role-duties.js';

const appRoleMenuHandlers = defineExtraHandlers(appRoleMenu, {
  grant: async ({ ctx, caller, body }) => {
    await grantRoleDuties(ctx, caller, 'menu', body.appRoleId, body.menuIds);
    return true;
  },
  getRoleMenuList: async ({ ctx, caller, query }) => roleDuties(ctx, caller, 'menu', query.appRoleId),
});

const appRoleFunctionHandlers = defineExtraHandlers(appRoleFunction, {
  grant: async ({ ctx, caller, query }) => {
    await grantRoleDuties(ctx, caller, 'function', query.appRoleId, query.functionIds);
    return true;
  },
  getRoleFuncList: async ({ ctx, caller, query }) => roleDuties(ctx, caller, 'function', query.appRoleId),
});

export const appRoleMenuResource = bindResource(appRoleMenu, { extras: appRoleMenuHandlers });
export const appRoleFunctionResource = bindResource(appRoleFunction, { extras: appRoleFunctionHandlers });
