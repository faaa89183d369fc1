import { registry } from '@sso/shared-api';
import { bindEndpoints, bindResource } from '../../engine/bind.js';
import { portalAppExtraHandlers } from './extras.js';
import { friendlyExtraHandlers } from './friendly.js';

export const portalAppEndpoints = bindEndpoints(registry.portal.app, portalAppExtraHandlers);
export const friendlyLinkResource = bindResource(registry.portal.friendlyLink);
export const friendlyLinkClientEndpoints = bindEndpoints(registry.portal.friendly, friendlyExtraHandlers);
