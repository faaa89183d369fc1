import { AsyncLocalStorage } from 'node:async_hooks';
import Provider, { type Configuration, interactionPolicy, type KoaContextWithOIDC } from 'oidc-provider';
import { findOidcApp } from '../apps/oidc-apps.js';
import type { AppContext } from '../context.js';
import { clientSecretMatches } from '../kernel/client-secret.js';
import { findAccount, SCOPE_CLAIMS } from './accounts.js';
import { DatabaseAdapter } from './adapter.js';
import { backchannelDelivery } from './backchannel-delivery.js';
import { CatalogueClients, reuseClients } from './clients.js';
import { GRANT_LIFETIME_SECONDS } from './grant-sessions.js';
import { cookieKeys, providerSigningKeys } from './keys.js';
import { logoutSource, postLogoutSuccessSource, renderError } from './pages.js';
import { pinOrigin } from './pinned-origin.js';
import { bindProviderSessions, signedInGrant } from './platform-session.js';
import { endPlatformSessionOnLogout } from './single-logout.js';
import { currentBatch, withWriteBatch } from './write-batch.js';

/** Where the provider's endpoints live; discovery stays at the server root (/.well-known/openid-configuration). */
export const OIDC_PREFIX = '/oidc';
/** The platform API the web sign-in page calls to finish an interaction (and where the provider sends the browser first). */
export const INTERACTION_PATH = '/api/blade-auth/oidc/interaction';

const ES256_ONLY = ['ES256'];

/**
 * The tenant of the application whose logout token is being posted, known for the duration of its
 * `backchannelLogout` call: the post passes the outbound gate as that tenant, never as another
 * tenant that registered the same address.
 */
const postingFor = new AsyncLocalStorage<string>();

/** The provider's client method that posts a logout token (left out of its type definitions). */
type BackchannelLogout = (this: { clientId: string }, sub: string, sid: string) => Promise<void>;

/** Every logout token of a client is posted as the tenant of the client's own application. */
function postAsClientTenant(ctx: AppContext, provider: Provider): void {
  const prototype = provider.Client.prototype as unknown as { backchannelLogout: BackchannelLogout };
  const post = prototype.backchannelLogout;
  prototype.backchannelLogout = async function backchannelLogout(sub, sid) {
    const app = await findOidcApp(ctx, this.clientId);
    if (!app) throw new Error(`no enabled oidc application ${this.clientId}`);
    return postingFor.run(app.tenantId, () => post.call(this, sub, sid));
  };
}

/**
 * The OpenID Connect provider of the applications (those of protocol `oidc`). Everything it keeps
 * is in the database; clients come from the catalogue; ID tokens are signed with the platform's
 * keys. No grant is reused from an earlier visit: every authorization is checked and recorded
 * by the one sign-on pipeline, either in the authorization request itself (a browser signed in
 * to the platform, no fresh sign-in asked for: see platform-session.ts) or through the
 * interaction (the platform's sign-in page and the interaction API).
 */
