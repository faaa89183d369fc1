import { entryForMenu, type RegistryEntry, registry } from '@sso/shared-api';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { ScreenProps } from './screen-props.js';

type Screen = LazyExoticComponent<ComponentType<ScreenProps>>;

const r = registry;

/**
 * The web's own screens of registry entries, keyed by the definition: a menu whose code names the
 * entry (`entryForMenu`) opens its screen instead of the generic CRUD page. Renaming or removing a
 * definition breaks this table at compile time, not a menu at run time. Add one line per screen:
 *
 *   [registry.system.user, lazy(() => import('./user/user-screen.js'))],
 *
 * The component gets `ScreenProps` (the menu item and, when there is one, the registry resource).
 */
// Each menu gets a component of its own (a lazy() per line, even for one module): two tabs showing
// the same module for two definitions never share a component's state.
const entryScreens = new Map<RegistryEntry, Screen>([
  [r.log.usual, lazy(() => import('./log/usual-log-screen.js'))],
  [r.log.api, lazy(() => import('./log/api-log-screen.js'))],
  [r.log.error, lazy(() => import('./log/error-log-screen.js'))],
  [r.log.login, lazy(() => import('./log/login-log-screen.js'))],
  [r.desk.notice, lazy(() => import('./desk/notice-screen.js'))],
  [r.resource.oss, lazy(() => import('./resource/oss-screen.js'))],
  [r.resource.attach, lazy(() => import('./resource/attach-screen.js'))],
  [r.resource.sms, lazy(() => import('./resource/sms-screen.js'))],
  [r.report.reportFile, lazy(() => import('./report/report-screen.js'))],
  [r.user.user, lazy(() => import('./user/user-screen.js'))],
  [r.system.dict, lazy(() => import('./dict/system-dict-screen.js'))],
  [r.system.dictBiz, lazy(() => import('./dict/system-dict-screen.js'))],
  [r.system.role, lazy(() => import('./authority/role-screen.js'))],
  [r.system.tenantPackage, lazy(() => import('./tenant/package-screen.js'))],
  [r.system.tenant, lazy(() => import('./tenant/tenant-screen.js'))],
  [r.system.client, lazy(() => import('./tenant/client-screen.js'))],
  [r.system.menu, lazy(() => import('./system/tree-table-screen.js'))],
  [r.system.dept, lazy(() => import('./system/tree-table-screen.js'))],
  [r.system.region, lazy(() => import('./region/region-screen.js'))],
  [r.system.code, lazy(() => import('./tool/code-screen.js'))],
  [r.aps.app, lazy(() => import('./aps/app-screen.js'))],
  [r.aps.appLoginLog, lazy(() => import('./aps/app-login-log-screen.js'))],
  [r.aps.appAnalysis, lazy(() => import('./aps/app-analysis-screen.js'))],
  [r.aps.appUser, lazy(() => import('./aps/app-user-screen.js'))],
  [r.aps.appMenu, lazy(() => import('./aps/app-menu-screen.js'))],
  [r.aps.appRole, lazy(() => import('./aps/app-role-screen.js'))],
  [r.aps.appRoleMenu, lazy(() => import('./aps/app-role-screen.js'))],
  [r.aps.appRoleFunction, lazy(() => import('./aps/app-role-screen.js'))],
  [r.aps.userAuthorizedRole, lazy(() => import('./aps/user-grant-screen.js'))],
  [r.aps.userAuthorizedMenu, lazy(() => import('./aps/user-grant-screen.js'))],
  [r.aps.userAuthorizedFunction, lazy(() => import('./aps/user-grant-screen.js'))],
  [r.sod.rule, lazy(() => import('./aps/sod-rule-screen.js'))],
  [r.portal.friendlyLink, lazy(() => import('./aps/friendly-link-screen.js'))],
  [r.appmanage.appVersion, lazy(() => import('./appmanage/version-screen.js'))],
  [r.appmanage.appMember, lazy(() => import('./appmanage/member-screen.js'))],
  [r.appmanage.appStatistics, lazy(() => import('./appmanage/statistics-screen.js'))],
  [r.ledger.entry, lazy(() => import('./ledger/ledger-entry-screen.js'))],
  [r.workflow.appWorkflow, lazy(() => import('./abs/workflow-screen.js'))],
  [r.workflow.appWorkflowNode, lazy(() => import('./abs/workflow-node-screen.js'))],
  [r.workflow.appWorkflowMatter, lazy(() => import('./abs/approval-inbox.js'))],
  [r.flow.model, lazy(() => import('./flow/model-screen.js'))],
  [r.flow.manager, lazy(() => import('./flow/manager-screen.js'))],
  [r.flow.follow, lazy(() => import('./flow/follow-screen.js'))],
  [r.wechat.wxApp, lazy(() => import('./wx/wx-app-screen.js'))],
  [r.wechat.wxMenu, lazy(() => import('./wx/wx-menu-screen.js'))],
  [r.wechat.wxUser, lazy(() => import('./wx/wx-user-screen.js'))],
  [r.wechat.wxMessageSend, lazy(() => import('./wx/wx-message-send-screen.js'))],
  [r.wechat.mini, lazy(() => import('./wx/mini-analysis-screen.js'))],
  [r.system.syncSource, lazy(() => import('./sync/sync-source-screen.js'))],
  [r.system.compliance, lazy(() => import('./compliance/compliance-screen.js'))],
]);

/**
 * Screens by path: the fixed admin routes (`/info/index`) and the menus no single registry entry
 * stands for — my work's five lists (one endpoint group, told apart by the menu), deployment, the
 * leave process's forms, the approvals inbox and the demo pages.
 */
export const pathScreens: Record<string, Screen> = {
  '/wel/index': lazy(() => import('../pages/wel/wel-page.js')),
  '/info/index': lazy(() => import('../pages/info-page.js')),
  '/test/index': lazy(() => import('../pages/test-page.js')),
  '/demo/demo': lazy(() => import('../pages/demo-page.js')),
  '/myiframe/*': lazy(() => import('../pages/iframe-page.js')),
  '/dict-horizontal/index': lazy(() => import('./dict/dict-horizontal-screen.js')),
  '/dict-vertical/index': lazy(() => import('./dict/dict-vertical-screen.js')),
  '/work/approvals': lazy(() => import('./abs/approval-inbox.js')),
  '/work/start': lazy(() => import('./work/work-screen.js')),
  '/work/claim': lazy(() => import('./work/work-screen.js')),
  '/work/todo': lazy(() => import('./work/work-screen.js')),
  '/work/send': lazy(() => import('./work/work-screen.js')),
  '/work/done': lazy(() => import('./work/work-screen.js')),
  '/work/process/leave/form/:processDefinitionId': lazy(() => import('./work/leave-form-screen.js')),
  '/work/process/leave/handle/:taskId/:processInstanceId/:businessId': lazy(() => import('./work/leave-handle-screen.js')),
  '/work/process/leave/detail/:processInstanceId/:businessId': lazy(() => import('./work/leave-detail-screen.js')),
  '/flow/deploy': lazy(() => import('./flow/deploy-screen.js')),
};

/** The web's own screen for a menu: its registry entry's, else its path's; none means the generic page. */
export function screenOfMenu(menu: { code: string; rawPath: string }): Screen | undefined {
  const entry = entryForMenu(menu.code);
  return (entry && entryScreens.get(entry)) ?? pathScreens[menu.rawPath];
}
