import type { OutboundFetch, OutboundRefused } from '../net/outbound-guard.js';

/** A configured provider as the flow uses it: the stored row with its secret decrypted. */
export interface SocialProviderConfig {
  id: string;
  tenantId: string;
  kind: 'oidc' | 'wecom' | 'dingtalk' | 'feishu';
  name: string;
  clientId: string;
  clientSecret?: string;
  discoveryUrl?: string;
  authorizeUrl?: string;
  apiUrl?: string;
  scopes?: string;
  corpId?: string;
  agentId?: string;
  /** Changes when the row does: cached discovery results are keyed by it. */
  version: string;
}

/** Who the provider says signed in: its stable user id and what it shows of them. */
export interface SocialIdentity {
  id: string;
  username?: string;
  nickname?: string;
  avatar?: string;
  email?: string;
}

/** What one sign-in carries from its start to the provider's call back. */
export interface FlowChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
}

/** The provider refused or answered something unusable: the sign-in fails with this reason. */
export class SocialExchangeError extends Error {
  /** The outbound guard's refusal behind the failure, if that was it (an address the platform may not call). */
  refusal?: OutboundRefused;
}

/** One kind of provider: where to send the browser, and how to turn the returned code into an identity. */
export interface SocialAdapter {
  authorizeUrl(provider: SocialProviderConfig, checks: FlowChecks, fetch: OutboundFetch): Promise<URL>;
  /** `callbackUrl` is the whole address the provider called back with (code, state and anything else). */
  exchange(provider: SocialProviderConfig, callbackUrl: URL, checks: FlowChecks, fetch: OutboundFetch): Promise<SocialIdentity>;
}

/** Reads a JSON answer, refusing anything that is not a JSON object. */
export async function jsonObject(response: Response, what: string): Promise<Record<string, unknown>> {
  const text = await response.text();
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {}
  throw new SocialExchangeError(`${what}: HTTP ${response.status}`);
}

export const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** `base` (a configured host, or the provider's public one) joined with an API path. */
export function endpoint(base: string, path: string): URL {
  return new URL(path.replace(/^\//, ''), base.endsWith('/') ? base : `${base}/`);
}
