import { createHash, randomBytes } from 'node:crypto';
import {
  accountLockedFor,
  addressThrottled,
  logMessages,
  type Message,
  MFA_REQUIRED,
  secondFactorMessages,
  type TokenResponse,
} from '@sso/shared-api';
import type { Selectable } from 'kysely';
import type { AppContext } from '../context.js';
import type { Database } from '../db/schema.js';
import { live } from '../kernel/live-rows.js';
import { refuseDormantAccount } from './dormant-accounts.js';
import { passkeyRequiredFor } from './enrolment.js';
import { type FirstStep, presentsCredential } from './fresh-sign-in.js';
import { GrantError } from './grant-error.js';
import { recordLockReached } from './lock-events.js';
import type { Passkeys } from './passkeys.js';
import { holdExpiredPassword } from './password-policy.js';
import {
  assertAccountUsable,
  assertTenantRowUsable,
  assertTenantUsable,
  type GrantRequest,
  openSession,
  pick,
  switchMessages,
} from './session-grant.js';
import { checkTotp, useRecoveryCode } from './totp.js';

type UserRow = Selectable<Database['blade_user']>;

/** A user who passed a first step (the caller has checked the credential and the lockout rules). */
export type FirstStepPassed = GrantRequest & { user: UserRow; method: FirstStep; oauthId?: string };

const TICKET_TTL_SECONDS = 300;
const TICKET_ATTEMPTS = 5;
/**
 * Thrown after a first step when the user has a second factor: the answer is HTTP 400
 * `{ error: 'mfa_required', error_code: 428, error_description, mfa_ticket, mfa_expires_in }`;
 * the client then sends `grant_type=mfa&mfa_ticket=&mfa_code=` (a TOTP or recovery code).
 * Clients of users without a second factor never see it.
 */
export class SecondFactorRequired extends GrantError {
  constructor(
    readonly ticket: string,
    readonly expiresIn: number,
    /** What the user can answer with: `totp` (a code, or a recovery code) and / or `passkey`. */
    readonly methods: SecondFactorMethod[] = ['totp'],
  ) {
    super(400, methods.includes('totp') ? secondFactorMessages.say.required : secondFactorMessages.say.passkeyRequired);
  }

  get body() {
    return {
      error: MFA_REQUIRED,
      error_code: 428,
      error_description: this.message,
      mfa_ticket: this.ticket,
      mfa_expires_in: this.expiresIn,
      mfa_methods: this.methods,
    };
  }
}

export const hashOf = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

export type SecondFactorMethod = 'totp' | 'passkey';

/**
 * What completing a first step reads, in one statement: the user's tenant (status and expiry, absent
 * when removed) and the second factors the user has set up (a confirmed TOTP, a passkey).
 */
async function tenantAndFactorsOf(ctx: AppContext, user: Pick<UserRow, 'id' | 'tenantId'>) {
  const row = await ctx.db
    .selectNoFrom((eb) => [
      eb.selectFrom('blade_tenant').select('tenantId').$call(live(user.tenantId)).as('tenantFound'),
      eb.selectFrom('blade_tenant').select('status').$call(live(user.tenantId)).as('tenantStatus'),
      eb.selectFrom('blade_tenant').select('expireTime').$call(live(user.tenantId)).as('tenantExpireTime'),
      eb.exists(eb.selectFrom('sso_totp').select('userId').where('userId', '=', user.id).where('confirmedAt', 'is not', null)).as('totp'),
      eb.exists(eb.selectFrom('sso_passkey').select('id').where('userId', '=', user.id)).as('passkey'),
    ])
    .executeTakeFirstOrThrow();
  const tenant = row.tenantFound ? { status: Number(row.tenantStatus), expireTime: row.tenantExpireTime ?? null } : undefined;
  const factors: SecondFactorMethod[] = [...(row.totp ? (['totp'] as const) : []), ...(row.passkey ? (['passkey'] as const) : [])];
  return { tenant, factors };
}

/**
 * The second factors a sign-in of this user may be completed with: all the user has, but only a
 * passkey when the compliance profile requires one of administrators (a user left with none
 * gets a session that must enrol a passkey, see enrolment.ts).
 */
