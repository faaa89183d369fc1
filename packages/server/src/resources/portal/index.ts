import { registry } from '@sso/shared-api';
import { bindResource } from '../../engine/bind.js';
import { portalAppExtraHandlers } from './extras.js';
import { friendlyExtraHandlers } from './friendly.js';

export const portalAppResource = bindResource(registry.portal.app, { extras: portalAppExtraHandlers });
export const friendlyLinkResource = bindResource(registry.portal.friendlyLink);
export const friendlyLinkClientResource = bindResource(registry.portal.friendly, { extras: friendlyExtraHandlers });
