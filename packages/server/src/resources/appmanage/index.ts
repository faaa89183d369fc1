import { registry } from '@sso/shared-api';
import { bindEndpoints, bindResource } from '../../engine/bind.js';
import { appManageExtraHandlers, appManageRules } from './apps.js';
import { appDownloadRecordExtraHandlers, appDownloadRecordRules } from './downloads.js';
import { appMemberExtraHandlers } from './members.js';
import { appStartLogClientExtraHandlers, appStartLogExtraHandlers } from './start-logs.js';
import { appStatisticsExtraHandlers } from './statistics.js';
import { appVersionExtraHandlers, appVersionRules } from './versions.js';

export { registerAppDownloadRoute } from './download-route.js';

const r = registry.appmanage;
export const appManageResource = bindResource(r.appManage, { rules: appManageRules, extras: appManageExtraHandlers });
export const appMemberResource = bindResource(r.appMember, { extras: appMemberExtraHandlers });
export const appVersionResource = bindResource(r.appVersion, { rules: appVersionRules, extras: appVersionExtraHandlers });
export const appDownloadRecordResource = bindResource(r.appDownloadRecord, {
  rules: appDownloadRecordRules,
  extras: appDownloadRecordExtraHandlers,
});
export const appStartLogResource = bindResource(r.appStartLog, { extras: appStartLogExtraHandlers });
export const appStartLogClientEndpoints = bindEndpoints(r.appStartLogClient, appStartLogClientExtraHandlers);
export const appStatisticsEndpoints = bindEndpoints(r.appStatistics, appStatisticsExtraHandlers);
