import { z } from 'zod';
import { defineMessages } from './messages.js';

/**
 * OpenID Connect sign-on: the provider sends the browser to the sign-in page as
 * `/login?oidc=<uid>`; once signed in, the page posts the uid here with its token and goes to the
 * `url` answered (back into the provider, which then redirects to the application with a code).
 */
export const OIDC_INTERACTION_PATH = '/api/blade-auth/oidc/interaction';
/** The query parameter of the sign-in page that names a pending OpenID Connect sign-on. */
export const OIDC_LOGIN_PARAM = 'oidc';
export const oidcInteractionQuery = z.object({ uid: z.string().regex(/^[\w-]{1,64}$/) });
export const oidcInteractionResponse = z.object({ url: z.string() });
export type OidcInteractionResponse = z.infer<typeof oidcInteractionResponse>;
/**
 * The `data` of the refusal of a sign-on that asks for a fresh sign-in (OpenID Connect
 * `prompt=login` or a passed `max_age`, SAML `ForceAuthn`) from a session that signed in before
 * the request: the page signs out and shows its form, and the sign-in made then finishes the request.
 */
export const SIGN_IN_AGAIN = { signInAgain: true } as const;

/** Whether a refusal's `data` is SIGN_IN_AGAIN. */
export const isSignInAgain = (data: unknown): boolean =>
  typeof data === 'object' && data !== null && (data as { signInAgain?: unknown }).signInAgain === SIGN_IN_AGAIN.signInAgain;

export const oidcMessages = defineMessages('oidc', {
  interactionGone: [
    '该应用的登录请求已过期或不是在此浏览器中发起的，请回到应用重新登录',
    'This sign-on request has expired or was started in another browser: go back to the application and sign in again',
  ],
  notGranted: ['您没有使用该应用的权限，请联系管理员授权', 'You are not allowed to use this application: ask an administrator to grant it'],
  redirectNotRegistered: ['该应用的回调地址未登记', 'The redirect URI is not registered for this application'],
  signInAgain: ['该应用要求重新登录，请再次输入密码', 'This application asks you to sign in again: enter your password once more'],
});
