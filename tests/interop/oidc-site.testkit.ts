import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { PROTECTED_PATH, SIGNED_OUT_PATH, WHOAMI_FILE } from './whoami.testkit.js';

/** One application protected by mod_auth_openidc: a virtual host on its own port. */
export interface OidcApplication {
  /** Also the client id (an oidc application's client id is its code). */
  appCode: string;
  origin: string;
  clientSecret: string;
  /**
   * The origin this application's server reaches the platform at (its discovery). An application
   * inside the data centre may use another name than browsers do; discovery must still send
   * browsers to the platform's public address.
   */
  providerOrigin: string;
}

/** Where mod_auth_openidc receives the code, the logout requests and the back-channel logout tokens. */
export const REDIRECT_PATH = '/secure/redirect_uri';

/** The addresses to register for an application at `origin`: the redirect URI and where a logout may return. */
export const registeredUris = (origin: string) => [`${origin}${REDIRECT_PATH}`, `${origin}${SIGNED_OUT_PATH}`];
/** mod_auth_openidc takes back-channel logout tokens at its redirect URI with `?logout=backchannel`. */
export const backchannelUri = (origin: string) => `${origin}${REDIRECT_PATH}?logout=backchannel`;

/**
 * Access tokens live an hour: asking for a refresh when less than 3,700 seconds are left makes the
 * module refresh on every visit of a protected page, so that each visit exercises the
 * refresh-token grant. logout_on_error: a failed refresh ends the local session, as an application
 * that must stop when the platform revokes its tokens is configured.
 */
const REFRESH_WHEN_SECONDS_LEFT = 3700;

/**
 * The Apache configuration of the applications: each its own virtual host, discovering the
 * platform's provider, code flow with PKCE S256, claims handed to the CGI as environment
 * variables. Both hosts are 127.0.0.1 (cookies ignore the port): each keeps its session and state
 * in cookies of its own name.
 */
export function oidcSiteConfig(root: string, apps: readonly OidcApplication[]): string {
  return apps.map((app, index) => virtualHost(root, app, `interop_app${index + 1}`)).join('\n');
}

function virtualHost(root: string, app: OidcApplication, cookie: string): string {
  const port = new URL(app.origin).port;
  return `
<VirtualHost 127.0.0.1:${port}>
  LogLevel warn auth_openidc:debug
  OIDCProviderMetadataURL ${app.providerOrigin}/.well-known/openid-configuration
  OIDCClientID ${app.appCode}
  OIDCClientSecret ${app.clientSecret}
  OIDCProviderTokenEndpointAuth client_secret_basic
  OIDCRedirectURI ${app.origin}${REDIRECT_PATH}
  OIDCCryptoPassphrase ${randomBytes(24).toString('hex')}
  OIDCScope "openid profile email phone"
  OIDCPKCEMethod S256
  OIDCRefreshAccessTokenBeforeExpiry ${REFRESH_WHEN_SECONDS_LEFT} logout_on_error
  OIDCRemoteUserClaim preferred_username
  OIDCPassClaimsAs environment
  OIDCCookie ${cookie}_session
  OIDCStateCookiePrefix ${cookie}_state_
  OIDCCookieSameSite On
  OIDCDefaultLoggedOutURL ${app.origin}${SIGNED_OUT_PATH}
  ScriptAlias ${PROTECTED_PATH} ${join(root, WHOAMI_FILE)}
  <Location /secure/>
    AuthType openid-connect
    # The refresh token is shown too, so that a suite sees it rotate.
    OIDCPassRefreshToken On
    Require valid-user
  </Location>
</VirtualHost>`;
}
