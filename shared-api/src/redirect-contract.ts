import { z } from 'zod';
import { optionalText } from './common.js';
import { defineMessages, issueSaying, type Message, withDetail } from './messages.js';
import { invalidRedirectUris, MAX_REDIRECT_LENGTH } from './redirect.js';

export const redirectMessages = defineMessages('redirect', {
  notRegistered: ['跳转地址未登记，已拒绝', 'The redirect address is not registered, so it was refused'],
  badRedirectUri: [
    '回调地址须为逗号分隔的 http(s) 绝对地址，不能含用户名、通配符或 #',
    'Redirect URIs must be comma-separated absolute http(s) addresses without user name, wildcard or #',
  ],
  redirectRequired: ['请提供跳转地址', 'Please give the redirect address'],
});

/** How a refused address is shown: invisible characters made visible, long ones cut. */
export function displayAddress(address: string, max = 200): string {
  const visible = address.replace(/[\p{Cc}\p{Cf}]/gu, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return visible.length > max ? `${visible.slice(0, max)}…` : visible;
}

/** The refusal of a hand-off: the message, then the address as it is shown. */
export const redirectRefusal = (address: string): Message => withDetail(redirectMessages.say.notRegistered, displayAddress(address));

/**
 * A client's `webServerRedirectUri`: comma-separated absolute http(s) URIs without userinfo,
 * wildcard or fragment (BladeX stores the list as one comma-joined text).
 */
export const redirectUriList = (max = 256) =>
  optionalText(max).superRefine((value, check) => {
    const bad = invalidRedirectUris(value);
    if (bad.length)
      check.addIssue({ code: 'custom', ...issueSaying(withDetail(redirectMessages.say.badRedirectUri, displayAddress(bad.join(', ')))) });
  });

export const HANDOFF_PATH = '/api/blade-auth/oauth/handoff';

/** POST oauth/handoff: the registered address to send the signed-in user to. */
export const handoffQuery = z.object({
  redirect: z
    .string(redirectMessages.say.redirectRequired)
    .min(1, redirectMessages.say.redirectRequired)
    .max(MAX_REDIRECT_LENGTH * 2),
});
export type HandoffQuery = z.infer<typeof handoffQuery>;

/** The address with a fresh access token of the caller's session appended. */
export const handoffResponse = z.object({ url: z.string() });
export type HandoffResponse = z.infer<typeof handoffResponse>;
