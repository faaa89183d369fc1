import { splitRedirectUris } from '@sso/shared-api';
import type Provider from 'oidc-provider';
import type { Adapter, AdapterPayload, ClientMetadata } from 'oidc-provider';
import { followCatalogue } from '../apps/catalogue.js';
import { findOidcApp, type OidcAppRow } from '../apps/oidc-apps.js';
import type { AppContext } from '../context.js';

/**
 * The client the provider sees: id = appCode; redirect and post-logout URIs are the registered
 * ones (the provider matches them exactly, and the authorization step also asks the catalogue's own
 * rule); secret sent in the Authorization header or the body. `client_secret` holds the stored hash,
 * never the secret: the comparison is replaced (see provider.ts) and no algorithm keyed by the
 * secret is enabled.
 */
export function clientMetadata(app: OidcAppRow): ClientMetadata | undefined {
  const uris = splitRedirectUris(app.redirectUris);
  if (!app.clientSecret || uris.length === 0) return undefined;
  return {
    client_id: app.appCode,
    client_name: app.appName,
    client_secret: app.clientSecret,
    redirect_uris: uris,
    post_logout_redirect_uris: uris,
    grant_types: ['authorization_code', 'refresh_token', 'client_credentials'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_basic',
    id_token_signed_response_alg: 'ES256',
    ...(app.backchannelLogoutUri ? { backchannel_logout_uri: app.backchannelLogoutUri, backchannel_logout_session_required: true } : {}),
  };
}

/** Cached clients: every token request looks its client up; any change to the catalogue drops them (on every node). */
const CLIENT_CACHE = 'oidc-clients';
/** The client metadata of each cached catalogue row. */
const METADATA = new WeakMap<OidcAppRow, AdapterPayload | undefined>();

/** The provider's Client model: read from the catalogue (through the cache); nothing is written. */
export class CatalogueClients implements Adapter {
  constructor(private readonly ctx: AppContext) {
    followCatalogue(ctx, CLIENT_CACHE);
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    const app = await this.ctx.cache.get(CLIENT_CACHE, id, () => findOidcApp(this.ctx, id));
    if (!app) return undefined;
    // Made once per cached row: a change to the application replaces the row, and so the metadata.
    if (!METADATA.has(app)) METADATA.set(app, clientMetadata(app) as AdapterPayload | undefined);
    return METADATA.get(app);
  }

  async upsert(): Promise<void> {
    throw new Error('OpenID Connect clients are registered in the application catalogue');
  }
  async findByUid(): Promise<undefined> {
    return undefined;
  }
  async findByUserCode(): Promise<undefined> {
    return undefined;
  }
  async consume(): Promise<void> {}
  async destroy(): Promise<void> {}
  async revokeByGrantId(): Promise<void> {}
}

type ProviderClient = InstanceType<Provider['Client']>;

/**
 * The provider's Client for each cached application, made once and found again by its metadata
 * object: left to itself, the provider hashes the metadata's JSON on every lookup (several per
 * token request) to find the Client it made before. A changed application has new metadata (its
 * cached row is replaced), and so a new Client.
 */
export function reuseClients(provider: Provider, clients: CatalogueClients): void {
  const Client = provider.Client;
  const find = Client.find.bind(Client);
  const made = new WeakMap<AdapterPayload, ProviderClient>();
  Client.find = async (id: string) => {
    const metadata = typeof id === 'string' && id ? await clients.find(id) : undefined;
    if (!metadata) return find(id);
    let client = made.get(metadata);
    if (!client) {
      client = await find(id);
      if (client) made.set(metadata, client);
    }
    return client;
  };
}
