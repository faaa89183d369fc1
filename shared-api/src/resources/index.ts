import { type EndpointsDef, isEndpoints, type RegistryEntry, type ResourceDef } from '../resource.js';
import { appWorkflow, appWorkflowNode } from './blade-abs/app-workflow.js';
import { appWorkflowMatter, appWorkflowMatterLog } from './blade-abs/app-workflow-matter.js';
import { sodLog } from './blade-abs/sod-log.js';
import { sodRule } from './blade-abs/sod-rule.js';
import { appDownloadRecord } from './blade-appmanage/app-download.js';
import { appManage } from './blade-appmanage/app-manage.js';
import { appMember } from './blade-appmanage/app-member.js';
import { appStartLog, appStartLogClient } from './blade-appmanage/app-start-log.js';
import { appStatistics } from './blade-appmanage/app-statistics.js';
import { appVersion } from './blade-appmanage/app-version.js';
import { wxApp } from './blade-appmanage/wx-app.js';
import { wxMenu } from './blade-appmanage/wx-menu.js';
import { wxMessageSend } from './blade-appmanage/wx-message-send.js';
import { wxMini } from './blade-appmanage/wx-mini.js';
import { wxUser } from './blade-appmanage/wx-user.js';
import { app } from './blade-aps/app.js';
import { appAnalysis } from './blade-aps/app-analysis.js';
import { appClient } from './blade-aps/app-client.js';
import { appFavorites } from './blade-aps/app-favorites.js';
import { appLoginLog } from './blade-aps/app-login-log.js';
import { appMenu } from './blade-aps/app-menu.js';
import { appMenuFunction } from './blade-aps/app-menu-function.js';
import { appRole } from './blade-aps/app-role.js';
import { appRoleFunction, appRoleMenu } from './blade-aps/app-role-grants.js';
import { appUser } from './blade-aps/app-user.js';
import { userAuthorizedFunction } from './blade-aps/user-authorized-function.js';
import { userAuthorizedLog } from './blade-aps/user-authorized-log.js';
import { userAuthorizedMenu } from './blade-aps/user-authorized-menu.js';
import { userAuthorizedRole } from './blade-aps/user-authorized-role.js';
import { blog } from './blade-demo/blog.js';
import { dash } from './blade-desk/dash.js';
import { notice } from './blade-desk/notice.js';
import { processLeave } from './blade-desk/process-leave.js';
import { flowFollow } from './blade-flow/flow-follow.js';
import { flowManager } from './blade-flow/flow-manager.js';
import { flowModel } from './blade-flow/flow-model.js';
import { flowProcess } from './blade-flow/flow-process.js';
import { flowWork } from './blade-flow/flow-work.js';
import { ledgerClient } from './blade-ledger/ledger-client.js';
import { ledgerEntry } from './blade-ledger/ledger-entry.js';
import { ledgerComments, ledgerLikes, ledgerLog } from './blade-ledger/ledger-feedback.js';
import { ledgerNetwork } from './blade-ledger/ledger-network.js';
import { logApi } from './blade-log/log-api.js';
import { logError } from './blade-log/log-error.js';
import { logLogin } from './blade-log/log-login.js';
import { logUsual } from './blade-log/log-usual.js';
import { securityLog } from './blade-log/security-verify.js';
import { friendlyLink, friendlyLinkClient } from './blade-portal/friendly-link.js';
import { portalApp } from './blade-portal/portal-app.js';
import { reportFile } from './blade-report/report.js';
import { attach } from './blade-resource/attach.js';
import { oss } from './blade-resource/oss.js';
import { sms } from './blade-resource/sms.js';
import { apiScope } from './blade-system/api-scope.js';
import { client } from './blade-system/client.js';
import { code } from './blade-system/code.js';
import { compliance } from './blade-system/compliance.js';
import { dataScope } from './blade-system/data-scope.js';
import { datasource } from './blade-system/datasource.js';
import { dept } from './blade-system/dept.js';
import { dict } from './blade-system/dict.js';
import { dictBiz } from './blade-system/dict-biz.js';
import { menu } from './blade-system/menu.js';
import { param } from './blade-system/param.js';
import { post } from './blade-system/post.js';
import { region } from './blade-system/region.js';
import { role } from './blade-system/role.js';
import { socialProvider } from './blade-system/social-provider.js';
import { syncRule } from './blade-system/sync-rule.js';
import { syncRun, syncSource } from './blade-system/sync-source.js';
import { tenant } from './blade-system/tenant.js';
import { tenantPackage } from './blade-system/tenant-package.js';
import { topMenu } from './blade-system/top-menu.js';
import { user } from './blade-user/user.js';

