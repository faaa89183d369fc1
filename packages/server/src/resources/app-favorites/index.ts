import { registry } from '@sso/shared-api';
import { bindResource } from '../../engine/bind.js';

/** Favourites are read here by administrators; each user toggles their own through the portal. */
export const appFavoritesResource = bindResource(registry.aps.appFavorites);