async function acceptedSecondFactors(
  ctx: AppContext,
  user: Pick<UserRow, 'tenantId' | 'roleId'>,
  methods: SecondFactorMethod[],
): Promise<SecondFactorMethod[]> {
  return (await passkeyRequiredFor(ctx, user)) ? methods.filter((method) => method === 'passkey') : methods;
}

/** A ticket of a first step still valid, and its user: what a second step (code or passkey) answers. */
export async function ticketHolder(ctx: AppContext, ticket: string | undefined) {
  const ticketRow = ticket
    ? await ctx.db
        .selectFrom('sso_mfa_ticket')
        .selectAll()
        .where('idHash', '=', hashOf(ticket))
        .where('expiresAt', '>', new Date())
        .executeTakeFirst()
    : undefined;
  const user = ticketRow
    ? await ctx.db.selectFrom('blade_user').selectAll().where('id', '=', ticketRow.userId).$call(live()).executeTakeFirst()
    : undefined;
  return { ticketRow, user };
}

/**
 * What every grant calls once its first step passed (password, phone, social, SpringBlade): the
 * tenant and account must be usable and a switch one the user holds; a user with a confirmed
 * second factor gets a ticket (SecondFactorRequired) instead of a session; everyone else a
 * session (restricted to enrolling when a second factor is required and missing).
 */
export async function completeSignIn(ctx: AppContext, passed: FirstStepPassed): Promise<TokenResponse> {
  const { tenant, factors } = await tenantAndFactorsOf(ctx, passed.user);
  assertTenantRowUsable(tenant);
  assertAccountUsable(passed.user);
  // The compliance profile: a dormant account is disabled now; an expired password must be changed first.
  await refuseDormantAccount(ctx, passed.user);
  const user = await holdExpiredPassword(ctx, passed.user);
  // A switch the user does not hold is refused before any second step (the session picks it again).
  pick(user.roleId, passed.roleId, switchMessages.say.roleNotHeld);
  pick(user.deptId, passed.deptId, switchMessages.say.deptNotHeld);
  const { roleId, deptId } = passed;
  // A passkey with the user verified is two factors in one: nothing is asked after it.
  const methods = passed.method === 'passkey' ? [] : await acceptedSecondFactors(ctx, user, factors);
  if (methods.length) {
    const ticket = randomBytes(32).toString('base64url');
    await ctx.db.deleteFrom('sso_mfa_ticket').where('expiresAt', '<', new Date()).execute();
    await ctx.db
      .insertInto('sso_mfa_ticket')
      .values({
        idHash: hashOf(ticket),
        tenantId: user.tenantId,
        userId: user.id,
        payload: JSON.stringify({ clientId: passed.client.clientId, method: passed.method, oauthId: passed.oauthId, roleId, deptId }),
        expiresAt: new Date(Date.now() + TICKET_TTL_SECONDS * 1000),
      })
      .execute();
    throw new SecondFactorRequired(ticket, TICKET_TTL_SECONDS, methods);
  }
  // A user whose tenant or role needs a second factor and has none gets a session that can only
  // enrol one (its tokens say second_factor: 'enrol', see enrolment.ts).
  return openSession(ctx, { ...passed, user, freshCredential: presentsCredential(passed.method) });
}

type MfaGrantInput = GrantRequest & {
  ticket?: string;
  code?: string;
  /** A passkey's answer (WebAuthn JSON) to the second-step options of this ticket, instead of a code. */
  passkey?: string;
  /** Where the sign-in offers passkeys (the token endpoint; SpringBlade's takes codes only). */
  passkeys?: Passkeys;
};

/**
 * `grant_type=mfa`: the ticket of a first step and a TOTP or recovery code. Wrong codes count for
 * the account like wrong passwords (lockout rules) and against the ticket (5, then it is void);
 * every attempt is in the sign-in log.
 */
