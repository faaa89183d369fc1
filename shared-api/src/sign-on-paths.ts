/**
 * The sign-in page's calls that hand a signed-in browser on to an application, by protocol. They
 * are made from /login, before the console's resource definitions load, so they are calls of the
 * SDK's sign-in part rather than registry resources.
 */
export const CAS_TICKET_PATH = '/api/blade-auth/cas/ticket';
export const CAS_GATEWAY_PATH = '/api/blade-auth/cas/gateway';
export const CAS_LOGOUT_PATH = '/api/blade-auth/cas/logout';
/** SAML: the response of a pending AuthnRequest (`request`) or of an IdP-initiated sign-on (`appCode`), to post to the application. */
export const SAML_RESPONSE_PATH = '/api/blade-auth/saml/response';
/** SAML: ends this session; the application's LogoutResponse to post back, when a LogoutRequest (`request`) asked for it. */
export const SAML_LOGOUT_PATH = '/api/blade-auth/saml/logout';
/** SAML: rotates the caller's tenant signing key (first a next key is published beside the current one, then it becomes current). */
export const SAML_ROTATE_KEY_PATH = '/api/blade-auth/saml/rotate-key';
/** The sign-in page's parameters: a pending SAML request's key, an application to send an unsolicited response to, a logout. */
export const SAML_LOGIN_PARAM = 'saml';
export const SAML_APP_PARAM = 'samlApp';
export const SAML_LOGOUT_PARAM = 'samlLogout';
/** The name of the application asking for a sign-in, by its code (public). */
export const APP_NAME_PATH = '/api/blade-auth/oauth/getAppNameByAppCode';
/**
 * A tenant's enabled social sign-in providers (public): the social-provider resource's `publicList`
 * extra, named here because the sign-in page carries no resource namespaces.
 */
export const SOCIAL_PROVIDERS_PATH = '/api/blade-system/social-provider/public-list';
/** The provider address to open for a social sign-in, or with `bind=true` a binding (public). */
export const SOCIAL_AUTHORIZE_PATH = '/api/blade-auth/oauth/social/authorize';
/** BladeX's token endpoint, which also answers `grant_type=sso`: the hand-off to an application. */
export const OAUTH_TOKEN_PATH = '/api/blade-auth/oauth/token';
/** Drops the server's cached dictionaries, parameters and menus (the tag bar's 清除缓存). */
export const CLEAR_CACHE_PATH = '/api/blade-auth/oauth/clear-cache';

/** A SAML message the browser posts to an application (HTTP-POST binding): the address and the form's fields. */
export interface SamlPost {
  url: string;
  fields: Record<string, string>;
}

/** Where the server sends the browser next: an application's address with its ticket or token. */
export interface NextAddress {
  url: string;
}