export async function createProvider(ctx: AppContext, issuer: string): Promise<Provider> {
  const deliver = backchannelDelivery(ctx);
  const policy = interactionPolicy.base();
  // What asks for the sign-in page even when the browser is signed in: every check of the login
  // prompt (prompt=login, max_age, id_token_hint…), and prompt=consent.
  const pageChecks = [...(policy.get('login')?.checks ?? []), policy.get('consent')?.checks.get('consent_prompt')];
  if (pageChecks.length < 2 || pageChecks.includes(undefined)) throw new Error("the provider's interaction policy has changed");
  const clients = new CatalogueClients(ctx);
  const configuration: Configuration = {
    adapter: (name: string) => (name === 'Client' ? clients : new DatabaseAdapter(ctx.db, name)),
    findAccount: (koa: KoaContextWithOIDC, sub: string, token) => findAccount(ctx, koa, sub, token),
    claims: SCOPE_CLAIMS,
    scopes: ['openid', 'profile', 'email', 'phone', 'offline_access'],
    jwks: { keys: (await providerSigningKeys(ctx.db)) as never },
    cookies: { keys: await cookieKeys(ctx.db) },
    clientAuthMethods: ['client_secret_basic', 'client_secret_post'],
    clientDefaults: { id_token_signed_response_alg: 'ES256', token_endpoint_auth_method: 'client_secret_basic' },
    enabledJWA: {
      idTokenSigningAlgValues: ES256_ONLY as never,
      userinfoSigningAlgValues: ES256_ONLY as never,
      introspectionSigningAlgValues: ES256_ONLY as never,
      authorizationSigningAlgValues: ES256_ONLY as never,
      requestObjectSigningAlgValues: ES256_ONLY as never,
      clientAuthSigningAlgValues: ES256_ONLY as never,
    },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      revocation: { enabled: true },
      rpInitiatedLogout: { enabled: true, logoutSource, postLogoutSuccessSource },
      backchannelLogout: { enabled: true },
    },
    routes: {
      authorization: `${OIDC_PREFIX}/auth`,
      token: `${OIDC_PREFIX}/token`,
      userinfo: `${OIDC_PREFIX}/me`,
      jwks: `${OIDC_PREFIX}/jwks`,
      end_session: `${OIDC_PREFIX}/session/end`,
      revocation: `${OIDC_PREFIX}/token/revocation`,
      introspection: `${OIDC_PREFIX}/token/introspection`,
      pushed_authorization_request: `${OIDC_PREFIX}/request`,
      registration: `${OIDC_PREFIX}/reg`,
      code_verification: `${OIDC_PREFIX}/device`,
      device_authorization: `${OIDC_PREFIX}/device/auth`,
      backchannel_authentication: `${OIDC_PREFIX}/backchannel`,
      challenge: `${OIDC_PREFIX}/challenge`,
    },
    renderError: (koa, out) => renderError(koa, { ...out }),
    interactions: { policy, url: (_koa, interaction) => `${INTERACTION_PATH}?uid=${encodeURIComponent(interaction.uid)}` },
    // Only a grant of this visit counts: the one the interaction has just made, or the one the
    // signed-in browser's sign-on makes now. Both were checked and recorded by the pipeline.
    loadExistingGrant: async (koa) => {
      const grantId = koa.oidc.result?.consent?.grantId;
      if (grantId) return koa.oidc.provider.Grant.find(grantId);
      return koa.oidc.route === 'authorization' ? signedInGrant(ctx, koa, pageChecks as interactionPolicy.Check[]) : undefined;
    },
    // The provider's only outgoing calls are back-channel logouts: they pass the platform's outbound
    // gate as the application's tenant, as every address a tenant sets does (checked before the post
    // is queued, so a refusal fails the logout call), and go out in the background so that no
    // logout waits for an application.
    fetch: async (url: string | URL | Request, options?: RequestInit) => {
      const { dispatcher: _providerAgent, ...init } = (options ?? {}) as RequestInit & { dispatcher?: unknown };
      const href = url instanceof Request ? url.url : String(url);
      const tenantId = postingFor.getStore();
      if (!tenantId) throw new Error(`logout token for ${href} posted outside a client's back-channel logout`);
      await ctx.outbound.resolve(tenantId, href);
      return deliver(href, () => ctx.outbound.fetchFor(tenantId)(href, init));
    },
    issueRefreshToken: async (_koa, client) => client.grantTypeAllowed('refresh_token'),
    // Every refresh hands out a new refresh token; presenting a spent one revokes the grant and
    // every token under it (a stolen copy is worth one use, and its use is noticed).
    rotateRefreshToken: true,
    // Every authorization-code request carries a PKCE S256 challenge (OAuth 2.0 Security BCP,
    // RFC 9700): a code caught on its way back is worthless without the verifier. `plain` is not served.
    pkce: { required: () => true },
    // Only what the provider serves is advertised: the code flow (no implicit or hybrid responses).
    responseTypes: ['code'],
    // Browsers may call the provider only from the origins of the client's registered redirect URIs.
    clientBasedCORS: (_koa, origin, client) => client.redirectUris?.some((uri) => URL.parse(uri)?.origin === origin) ?? false,
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      ClientCredentials: 600,
      IdToken: 3600,
      Interaction: 600,
      Grant: GRANT_LIFETIME_SECONDS,
      Session: 14 * 24 * 3600,
      RefreshToken: 14 * 24 * 3600,
    },
  };
  const provider = new Provider(issuer, configuration);
  // First of all: every address the provider writes (discovery, redirects, cookies' security)
  // names the issuer's origin, whatever Host or forwarded headers the request came with.
  provider.use(pinOrigin(issuer));
  // Outermost, so that the request's provider writes (the ended session) are stored before it runs.
  provider.use(endPlatformSessionOnLogout(ctx, provider));
  // Each request's saves go out as one statement once its work is done, before Koa sends the answer.
  provider.use((_koa, next) => withWriteBatch(ctx.db, next));
  // The token endpoint reads an authorization code or a refresh token only to spend it (codes are
  // good once, refresh grants rotate): it is marked consumed by the statement that reads it.
  provider.use((koa, next) => {
    const batch = currentBatch();
    if (batch && koa.method === 'POST' && koa.path === `${OIDC_PREFIX}/token`) batch.spendsOnRead = true;
    return next();
  });
  provider.proxy = ctx.config.SSO_TRUST_PROXY === 'true';
  postAsClientTenant(ctx, provider);
  reuseClients(provider, clients);
  bindProviderSessions(ctx, provider);
  provider.on('backchannel.error', (_koa, error, client) =>
    ctx.log?.warn({ err: error, clientId: client.clientId }, 'back-channel logout not delivered'),
  );
  provider.on('server_error', (_koa, error) => ctx.log?.error({ err: error }, 'OpenID Connect provider error'));
  // The catalogue keeps the hash of a client's secret, never the secret: compare hashes.
  provider.Client.prototype.compareClientSecret = function compare(this: { clientSecret?: string }, actual: string) {
    return typeof this.clientSecret === 'string' && clientSecretMatches(this.clientSecret, actual);
  };
  return provider;
}
