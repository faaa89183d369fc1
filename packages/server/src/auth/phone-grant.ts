import {
  accountLockedFor,
  addressThrottled,
  DEFAULT_TENANT_ID,
  logMessages,
  phoneSignInMessages,
  say,
  type TokenResponse,
} from '@sso/shared-api';
import type { Selectable } from 'kysely';
import type { AppContext } from '../context.js';
import type { Database } from '../db/schema.js';
import { live } from '../kernel/live-rows.js';
import { GrantError } from './grant-error.js';
import { recordLockReached } from './lock-events.js';
import { completeSignIn } from './second-factor.js';
import type { GrantRequest } from './session-grant.js';

const PHONE = /^\+?\d{11,15}$/;

/**
 * How a phone attempt is named where attempts are kept (the sign-in log, the failure counters,
 * lock events): by the account the phone belongs to, else by the phone with all but its first
 * three and last four characters hidden. None of those tables protects personal data, so a phone
 * number never goes into them whole.
 */
export const maskedPhone = (phone: string): string =>
  phone.length >= 8 ? `${phone.slice(0, 3)}${'*'.repeat(phone.length - 7)}${phone.slice(-4)}` : '*'.repeat(phone.length);

type PhoneGrantInput = GrantRequest & {
  tenantId?: string;
  phone?: string;
  phoneCode?: string;
  /** The captcha check, as for passwords: refusals touch no failure counter. */
  before?: () => Promise<void>;
};

/**
 * The account a phone signs in: the one live account of the tenant with that phone. None, or
 * several (ambiguous), sign nobody in, with the same answer as a wrong code.
 */
export async function accountOfPhone(
  ctx: AppContext,
  tenantId: string,
  phone: string,
): Promise<Selectable<Database['blade_user']> | undefined> {
  const rows = await ctx.db.selectFrom('blade_user').selectAll().where('phone', '=', phone).$call(live(tenantId)).limit(2).execute();
  return rows.length === 1 ? rows[0] : undefined;
}

/**
 * `grant_type=phone` (phone, phoneCode): the code sent by oauth/sendSms, right, unexpired and
 * unused (it is spent by the check). A wrong code counts for the phone's account (or the phone
 * itself when no account has it) under the lockout rules, as a wrong password does; every
 * attempt is in the sign-in log.
 */
export async function phoneGrant(ctx: AppContext, input: PhoneGrantInput): Promise<TokenResponse> {
  const tenantId = input.tenantId || DEFAULT_TENANT_ID;
  const phone = input.phone?.trim() ?? '';
  const log = { tenantId, account: maskedPhone(phone), clientId: input.client.clientId, ip: input.ip, userAgent: input.userAgent };
  try {
    await input.before?.();
    const granted = await checkPhoneGrant(ctx, tenantId, phone, input, log);
    await ctx.audit.signIn({ ...log, account: granted.account, success: true, reason: logMessages.signInOk, userId: granted.user_id });
    return granted;
  } catch (error) {
    await ctx.audit.signIn({ ...log, success: false, reason: error instanceof Error ? error.message : String(error) });
    throw error;
  }
}

/** Checks the code; `log` is renamed to the phone's account once that is known. */
async function checkPhoneGrant(
  ctx: AppContext,
  tenantId: string,
  phone: string,
  input: PhoneGrantInput,
  log: { account: string },
): Promise<TokenResponse> {
  const code = input.phoneCode?.trim() ?? '';
  if (!phone || !code) throw new GrantError(400, say('missingParam'));
  if (!PHONE.test(phone)) throw new GrantError(400, phoneSignInMessages.say.phoneFormat);
  const user = await accountOfPhone(ctx, tenantId, phone);
  if (user) log.account = user.account;
  const attempt = { tenantId, account: log.account, ip: input.ip };
  const lock = await ctx.lockout.verdict(attempt);
  if (lock.throttledFor) throw new GrantError(429, addressThrottled(lock.throttledFor), lock.throttledFor);
  if (lock.lockedMinutes) throw new GrantError(400, accountLockedFor(lock.lockedMinutes));
  const right = /^\d{6}$/.test(code) && (await ctx.sms.verifyCode(tenantId, phone, code));
  if (!right || !user) {
    await ctx.lockout.recordFailure(attempt);
    await recordLockReached(ctx, attempt);
    throw new GrantError(400, phoneSignInMessages.say.codeWrong);
  }
  if (lock.hasFailures) await ctx.lockout.recordSuccess(attempt);
  return completeSignIn(ctx, { ...input, user, method: 'phone' });
}