/**
 * Every resource and endpoint group, by SDK namespace. Add one here and every front end follows.
 */
export const registry = {
  system: {
    param,
    dict,
    dictBiz,
    tenantPackage,
    menu,
    tenant,
    client,
    datasource,
    code,
    dept,
    post,
    role,
    dataScope,
    apiScope,
    topMenu,
    region,
    socialProvider,
    syncSource,
    syncRun,
    syncRule,
    compliance,
  },
  user: { user },
  log: { usual: logUsual, api: logApi, error: logError, login: logLogin, security: securityLog },
  desk: { notice, dash },
  resource: { oss, attach, sms },
  report: { reportFile },
  aps: {
    app,
    appUser,
    appLoginLog,
    appFavorites,
    appAnalysis,
    appMenu,
    appMenuFunction,
    appRole,
    appRoleMenu,
    appRoleFunction,
    userAuthorizedRole,
    userAuthorizedMenu,
    userAuthorizedFunction,
    userAuthorizedLog,
    client: appClient,
  },
  sod: { rule: sodRule, log: sodLog },
  portal: { app: portalApp, friendlyLink, friendly: friendlyLinkClient },
  ledger: {
    entry: ledgerEntry,
    comments: ledgerComments,
    likes: ledgerLikes,
    log: ledgerLog,
    network: ledgerNetwork,
    client: ledgerClient,
  },
  workflow: { appWorkflow, appWorkflowNode, appWorkflowMatter, appWorkflowMatterLog },
  appmanage: {
    appManage,
    appMember,
    appVersion,
    appDownloadRecord,
    appStartLog,
    appStartLogClient,
    appStatistics,
  },
  wechat: { wxApp, wxMenu, wxUser, wxMessageSend, mini: wxMini },
  flow: { model: flowModel, manager: flowManager, work: flowWork, follow: flowFollow, process: flowProcess, leave: processLeave },
  demo: { blog },
} as const;

export type Registry = typeof registry;

/** Every resource and endpoint group, in the registry's order (the CLI names commands in it). */
export const allEntries: RegistryEntry[] = Object.values(registry).flatMap((group) => Object.values(group) as RegistryEntry[]);

/** Every resource with a table of its own (the generic routes, pages and commands). */
export const allResources: ResourceDef[] = allEntries.filter((entry): entry is ResourceDef => !isEndpoints(entry));

/** Every group of endpoints that are not the CRUD of a table (statistics, portal calls, workflow actions). */
export const allEndpoints: EndpointsDef[] = allEntries.filter(isEndpoints);

/**
 * Menu code → the resource whose screen that menu opens (its `permission`); endpoint groups share
 * a menu's code without being its screen. Several resources under one code: the first listed.
 */
const resourcesByMenu = new Map<string, ResourceDef>();
for (const def of allResources) if (!resourcesByMenu.has(def.permission)) resourcesByMenu.set(def.permission, def);

/** The registry resource a menu code opens, if any. */
export const resourceForMenu = (code: string): ResourceDef | undefined => resourcesByMenu.get(code);

/**
 * The registry entry a menu code belongs to: its resource, else the endpoint group carrying the
 * code (a statistics screen, the workflow's screens), the first listed when several do.
 */
export const entryForMenu = (code: string): RegistryEntry | undefined =>
  resourcesByMenu.get(code) ?? allEndpoints.find((group) => group.permission === code);

