import { memoryStore, type SsoClient, type TokenResponse } from '@sso/shared-api';
import { type Env, loadProfiles, saveProfiles } from '../../../cli/src/profiles.js';
import { sealPassword } from '../../../cli/src/seal-password.js';
import { clientFor, makeClient, resolveProfile } from '../../../cli/src/session.js';
import { tokenStore } from '../../../cli/src/token-store.js';
import type { Lang } from './i18n.js';

/** Where the console signs in: the CLI's profile (`sso login` writes it), so both share one sign-in. */
export interface Target {
  profile: string;
  url: string;
  tenantId: string;
  account: string;
}

export interface SessionOptions {
  profile?: string;
  server?: string;
}

export function targetOf(env: Env, options: SessionOptions): Target {
  const { name, profile, url } = resolveProfile(env, options);
  return { profile: name, url, tenantId: env.SSO_TENANT || profile?.tenantId || '000000', account: profile?.account ?? '' };
}

/** A client on the profile's stored session (refreshed tokens are saved back for the CLI too). */
export function storedClient(env: Env, options: SessionOptions, lang: Lang): SsoClient {
  return clientFor(env, { ...options, lang });
}

/**
 * Signs in as `sso login` does: the session goes to the profile's store (keychain or 0600 file)
 * and the profile records the server, tenant and account, and becomes the current one.
 */
export async function signIn(
  env: Env,
  target: Target,
  password: string,
  lang: Lang,
  secondFactor?: { ticket: string; code: string },
  /** The captcha shown and what was read from it, when the tenant's sign-in requires one. */
  captcha?: { key: string; code: string },
): Promise<{ client: SsoClient; token: TokenResponse }> {
  const client = makeClient(target.url, target.tenantId, tokenStore(env, target.profile), lang);
  const token = secondFactor
    ? await client.completeSecondFactor(secondFactor.ticket, secondFactor.code, target.tenantId)
    : await client.loginSealed({ username: target.account, password, tenantId: target.tenantId, captcha }, sealPassword);
  const file = loadProfiles(env);
  file.profiles[target.profile] = { url: target.url, tenantId: target.tenantId, account: target.account };
  file.current = target.profile;
  saveProfiles(env, file);
  return { client, token };
}

/**
 * A session that may only set up a second factor: the tenant or a role requires one the account
 * has not enrolled, so the server refuses every other call (403) until it is set up and the user
 * signs in again (as `sso login` reports it).
 */
export const mustEnrolSecondFactor = (token: TokenResponse): boolean => token.second_factor === 'enrol';

/** Whether the tenant's sign-in needs a captcha (the web's login page asks the same, public). */
export async function captchaRequired(target: Target, lang: Lang): Promise<boolean> {
  const client = makeClient(target.url, target.tenantId, memoryStore(), lang);
  return (await client.loginOptions(target.tenantId)).captchaRequired;
}

/** A new captcha picture and its key (the key goes back with the answer). */
export const drawCaptcha = (target: Target, lang: Lang) => makeClient(target.url, target.tenantId, memoryStore(), lang).captcha();

/** The ticket of a first step that asks for a second factor (ApiError 428), if it is one. */
export function secondFactorTicket(error: unknown): string | undefined {
  const data = (error as { code?: number; data?: { mfaTicket?: unknown } } | null) ?? undefined;
  return data?.code === 428 && typeof data.data?.mfaTicket === 'string' ? data.data.mfaTicket : undefined;
}

/** A client for another language on the same stored session. */
export const withLanguage = (env: Env, target: Target, lang: Lang): SsoClient =>
  makeClient(target.url, target.tenantId, tokenStore(env, target.profile), lang);

export type { Env };
