import { matchRegisteredRedirect, splitRedirectUris } from '@sso/shared-api';

/**
 * The target, normalised, when it lies under one of this application's own registered redirect
 * URIs: what every protocol asks before a code, ticket or token goes to an address, so that none
 * ever goes to another application's address.
 */
export function isRegisteredForApp(app: { redirectUris: string | null }, target: string): URL | undefined {
  return matchRegisteredRedirect(target, splitRedirectUris(app.redirectUris));
}
