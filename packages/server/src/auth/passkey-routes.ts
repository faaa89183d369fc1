import {
  DEFAULT_TENANT_ID,
  fail,
  ok,
  PASSKEY_BASE,
  passkeyMessages,
  passkeyRegistration,
  say,
  secondFactorMessages,
} from '@sso/shared-api';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { callerOf } from '../kernel/caller.js';
import { live } from '../kernel/live-rows.js';
import { callerWithOrigin, userTarget } from '../logs/security-events.js';
import { GrantError } from './grant-error.js';
import type { Passkeys } from './passkeys.js';
import { ticketHolder } from './second-factor.js';

const idQuery = z.object({ id: z.string().regex(/^\d{1,20}$/) });
const tenantQuery = z.object({
  tenantId: z
    .string()
    .regex(/^\d{6}$/)
    .optional(),
});
const ticketQuery = z.object({ ticket: z.string().min(1).max(200) });

function refused(reply: FastifyReply, error: unknown) {
  if (error instanceof GrantError) return reply.status(400).send(fail(400, error.said));
  throw error;
}

/**
 * The caller's own passkeys (list, register, remove) and the options a browser needs to use one:
 * for a passwordless sign-in (public) and for the second step of a password sign-in (the ticket
 * of the first step stands for the user). The sign-ins themselves go through the token endpoint.
 */
export function registerPasskeyRoutes(app: FastifyInstance, ctx: AppContext, passkeys: Passkeys): void {
  app.get(`${PASSKEY_BASE}/list`, { schema: { tags: ['auth'], summary: "The caller's passkeys" } }, async (request) =>
    ok(await passkeys.list(callerOf(request).user_id)),
  );

  app.post(
    `${PASSKEY_BASE}/register-options`,
    { schema: { tags: ['auth'], summary: 'Options for registering a passkey (WebAuthn creation options JSON)' } },
    async (request) => {
      const caller = callerOf(request);
      const user = await ctx.db
        .selectFrom('blade_user')
        .select(['realName', 'name'])
        .where('id', '=', caller.user_id)
        .$call(live())
        .executeTakeFirst();
      const name = user?.realName || user?.name || caller.account;
      return ok(await passkeys.registrationOptions({ id: caller.user_id, tenantId: caller.tenant_id, account: caller.account, name }));
    },
  );

  app.post(
    `${PASSKEY_BASE}/register`,
    { schema: { tags: ['auth'], summary: 'Register a passkey: { name, response } (the browser’s answer to register-options)' } },
    async (request, reply) => {
      const caller = callerOf(request);
      const body = request.body && typeof request.body === 'object' ? request.body : {};
      const parsed = passkeyRegistration.safeParse({ ...(request.query as object), ...body });
      if (!parsed.success) return reply.status(400).send(fail(400, parsed.error.issues[0]?.message ?? say('badType')));
      try {
        const row = await passkeys.register({ id: caller.user_id, tenantId: caller.tenant_id }, parsed.data.name, parsed.data.response);
        await ctx.audit.record({
          type: 'user.passkey-add',
          actor: callerWithOrigin(request),
          targets: [userTarget({ id: caller.user_id, account: `${caller.account} · ${row.name}` })],
        });
        return ok(row);
      } catch (error) {
        return refused(reply, error);
      }
    },
  );

  app.post(
    `${PASSKEY_BASE}/remove`,
    { schema: { tags: ['auth'], summary: 'Remove one of the caller’s passkeys (?id=)' } },
    async (request, reply) => {
      const caller = callerOf(request);
      const parsed = idQuery.safeParse(request.query);
      if (!parsed.success) return reply.status(400).send(fail(400, say('badId')));
      const removed = await passkeys.remove(caller.user_id, parsed.data.id);
      if (!removed) return reply.status(400).send(fail(400, passkeyMessages.say.missing));
      await ctx.audit.record({
        type: 'user.passkey-remove',
        actor: callerWithOrigin(request),
        targets: [userTarget({ id: caller.user_id, account: `${caller.account} · ${removed.name}` })],
      });
      return ok(true);
    },
  );

  app.post(
    `${PASSKEY_BASE}/sign-in-options`,
    { config: { access: 'public' }, schema: { tags: ['auth'], summary: 'Options for a passwordless sign-in with a passkey (?tenantId=)' } },
    async (request, reply) => {
      const parsed = tenantQuery.safeParse(request.query);
      if (!parsed.success) return reply.status(400).send(fail(400, say('tenantMissing')));
      reply.header('cache-control', 'no-store');
      return ok(await passkeys.signInOptions(parsed.data.tenantId ?? DEFAULT_TENANT_ID));
    },
  );

  app.post(
    `${PASSKEY_BASE}/second-step-options`,
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], summary: 'Options for answering the second step of a sign-in with a passkey (?ticket= of the first step)' },
    },
    async (request, reply) => {
      const parsed = ticketQuery.safeParse(request.query);
      const { ticketRow, user } = await ticketHolder(ctx, parsed.success ? parsed.data.ticket : undefined);
      if (!ticketRow || !user) return reply.status(400).send(fail(400, secondFactorMessages.say.ticketInvalid));
      reply.header('cache-control', 'no-store');
      return ok(await passkeys.signInOptions(user.tenantId, { id: String(user.id) }));
    },
  );
}
