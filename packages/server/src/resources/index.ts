import { allResources, type ResourceDef } from '@sso/shared-api';
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
import { wxAppResource, wxMenuResource, wxMessageSendResource, wxMiniResource, wxUserResource } from './wechat/index.js';

/**
 * The resources with rules or extra handlers of their own, each bound in its folder. A registry
 * resource with neither (parameters, the logs) needs no folder and is not listed: adding a plain
 * resource is its definition, its migration and its menu seed.
 */
const resourcesWithRules: readonly ServerResource[] = [
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
  wxAppResource,
  wxMenuResource,
  wxUserResource,
  wxMessageSendResource,
  wxMiniResource,
  blogResource,
  flowModelResource,
  flowManagerResource,
  flowWorkResource,
  flowFollowResource,
  flowProcessResource,
  processLeaveResource,
];

/**
 * Every registry resource, in the registry's order: bound with its rules where it has a folder,
 * else served by the generic routes alone; then those a test serves beside them: a fake
 * definition (no rules, no extras) or one already bound to its rules (a generated resource). A
 * resource that declares extras cannot be served plainly: binding it without handlers fails at
 * start, naming it.
 */
export function resourcesToServe(testResources: readonly (ResourceDef | ServerResource)[] = []): ServerResource[] {
  const bound = new Map(resourcesWithRules.map((resource) => [resource.def, resource]));
  const registered = allResources.map((def) => bound.get(def) ?? bindResource(def));
  return [...registered, ...testResources.map((item) => ('def' in item ? item : bindResource(item)))];
}
