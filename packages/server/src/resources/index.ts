import { allResources, type ResourceDef, registry } from '@sso/shared-api';
import { bindResource } from '../engine/bind.js';
import type { ServerResource } from '../engine/types.js';
import { appResource } from './app/index.js';
import { appAnalysisResource } from './app-analysis/index.js';
import { appClientResource } from './app-client/index.js';
import { appFavoritesResource } from './app-favorites/index.js';
import { appLoginLogResource } from './app-login-log/index.js';
import { appMenuResource } from './app-menu/index.js';
import { appMenuFunctionResource } from './app-menu-function/index.js';
import { appRoleResource } from './app-role/index.js';
import { appRoleFunctionResource, appRoleMenuResource } from './app-role-grants/index.js';
import { appUserResource } from './app-user/index.js';
import { appWorkflowNodeResource, appWorkflowResource } from './app-workflow/index.js';
import { appWorkflowMatterLogResource, appWorkflowMatterResource } from './app-workflow-matter/index.js';
import {
  appDownloadRecordResource,
  appManageResource,
  appMemberResource,
  appStartLogClientResource,
  appStartLogResource,
  appStatisticsResource,
  appVersionResource,
} from './appmanage/index.js';
import { attachResource } from './attach/index.js';
import { blogResource } from './blog/index.js';
import { clientResource } from './client/index.js';
import { codeResource } from './code/index.js';
import { dashResource } from './dash/index.js';
import { datasourceResource } from './datasource/index.js';
import { deptResource } from './dept/index.js';
import { dictBizResource, dictResource } from './dict/index.js';
import {
  flowFollowResource,
  flowManagerResource,
  flowModelResource,
  flowProcessResource,
  flowWorkResource,
  processLeaveResource,
} from './flow/index.js';
import {
  appNetworkResource,
  appParameterCommentsResource,
  appParameterLikeResource,
  appParameterLogResource,
  appParameterResource,
  ledgerClientResource,
} from './ledger/index.js';
import { menuResource } from './menu/index.js';
import { noticeResource } from './notice/index.js';
import { ossResource } from './oss/index.js';
import { friendlyLinkClientResource, friendlyLinkResource, portalAppResource } from './portal/index.js';
import { postResource } from './post/index.js';
import { regionResource } from './region/index.js';
import { reportResource } from './report/index.js';
import { roleResource } from './role/index.js';
import { apiScopeResource, dataScopeResource } from './scope/index.js';
import { smsResource } from './sms/index.js';
import { socialProviderResource } from './social-provider/index.js';
import { appIncompatibleLogResource, appIncompatibleRuleResource } from './sod/index.js';
import { tenantResource } from './tenant/index.js';
import { tenantPackageResource } from './tenant-package/index.js';
import { topMenuResource } from './top-menu/index.js';
import { userResource } from './user/index.js';
import { userAuthorizedFunctionResource, userAuthorizedMenuResource, userAuthorizedRoleResource } from './user-authorized/index.js';

/**
 * Every resource the server serves: each contract definition bound to its rules and extra
 * handlers. Resources with neither (parameters, the logs) are served by the generic routes alone.
 */
const serverResources: readonly ServerResource[] = [
  bindResource(registry.system.param),
  dictResource,
  dictBizResource,
  tenantPackageResource,
  menuResource,
  tenantResource,
  clientResource,
  datasourceResource,
  codeResource,
  deptResource,
  postResource,
  roleResource,
  dataScopeResource,
  apiScopeResource,
  topMenuResource,
  regionResource,
  socialProviderResource,
  userResource,
  bindResource(registry.log.usual),
  bindResource(registry.log.api),
  bindResource(registry.log.error),
  bindResource(registry.log.login),
  noticeResource,
  dashResource,
  ossResource,
  attachResource,
  smsResource,
  reportResource,
  appResource,
  appUserResource,
  appMenuResource,
  appMenuFunctionResource,
  appRoleResource,
  appRoleMenuResource,
  appRoleFunctionResource,
  userAuthorizedRoleResource,
  userAuthorizedMenuResource,
  userAuthorizedFunctionResource,
  bindResource(registry.aps.userAuthorizedLog),
  appClientResource,
  appIncompatibleRuleResource,
  appIncompatibleLogResource,
  appLoginLogResource,
  appFavoritesResource,
  appAnalysisResource,
  portalAppResource,
  friendlyLinkResource,
  friendlyLinkClientResource,
  appWorkflowResource,
  appWorkflowNodeResource,
  appWorkflowMatterResource,
  appWorkflowMatterLogResource,
  appParameterResource,
  appParameterCommentsResource,
  appParameterLikeResource,
  appParameterLogResource,
  appNetworkResource,
  ledgerClientResource,
  appManageResource,
  appMemberResource,
  appVersionResource,
  appDownloadRecordResource,
  appStartLogResource,
  appStartLogClientResource,
  appStatisticsResource,
  blogResource,
  flowModelResource,
  flowManagerResource,
  flowWorkResource,
  flowFollowResource,
  flowProcessResource,
  processLeaveResource,
];

/**
 * The server's resources, then those a test serves beside them: a fake definition (no rules, no
 * extras), or a definition already bound to its rules (a generated resource).
 */
export function resourcesToServe(testResources: readonly (ResourceDef | ServerResource)[] = []): ServerResource[] {
  const served = new Set(serverResources.map((resource) => resource.def));
  const missing = allResources.filter((def) => !served.has(def));
  // A registry resource left out of the list above would silently lose its routes.
  if (missing.length) throw new Error(`Not served: ${missing.map((def) => def.basePath).join(', ')}`);
  return [...serverResources, ...testResources.map((item) => ('def' in item ? item : bindResource(item)))];
}
