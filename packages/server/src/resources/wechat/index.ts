import { registry } from '@sso/shared-api';
import { bindEndpoints, bindResource } from '../../engine/bind.js';
import { wxAppRules } from './apps.js';
import { wxMenuExtraHandlers, wxMenuRules } from './menus.js';
import { wxMessageSendExtraHandlers, wxMessageSendRules } from './messages.js';
import { wxMiniExtraHandlers } from './mini.js';
import { wxUserExtraHandlers, wxUserRules } from './users.js';

const r = registry.wechat;
export const wxAppResource = bindResource(r.wxApp, { rules: wxAppRules });
export const wxMenuResource = bindResource(r.wxMenu, { rules: wxMenuRules, extras: wxMenuExtraHandlers });
export const wxUserResource = bindResource(r.wxUser, { rules: wxUserRules, extras: wxUserExtraHandlers });
export const wxMessageSendResource = bindResource(r.wxMessageSend, { rules: wxMessageSendRules, extras: wxMessageSendExtraHandlers });
export const wxMiniEndpoints = bindEndpoints(r.mini, wxMiniExtraHandlers);
