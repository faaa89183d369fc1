import { appWorkflowMatter, appWorkflowMatterLog } from '@sso/shared-api';
import { bindResource } from '../../engine/bind.js';
import { matterExtraHandlers } from './extras.js';

/** Access requests (read by administrators; the request calls check who acts) and their step log. */
export const appWorkflowMatterResource = bindResource(appWorkflowMatter, { extras: matterExtraHandlers });
export const appWorkflowMatterLogResource = bindResource(appWorkflowMatterLog);
