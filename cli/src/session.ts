import { DEFAULT_TENANT_ID, memoryStore, type Session, type SessionStore, SsoClient, type TokenResponse } from '@sso/shared-api';
import { undiciTransport } from '@sso/shared-api/node';
import { CliError, EXIT } from './errors.js';
import { type Env, loadProfiles, type Profile, profileName } from './profiles.js';
import { tokenStore } from './token-store.js';

export const DEFAULT_SERVER = 'http://127.0.0.1:8080';

export interface GlobalOptions {
  server?: string;
  profile?: string;
  json?: boolean;
  lang?: 'zh' | 'en';
}

const transport = undiciTransport();

/** SSO_TOKEN: an access token from a CI secret, used as it is (no refresh). */
function tokenSession(accessToken: string, tenantId: string): Session {
  const token = { access_token: accessToken, refresh_token: '', tenant_id: tenantId, token_type: 'bearer' } as TokenResponse;
  return { token, expiresAt: Number.MAX_SAFE_INTEGER };
}

/** The profile in use, with SSO_URL and --server taking precedence over its URL. */
export function resolveProfile(env: Env, options: GlobalOptions): { name: string; profile: Profile | undefined; url: string } {
  const name = profileName(env, options.profile);
  const profile = loadProfiles(env).profiles[name];
  const url = options.server || env.SSO_URL || env.SSO_SERVER || profile?.url || DEFAULT_SERVER;
  return { name, profile, url };
}

/** An SDK client for the profile; its sessions (rotated refresh tokens) are saved back to the store. */
export function clientFor(env: Env, options: GlobalOptions): SsoClient {
  const { name, profile, url } = resolveProfile(env, options);
  const tenantId = env.SSO_TENANT || profile?.tenantId || DEFAULT_TENANT_ID;
  const store = env.SSO_TOKEN ? memoryStore(tokenSession(env.SSO_TOKEN, tenantId)) : tokenStore(env, name);
  return makeClient(url, tenantId, store, options.lang);
}

export const makeClient = (baseUrl: string, tenantId: string, store: SessionStore, language?: 'zh' | 'en') =>
  new SsoClient({ baseUrl, transport, tenantId, store, language });

/** A client with a session, or exit 4 with a hint. */
export function signedInClient(env: Env, options: GlobalOptions): SsoClient {
  const client = clientFor(env, options);
  if (!client.session) throw new CliError('未登录 (not signed in): run `sso login` or set SSO_TOKEN', EXIT.denied);
  return client;
}
