import { OAUTH_TOKEN_PATH, SOCIAL_AUTHORIZE_PATH, SOCIAL_PROVIDERS_PATH, type TokenResponse } from '@sso/shared-api/auth';
import { client } from '../../api/client.js';
import { errorMessage } from '../../api/errors.js';

/** A tenant's enabled provider as the sign-in page shows it. */
export interface SocialProviderOption {
  id: string;
  name: string;
  kind: string;
}

/**
 * The SDK's own transport rather than the resource SDK (the sign-in page carries no resource
 * namespaces): the same language header as every call, and a request that got no answer fails
 * as one (`UnreachableError`), worded in the language on screen.
 */
const send = (method: 'GET' | 'POST', path: string, headers: Record<string, string> = {}) =>
  client.options.transport({ method, url: `${client.options.baseUrl}${path}`, headers });

export async function enabledProviders(tenantId: string): Promise<SocialProviderOption[]> {
  const { body } = await send('GET', `${SOCIAL_PROVIDERS_PATH}?tenantId=${encodeURIComponent(tenantId)}`);
  const answer = (body ?? {}) as { code?: number; data?: SocialProviderOption[] };
  return answer.code === 200 && Array.isArray(answer.data) ? answer.data : [];
}

/**
 * The provider address to open: a sign-in, or with `bind` a binding for the signed-in user (the
 * token goes along). Throws the server's message when refused.
 */
export async function providerAddress(id: string, tenantId: string, bind = false): Promise<string> {
  const query = new URLSearchParams({ id, tenantId, ...(bind ? { bind: 'true' } : {}) });
  const token = client.session?.token.access_token;
  const { body } = await send('GET', `${SOCIAL_AUTHORIZE_PATH}?${query}`, bind && token ? { 'Blade-Auth': `bearer ${token}` } : {});
  const answer = (body ?? {}) as { code?: number; msg?: string; data?: { url?: string } };
  if (answer.code !== 200 || !answer.data?.url) throw new Error(errorMessage(answer.msg));
  return answer.data.url;
}

export type SocialOutcome =
  | { kind: 'signed-in'; token: TokenResponse }
  | { kind: 'unbound'; oauthId: string; tenantId: string; registrationTicket: string; message: string }
  | { kind: 'second-factor'; ticket: string; methods: string[] }
  | { kind: 'refused'; message: string };

/** grant_type=social with what the provider's call back handed the page; the session is stored on success. */
export async function redeemSocialSignIn(input: { source: string; code: string; state: string; tenantId: string }): Promise<SocialOutcome> {
  const query = new URLSearchParams({ grant_type: 'social', scope: 'all', ...input });
  const response = await send('POST', `${OAUTH_TOKEN_PATH}?${query}`, {
    Authorization: `Basic ${btoa(`${client.options.clientId}:${client.options.clientSecret}`)}`,
    'Tenant-Id': input.tenantId,
  });
  const body = (response.body && typeof response.body === 'object' ? response.body : {}) as Partial<TokenResponse> &
    Record<string, string | number | undefined>;
  if (response.status === 200 && typeof body.access_token === 'string') {
    const token = body as TokenResponse;
    client.options.store.save({ token, expiresAt: Date.now() + token.expires_in * 1000 });
    return { kind: 'signed-in', token };
  }
  const message = errorMessage(body.error_description);
  if (body.error === 'social_unbound')
    return {
      kind: 'unbound',
      oauthId: String(body.oauth_id),
      tenantId: String(body.tenant_id),
      registrationTicket: String(body.registration_ticket ?? ''),
      message,
    };
  if (body.error === 'mfa_required') {
    const methods = Array.isArray(body.mfa_methods) ? body.mfa_methods.map(String) : ['totp'];
    return { kind: 'second-factor', ticket: String(body.mfa_ticket), methods };
  }
  return { kind: 'refused', message };
}
