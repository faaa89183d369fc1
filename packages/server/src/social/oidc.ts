import * as client from 'openid-client';
import { type OutboundFetch, OutboundRefused } from '../net/outbound-guard.js';
import { type FlowChecks, type SocialAdapter, SocialExchangeError, type SocialProviderConfig, text } from './adapter.js';

/** Discovery documents are read again after this long, or at once when the provider's row changes. */
const DISCOVERY_TTL_MS = 10 * 60_000;
const DEFAULT_SCOPES = 'openid profile email';

const discovered = new Map<string, { at: number; config: Promise<client.Configuration> }>();

/**
 * Plain http is accepted only for a loopback host (a provider on the same machine); anywhere
 * else the code, the secret and the tokens must travel over TLS.
 */
function isLoopbackHttp(url: URL): boolean {
  return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

/** The outbound guard's refusal in a chain of causes, if any. */
function refusalIn(error: unknown): OutboundRefused | undefined {
  let current = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    if (current instanceof OutboundRefused) return current;
    current = current.cause;
  }
  return undefined;
}

/** The innermost reason (openid-client wraps a refused or failed fetch in a generic error). */
function reasonOf(error: unknown): string {
  let current = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    if (current instanceof OutboundRefused || !(current.cause instanceof Error)) return current.message;
    current = current.cause;
  }
  return String(current);
}

function configurationOf(provider: SocialProviderConfig, fetch: OutboundFetch): Promise<client.Configuration> {
  const key = `${provider.id}|${provider.version}`;
  const cached = discovered.get(key);
  if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.config;
  const url = new URL(provider.discoveryUrl ?? '');
  const insecure = isLoopbackHttp(url);
  const config = client
    .discovery(
      url,
      provider.clientId,
      provider.clientSecret ? { client_secret: provider.clientSecret } : undefined,
      provider.clientSecret ? client.ClientSecretPost(provider.clientSecret) : client.None(),
      { execute: insecure ? [client.allowInsecureRequests] : [], [client.customFetch]: fetch as client.CustomFetch, timeout: 10 },
    )
    .catch((error: unknown) => {
      discovered.delete(key);
      const failure = new SocialExchangeError(`discovery failed: ${reasonOf(error)}`);
      failure.refusal = refusalIn(error);
      throw failure;
    });
  discovered.set(key, { at: Date.now(), config });
  return config;
}

/** Any OpenID Connect provider: authorization code with PKCE (S256), state and nonce checked by openid-client. */
export const oidcAdapter: SocialAdapter = {
  async authorizeUrl(provider, checks, fetch) {
    const config = await configurationOf(provider, fetch);
    return client.buildAuthorizationUrl(config, {
      redirect_uri: checks.redirectUri,
      scope: provider.scopes?.trim() || DEFAULT_SCOPES,
      response_type: 'code',
      state: checks.state,
      nonce: checks.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
    });
  },

  async exchange(provider, callbackUrl, checks: FlowChecks, fetch) {
    const config = await configurationOf(provider, fetch);
    let claims: client.IDToken | undefined;
    let accessToken: string;
    try {
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
      accessToken = tokens.access_token;
    } catch (error) {
      throw new SocialExchangeError(reasonOf(error));
    }
    if (!claims?.sub) throw new SocialExchangeError('the ID token names no subject');
    let info: Record<string, unknown> = claims;
    if (!claims.name && !claims.preferred_username && config.serverMetadata().userinfo_endpoint) {
      info = { ...(await client.fetchUserInfo(config, accessToken, claims.sub).catch(() => ({}))), ...claims };
    }
    return {
      id: claims.sub,
      username: text(info.preferred_username) ?? text(info.email),
      nickname: text(info.name) ?? text(info.nickname),
      avatar: text(info.picture),
      email: text(info.email),
    };
  },
};
