import { allEndpoints, allResources, type ResourceDef } from '@sso/shared-api';
import { bindResource } from '../engine/bind.js';
import type { ServedEndpoints, ServerResource } from '../engine/types.js';
import { appResource } from './app/index.js';
import { appAnalysisEndpoints } from './app-analysis/index.js';
import { appClientEndpoints } from './app-client/index.js';
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
  appStartLogClientEndpoints,
  appStartLogResource,
  appStatisticsEndpoints,
  appVersionResource,
} from './appmanage/index.js';
import { attachResource } from './attach/index.js';
import { blogResource } from './blog/index.js';
import { clientResource } from './client/index.js';
import { codeResource } from './code/index.js';
import { complianceEndpoints } from './compliance/index.js';
import { dashEndpoints } from './dash/index.js';
import { datasourceResource } from './datasource/index.js';
import { deptResource } from './dept/index.js';
import { dictBizResource, dictResource } from './dict/index.js';
import {
  flowFollowEndpoints,
  flowManagerEndpoints,
  flowModelEndpoints,
  flowProcessEndpoints,
  flowWorkEndpoints,
  processLeaveEndpoints,
} from './flow/index.js';
import {
  ledgerClientEndpoints,
  ledgerCommentsResource,
  ledgerEntryResource,
  ledgerLikesResource,
  ledgerLogResource,
  ledgerNetworkResource,
} from './ledger/index.js';
import { menuResource } from './menu/index.js';
import { noticeResource } from './notice/index.js';
import { ossResource } from './oss/index.js';
import { friendlyLinkClientEndpoints, friendlyLinkResource, portalAppEndpoints } from './portal/index.js';
import { postResource } from './post/index.js';
import { regionResource } from './region/index.js';
import { reportResource } from './report/index.js';
import { roleResource } from './role/index.js';
import { apiScopeResource, dataScopeResource } from './scope/index.js';
import { securityLogEndpoints } from './security-log/index.js';
import { smsResource } from './sms/index.js';
import { socialProviderResource } from './social-provider/index.js';
import { sodLogResource, sodRuleResource } from './sod/index.js';
import { syncRuleResource, syncSourceResource } from './sync-source/index.js';
import { tenantResource } from './tenant/index.js';
import { tenantPackageResource } from './tenant-package/index.js';
import { topMenuResource } from './top-menu/index.js';
import { userResource } from './user/index.js';
import { userAuthorizedFunctionResource, userAuthorizedMenuResource, userAuthorizedRoleResource } from './user-authorized/index.js';
import { wxAppResource, wxMenuResource, wxMessageSendResource, wxMiniEndpoints, wxUserResource } from './wechat/index.js';

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
  syncSourceResource,
  syncRuleResource,
  userResource,
  noticeResource,
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
  sodRuleResource,
  sodLogResource,
  appLoginLogResource,
  appFavoritesResource,
  friendlyLinkResource,
  appWorkflowResource,
  appWorkflowNodeResource,
  appWorkflowMatterResource,
  appWorkflowMatterLogResource,
  ledgerEntryResource,
  ledgerCommentsResource,
  ledgerLikesResource,
  ledgerLogResource,
  ledgerNetworkResource,
  appManageResource,
  appMemberResource,
  appVersionResource,
  appDownloadRecordResource,
  appStartLogResource,
  wxAppResource,
  wxMenuResource,
  wxUserResource,
  wxMessageSendResource,
  blogResource,
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

/** The endpoint groups (calls that are no table's CRUD), each bound to its handlers in its folder. */
const endpointGroups: readonly ServedEndpoints[] = [
  dashEndpoints,
  appClientEndpoints,
  appAnalysisEndpoints,
  portalAppEndpoints,
  friendlyLinkClientEndpoints,
  ledgerClientEndpoints,
  appStartLogClientEndpoints,
  appStatisticsEndpoints,
  flowModelEndpoints,
  flowManagerEndpoints,
  flowWorkEndpoints,
  flowFollowEndpoints,
  flowProcessEndpoints,
  processLeaveEndpoints,
  wxMiniEndpoints,
  securityLogEndpoints,
  complianceEndpoints,
];

/** Every endpoint group of the registry, bound; one without handlers stops the server at start, naming it. */
export function endpointsToServe(): ServedEndpoints[] {
  const bound = new Map(endpointGroups.map((group) => [group.def, group]));
  return allEndpoints.map((def) => {
    const group = bound.get(def);
    if (!group) throw new Error(`No server handlers for the endpoints of ${def.basePath}`);
    return group;
  });
}
