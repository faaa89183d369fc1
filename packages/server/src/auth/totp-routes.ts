import { fail, ok, secondFactorMessages, TOTP_BASE, type TotpEnrolment, type TotpStatus, totpCode } from '@sso/shared-api';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { callerOf } from '../kernel/caller.js';
import { live } from '../kernel/live-rows.js';
import { callerWithOrigin, userTarget } from '../logs/security-events.js';
import { passkeyRequiredFor, secondFactorRequiredFor } from './enrolment.js';
import { checkTotp, hasConfirmedTotp, newRecoveryCodes, recoveryCodesLeft, startEnrolment } from './totp.js';

/**
 * The signed-in user's own second factor: status, enrolment (a secret and its otpauth:// URI for
 * the QR code), and confirmation with a first code, which answers the recovery codes (shown this
 * once). A confirmed second factor is removed only by an administrator (user reset-second-factor).
 */
export function registerTotpRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(
    `${TOTP_BASE}/status`,
    { schema: { tags: ['auth'], summary: "The caller's second factor: set up, required, recovery codes left" } },
    async (request) => {
      const caller = callerOf(request);
      const user = await ctx.db.selectFrom('blade_user').select(['tenantId', 'roleId']).where('id', '=', caller.user_id).executeTakeFirst();
      const status: TotpStatus = {
        enabled: await hasConfirmedTotp(ctx.db, caller.user_id),
        required: user ? await secondFactorRequiredFor(ctx, user) : false,
        recoveryCodesLeft: await recoveryCodesLeft(ctx.db, caller.user_id),
        passkeyRequired: user ? await passkeyRequiredFor(ctx, user) : false,
      };
      return ok(status);
    },
  );

  app.post(
    `${TOTP_BASE}/enrol`,
    { schema: { tags: ['auth'], summary: 'Start setting up a TOTP second factor: a new secret and its otpauth:// URI (QR code)' } },
    async (request, reply) => {
      const caller = callerOf(request);
      const tenant = await ctx.db.selectFrom('blade_tenant').select('tenantName').$call(live(caller.tenant_id)).executeTakeFirst();
      const issuer = tenant?.tenantName ? `SSO ${tenant.tenantName}` : 'SSO';
      const started = await startEnrolment(ctx.db, { id: caller.user_id, tenantId: caller.tenant_id, account: caller.account }, issuer);
      if (!started) return reply.status(400).send(fail(400, secondFactorMessages.say.alreadyEnrolled));
      const enrolment: TotpEnrolment = started;
      return ok(enrolment);
    },
  );

  app.post(
    `${TOTP_BASE}/confirm`,
    { schema: { tags: ['auth'], summary: 'Confirm the TOTP set-up with a code; answers the recovery codes, shown this once' } },
    async (request, reply) => {
      const caller = callerOf(request);
      const body = request.body && typeof request.body === 'object' ? request.body : {};
      const parsed = totpCode.safeParse({ ...body, ...(request.query as object) });
      if (!parsed.success) return reply.status(400).send(fail(400, parsed.error.issues[0]?.message ?? secondFactorMessages.say.codeFormat));
      const pending = await ctx.db.selectFrom('sso_totp').select('confirmedAt').where('userId', '=', caller.user_id).executeTakeFirst();
      if (!pending) return reply.status(400).send(fail(400, secondFactorMessages.say.notStarted));
      if (pending.confirmedAt) return reply.status(400).send(fail(400, secondFactorMessages.say.alreadyEnrolled));
      const verdict = await checkTotp(ctx.db, caller.user_id, parsed.data.code, true);
      if (verdict !== 'ok') return reply.status(400).send(fail(400, secondFactorMessages.say.wrong));
      const codes = await newRecoveryCodes(ctx.db, caller.user_id);
      await ctx.audit.record({
        type: 'user.second-factor-enrol',
        actor: callerWithOrigin(request),
        targets: [userTarget({ id: caller.user_id, account: caller.account })],
      });
      return ok({ recoveryCodes: codes });
    },
  );
}
