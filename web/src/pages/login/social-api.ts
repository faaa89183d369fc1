import type { TokenResponse } from '@sso/shared-api/auth';
import { client } from '../../api/client.js';

/** A tenant's enabled provider as the sign-in page shows it. */
export interface SocialProviderOption {
  id: string;
  name: string;
  kind: string;
}

const base = () => client.options.baseUrl;

/** Plain fetch rather than the resource SDK: the sign-in page carries no resource namespaces. */
export async function enabledProviders(tenantId: string): Promise<SocialProviderOption[]> {
  const response = await fetch(`${base()}/api/blade-system/social-provider/public-list?tenantId=${encodeURIComponent(tenantId)}`);
  const body = (await response.json()) as { code?: number; data?: SocialProviderOption[] };
  return body.code === 200 && Array.isArray(body.data) ? body.data : [];
}

/**
 * The provider address to open: a sign-in, or with `bind` a binding for the signed-in user (the
 * token goes along). Throws the server's message when refused.
 */
export async function providerAddress(id: string, tenantId: string, language: string, bind = false): Promise<string> {
  const query = new URLSearchParams({ id, tenantId, ...(bind ? { bind: 'true' } : {}) });
  const token = client.session?.token.access_token;
  const response = await fetch(`${base()}/api/blade-auth/oauth/social/authorize?${query}`, {
    headers: { 'Accept-Language': language, ...(bind && token ? { 'Blade-Auth': `bearer ${token}` } : {}) },
  });
  const body = (await response.json()) as { code?: number; msg?: string; data?: { url?: string } };
  if (body.code !== 200 || !body.data?.url) throw new Error(body.msg || response.statusText);
  return body.data.url;
}

export type SocialOutcome =
  | { kind: 'signed-in'; token: TokenResponse }
  | { kind: 'unbound'; oauthId: string; tenantId: string; registrationTicket: string; message: string }
  | { kind: 'second-factor'; ticket: string; methods: string[] }
  | { kind: 'refused'; message: string };

/** grant_type=social with what the provider's call back handed the page; the session is stored on success. */
export async function redeemSocialSignIn(
  input: { source: string; code: string; state: string; tenantId: string },
  language: string,
): Promise<SocialOutcome> {
  const query = new URLSearchParams({ grant_type: 'social', scope: 'all', ...input });
  const response = await fetch(`${base()}/api/blade-auth/oauth/token?${query}`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${btoa(`${client.options.clientId}:${client.options.clientSecret}`)}`,
      'Tenant-Id': input.tenantId,
      'Accept-Language': language,
    },
  });
  const body = (await response.json().catch(() => ({}))) as Partial<TokenResponse> & Record<string, string | number | undefined>;
  if (response.ok && typeof body.access_token === 'string') {
    const token = body as TokenResponse;
    client.options.store.save({ token, expiresAt: Date.now() + token.expires_in * 1000 });
    return { kind: 'signed-in', token };
  }
  const message = String(body.error_description ?? response.statusText);
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