export async function mfaGrant(ctx: AppContext, input: MfaGrantInput): Promise<TokenResponse> {
  const { ticketRow, user } = await ticketHolder(ctx, input.ticket);
  const attempt = {
    tenantId: ticketRow?.tenantId ?? '000000',
    account: user?.account ?? '',
    clientId: input.client.clientId,
    ip: input.ip,
    userAgent: input.userAgent,
  };
  try {
    if (!ticketRow || !user) throw new GrantError(400, secondFactorMessages.say.ticketInvalid);
    const granted = await checkSecondStep(ctx, input, ticketRow, user);
    await ctx.audit.signIn({ ...attempt, success: true, reason: logMessages.signInOk, userId: user.id });
    return granted;
  } catch (error) {
    await ctx.audit.signIn({ ...attempt, success: false, reason: error instanceof Error ? error.message : String(error) });
    throw error;
  }
}

async function checkSecondStep(
  ctx: AppContext,
  input: MfaGrantInput,
  ticketRow: Selectable<Database['sso_mfa_ticket']>,
  user: UserRow,
): Promise<TokenResponse> {
  // roleId / deptId: the Dept-Id / Role-Id switch of the first step, if any.
  const payload = JSON.parse(ticketRow.payload) as { clientId: string; oauthId?: string; roleId?: string; deptId?: string };
  if (payload.clientId !== input.client.clientId) throw new GrantError(400, secondFactorMessages.say.ticketInvalid);
  const code = input.code?.trim() ?? '';
  if (!code && !input.passkey) throw new GrantError(400, secondFactorMessages.say.missing);
  const attempt = { tenantId: user.tenantId, account: user.account, ip: input.ip };
  const lock = await ctx.lockout.verdict(attempt);
  if (lock.throttledFor) throw new GrantError(429, addressThrottled(lock.throttledFor), lock.throttledFor);
  if (lock.lockedMinutes) throw new GrantError(400, accountLockedFor(lock.lockedMinutes));
  let refusal: Message | undefined;
  if (input.passkey) {
    if (!input.passkeys) throw new GrantError(400, secondFactorMessages.say.missing);
    refusal = await input.passkeys.verifySignIn(input.passkey, 'second-step', user.id).then(
      () => undefined,
      (error: unknown) => (error instanceof GrantError ? error.said : secondFactorMessages.say.wrong),
    );
  } else if (await passkeyRequiredFor(ctx, user)) {
    // An administrator held to passkeys cannot complete the sign-in with a code.
    refusal = secondFactorMessages.say.passkeyRequired;
  } else {
    const verdict = /^\d{6}$/.test(code)
      ? await checkTotp(ctx.db, user.id, code)
      : (await useRecoveryCode(ctx.db, user.id, code))
        ? 'ok'
        : 'wrong';
    if (verdict !== 'ok') refusal = verdict === 'reused' ? secondFactorMessages.say.reused : secondFactorMessages.say.wrong;
  }
  if (refusal) {
    await ctx.lockout.recordFailure(attempt);
    await recordLockReached(ctx, attempt);
    const spent = await ctx.db
      .updateTable('sso_mfa_ticket')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('idHash', '=', ticketRow.idHash)
      .returning('attempts')
      .executeTakeFirst();
    if (!spent || spent.attempts >= TICKET_ATTEMPTS)
      await ctx.db.deleteFrom('sso_mfa_ticket').where('idHash', '=', ticketRow.idHash).execute();
    throw new GrantError(400, refusal);
  }
  // The ticket is spent by deleting it: one ticket opens one session.
  const deleted = await ctx.db.deleteFrom('sso_mfa_ticket').where('idHash', '=', ticketRow.idHash).executeTakeFirst();
  if (!deleted.numDeletedRows) throw new GrantError(400, secondFactorMessages.say.ticketInvalid);
  if (lock.hasFailures) await ctx.lockout.recordSuccess(attempt);
  await assertTenantUsable(ctx, user.tenantId);
  assertAccountUsable(user);
  // The second factor is a credential presented in this sign-in, whatever the first step was.
  return openSession(ctx, {
    ...input,
    user,
    freshCredential: true,
    oauthId: payload.oauthId,
    roleId: payload.roleId || undefined,
    deptId: payload.deptId || undefined,
  });
}
