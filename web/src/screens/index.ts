import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { ScreenProps } from './screen-props.js';

/**
 * SPECIFIC screens, by path: a menu path as the server sends it (`/system/user`) or a fixed admin
 * route (`/info/index`). A path listed here wins over the generic CRUD page of the registry
 * resource the menu's code opens (`resourceForMenu`: the resource whose permission is that code).
 * Tree resources (`shape: 'tree'`, menu and dept) list through tree-table-screen. Add one line per
 * screen:
 *
 *   '/system/user': lazy(() => import('./system/user-screen.js')),
 *
 * The component gets `ScreenProps` (the menu item and, when one matches, the registry resource).
 */
export const screens: Record<string, LazyExoticComponent<ComponentType<ScreenProps>>> = {
  '/wel/index': lazy(() => import('../pages/wel/wel-page.js')),
  '/info/index': lazy(() => import('../pages/info-page.js')),
  '/test/index': lazy(() => import('../pages/test-page.js')),
  '/demo/demo': lazy(() => import('../pages/demo-page.js')),
  '/myiframe/*': lazy(() => import('../pages/iframe-page.js')),
  '/monitor/log/usual': lazy(() => import('./log/usual-log-screen.js')),
  '/monitor/log/api': lazy(() => import('./log/api-log-screen.js')),
  '/monitor/log/error': lazy(() => import('./log/error-log-screen.js')),
  '/monitor/log/login': lazy(() => import('./log/login-log-screen.js')),
  '/desk/notice': lazy(() => import('./desk/notice-screen.js')),
  '/resource/oss': lazy(() => import('./resource/oss-screen.js')),
  '/resource/attach': lazy(() => import('./resource/attach-screen.js')),
  '/resource/sms': lazy(() => import('./resource/sms-screen.js')),
  '/report/reportlist': lazy(() => import('./report/report-screen.js')),
  '/system/user': lazy(() => import('./user/user-screen.js')),
  '/system/dict': lazy(() => import('./dict/system-dict-screen.js')),
  '/system/dictbiz': lazy(() => import('./dict/system-dict-screen.js')),
  '/dict-horizontal/index': lazy(() => import('./dict/dict-horizontal-screen.js')),
  '/dict-vertical/index': lazy(() => import('./dict/dict-vertical-screen.js')),
  '/authority/role': lazy(() => import('./authority/role-screen.js')),
  '/system/tenantpackage': lazy(() => import('./tenant/package-screen.js')),
  '/system/tenant': lazy(() => import('./tenant/tenant-screen.js')),
  '/system/client': lazy(() => import('./tenant/client-screen.js')),
  '/system/menu': lazy(() => import('./system/tree-table-screen.js')),
  '/system/dept': lazy(() => import('./system/tree-table-screen.js')),
  '/base/region': lazy(() => import('./region/region-screen.js')),
  '/aps/app': lazy(() => import('./aps/app-screen.js')),
  '/aps/apploginlog': lazy(() => import('./aps/app-login-log-screen.js')),
  '/aps/appanalysis': lazy(() => import('./aps/app-analysis-screen.js')),
  '/aps/appuser': lazy(() => import('./aps/app-user-screen.js')),
  '/aps/appmenu': lazy(() => import('./aps/app-menu-screen.js')),
  '/aps/approle': lazy(() => import('./aps/app-role-screen.js')),
  '/aps/approlemenu': lazy(() => import('./aps/app-role-screen.js')),
  '/aps/approlefunction': lazy(() => import('./aps/app-role-screen.js')),
  '/aps/userauthorizedrole': lazy(() => import('./aps/user-grant-screen.js')),
  '/aps/userauthorizedmenu': lazy(() => import('./aps/user-grant-screen.js')),
  '/aps/userauthorizedfunction': lazy(() => import('./aps/user-grant-screen.js')),
  '/abs/appincompatiblerule': lazy(() => import('./aps/sod-rule-screen.js')),
  '/portal/friendlylink': lazy(() => import('./aps/friendly-link-screen.js')),
  '/appmanage/appversionmanage': lazy(() => import('./appmanage/version-screen.js')),
  '/appmanage/appmembermanage': lazy(() => import('./appmanage/member-screen.js')),
  '/appmanage/appstatistics': lazy(() => import('./appmanage/statistics-screen.js')),
  '/ledger/appparameter': lazy(() => import('./ledger/ledger-entry-screen.js')),
  '/abs/appworkflow': lazy(() => import('./abs/workflow-screen.js')),
  '/abs/appworkflownode': lazy(() => import('./abs/workflow-node-screen.js')),
  '/abs/appworkflowmatter': lazy(() => import('./abs/approval-inbox.js')),
  '/work/approvals': lazy(() => import('./abs/approval-inbox.js')),
  '/work/start': lazy(() => import('./work/work-screen.js')),
  '/work/claim': lazy(() => import('./work/work-screen.js')),
  '/work/todo': lazy(() => import('./work/work-screen.js')),
  '/work/send': lazy(() => import('./work/work-screen.js')),
  '/work/done': lazy(() => import('./work/work-screen.js')),
  '/work/process/leave/form/:processDefinitionId': lazy(() => import('./work/leave-form-screen.js')),
  '/work/process/leave/handle/:taskId/:processInstanceId/:businessId': lazy(() => import('./work/leave-handle-screen.js')),
  '/work/process/leave/detail/:processInstanceId/:businessId': lazy(() => import('./work/leave-detail-screen.js')),
  '/flow/model': lazy(() => import('./flow/model-screen.js')),
  '/flow/deploy': lazy(() => import('./flow/deploy-screen.js')),
  '/flow/manager': lazy(() => import('./flow/manager-screen.js')),
  '/flow/follow': lazy(() => import('./flow/follow-screen.js')),
  '/tool/code': lazy(() => import('./tool/code-screen.js')),
};
