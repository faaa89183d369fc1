import { client } from '../api/client.js';

/**
 * SSO hand-off (SPEC §4): a signed-in user arriving at /login?redirect=<address> gets fresh
 * tokens and moves to that address with access_token appended. Only http(s) addresses are
 * followed, so a crafted `javascript:` link cannot run code with the token.
 */
export function redirectTarget(redirect: string, accessToken: string, base = window.location.href): string | undefined {
  let url: URL;
  try {
    url = new URL(redirect, base);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  url.searchParams.set('access_token', accessToken);
  return url.toString();
}

export async function redirectWithToken(redirect: string): Promise<boolean> {
  const token = await client.refresh();
  const target = redirectTarget(redirect, token.access_token);
  if (!target) return false;
  window.location.href = target;
  return true;
}
