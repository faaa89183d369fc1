import {
  accountLockedFor,
  addressThrottled,
  DEFAULT_TENANT_ID,
  fail,
  fromBase64,
  md5,
  ok,
  PASSWORD_RULE,
  RESETWORD_PATH,
  recoveryMessages,
  resetwordFields,
} from '@sso/shared-api';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { complianceOf } from '../db/compliance.js';
import { userTarget } from '../logs/security-events.js';
import { recordLockReached } from './lock-events.js';
import { assertNotRecent, rememberReplacedPasswords } from './password-policy.js';
import { findSignInAccount } from './sign-in-account.js';

/**
 * POST oauth/resetword (public): a forgotten password replaced with the SMS code sent to the
 * account's phone. The account, its phone and the code must all match (one answer for any
 * mismatch, counted by the lockout rules like a wrong password); the new password meets the
 * complexity rule (plain in base64 beside its digests, as update-password); every session of the
 * account ends and the required password change is cleared.
 */
export function registerRecoveryRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(
    RESETWORD_PATH,
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], summary: 'Reset a forgotten password with an SMS code (loginNumber, phone, code, new password)' },
    },
    async (request, reply) => {
      const body = request.body && typeof request.body === 'object' ? request.body : {};
      const parsed = resetwordFields.safeParse({ ...body, ...(request.query as object) });
      if (!parsed.success) return reply.status(400).send(fail(400, parsed.error.issues[0]?.message ?? recoveryMessages.say.mismatch));
      const input = parsed.data;
      if (input.newPassword !== input.newPassword1) return reply.status(400).send(fail(400, recoveryMessages.say.passwordMismatch));
      let plain = '';
      try {
        plain = fromBase64(input.passwordBase64);
      } catch {
        return reply.status(400).send(fail(400, recoveryMessages.say.digestMismatch));
      }
      if (md5(plain) !== input.newPassword) return reply.status(400).send(fail(400, recoveryMessages.say.digestMismatch));
      if (!PASSWORD_RULE.test(plain)) return reply.status(400).send(fail(400, recoveryMessages.say.passwordRule));

      const header = request.headers['tenant-id'];
      const tenantId = input.tenantId ?? (typeof header === 'string' && /^\d{1,12}$/.test(header) ? header : DEFAULT_TENANT_ID);
      const attempt = { tenantId, account: input.loginNumber, ip: request.ip };
      const lock = await ctx.lockout.verdict(attempt);
      if (lock.throttledFor) {
        reply.header('retry-after', String(lock.throttledFor));
        return reply.status(429).send(fail(429, addressThrottled(lock.throttledFor)));
      }
      if (lock.lockedMinutes) return reply.status(400).send(fail(400, accountLockedFor(lock.lockedMinutes)));
      // The code is spent by the check even when the account does not match: one code, one try.
      const codeRight = await ctx.sms.verifyCode(tenantId, input.phone, input.code);
      const user = await findSignInAccount(ctx.db, tenantId, input.loginNumber);
      if (!codeRight || !user || user.phone?.trim() !== input.phone || user.status !== 1) {
        await ctx.lockout.recordFailure(attempt);
        await recordLockReached(ctx, attempt);
        return reply.status(400).send(fail(400, recoveryMessages.say.mismatch));
      }
      if (lock.hasFailures) await ctx.lockout.recordSuccess(attempt);
      // The compliance profile: no recent password again (a recovery is never too soon: the old one is lost).
      const settings = await complianceOf(ctx.params, user.tenantId);
      try {
        await assertNotRecent(ctx, settings, user, input.newPassword);
      } catch (error) {
        return reply.status(400).send(fail(400, error instanceof Error ? error.message : recoveryMessages.say.mismatch));
      }
      const hash = await ctx.passwords.hashDigest(input.newPassword);
      await ctx.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('blade_user')
          .set({ password: hash, mustChangePassword: 0, passwordChangedAt: new Date(), updateTime: new Date() })
          .where('id', '=', user.id)
          .execute();
        await rememberReplacedPasswords(trx, [user]);
      });
      await ctx.audit.record({ type: 'user.password-recover', tenantId, ip: request.ip, targets: [userTarget(user)] });
      await ctx.sessions.endForUser(user.id, { reason: 'password-reset' });
      await ctx.sessions.setMustChangePassword([user.id], false);
      return ok(true);
    },
  );
}