export * from './blade-abs/app-workflow.js';
export * from './blade-abs/app-workflow-matter.js';
export * from './blade-abs/sod-log.js';
export * from './blade-abs/sod-rule.js';
export * from './blade-appmanage/app-download.js';
export * from './blade-appmanage/app-manage.js';
export * from './blade-appmanage/app-member.js';
export * from './blade-appmanage/app-start-log.js';
export * from './blade-appmanage/app-statistics.js';
export * from './blade-appmanage/app-version.js';
export { APP_TYPES, appManageMessages, appTypeLabels } from './blade-appmanage/appmanage-messages.js';
export * from './blade-appmanage/wx-app.js';
export * from './blade-appmanage/wx-menu.js';
export * from './blade-appmanage/wx-message-send.js';
export * from './blade-appmanage/wx-messages.js';
export * from './blade-appmanage/wx-mini.js';
export * from './blade-appmanage/wx-user.js';
export * from './blade-aps/app.js';
export * from './blade-aps/app-authz-messages.js';
export * from './blade-aps/app-client.js';
export { appLogChartQuery } from './blade-aps/app-login-log.js';
export * from './blade-aps/app-menu.js';
export * from './blade-aps/app-menu-function.js';
export * from './blade-aps/app-role.js';
export * from './blade-aps/app-role-grants.js';
export { appUserMessages } from './blade-aps/app-user.js';
export * from './blade-aps/grant-shapes.js';
export * from './blade-aps/user-authorized-function.js';
export * from './blade-aps/user-authorized-log.js';
export * from './blade-aps/user-authorized-menu.js';
export * from './blade-aps/user-authorized-role.js';
export * from './blade-demo/blog.js';
export { appMissRow, userTypeCount } from './blade-desk/dash.js';
export * from './blade-desk/dash-summary.js';
export { noticeMessages } from './blade-desk/notice.js';
export { type LeaveDetail, leaveDetail, leaveFields, processLeave } from './blade-desk/process-leave.js';
export * from './blade-flow/flow-follow.js';
export * from './blade-flow/flow-manager.js';
export * from './blade-flow/flow-messages.js';
export * from './blade-flow/flow-model.js';
export * from './blade-flow/flow-process.js';
export * from './blade-flow/flow-shapes.js';
export * from './blade-flow/flow-work.js';
export * from './blade-ledger/ledger-client.js';
export { COMMENT_MAX, ledgerMessages } from './blade-ledger/ledger-messages.js';
export { logMessages } from './blade-log/log-columns.js';
export * from './blade-log/security-verify.js';
export { friendlyLinkMessages } from './blade-portal/friendly-link.js';
export { type PortalAppRow, portalAppRow, portalMessages } from './blade-portal/portal-app.js';
export { reportFile } from './blade-report/report.js';
export { attach } from './blade-resource/attach.js';
export { bladeFile, OSS_LOCAL, oss } from './blade-resource/oss.js';
export * from './blade-resource/resource-messages.js';
export { SMS_LOG, sms, smsLogRow } from './blade-resource/sms.js';
export * from './blade-system/api-scope.js';
export { clientMessages, GRANT_TYPES } from './blade-system/client.js';
export * from './blade-system/code.js';
export * from './blade-system/compliance.js';
export * from './blade-system/data-scope.js';
export { datasourceMessages } from './blade-system/datasource.js';
export * from './blade-system/dept.js';
export * from './blade-system/dept-tree.js';
export * from './blade-system/dict-bulk.js';
export * from './blade-system/dict-shape.js';
export * from './blade-system/menu.js';
export * from './blade-system/menu-shape.js';
export * from './blade-system/platform-roles.js';
export * from './blade-system/post.js';
export * from './blade-system/region.js';
export * from './blade-system/role.js';
export {
  SOCIAL_KINDS,
  type SocialKind,
  socialBinding,
  socialMessages,
  socialProvider,
  socialProviderOption,
} from './blade-system/social-provider.js';
export * from './blade-system/sync-rule.js';
export * from './blade-system/sync-source.js';
export { tenantMessages } from './blade-system/tenant.js';
export * from './blade-system/top-menu.js';
export { updatePasswordFields, userFilters, userProfile } from './blade-user/user-extras.js';
export { PASSWORD_CHANGE, type UserRow, userEntity, userRow } from './blade-user/user-fields.js';
export { rowMessage, userMessages } from './blade-user/user-messages.js';
export { client, datasource, dict, dictBiz, menu, param, tenant, tenantPackage, user };
