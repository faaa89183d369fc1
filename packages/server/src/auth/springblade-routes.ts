import { DEFAULT_TENANT_ID, fail, ok, say, type TokenResponse } from '@sso/shared-api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { callerOf } from '../kernel/caller.js';
import { GrantError } from './grant-error.js';
import { passwordGrant, refreshGrant } from './grants.js';
import { checkCaptcha } from './login-options.js';
import { mfaGrant, SecondFactorRequired } from './second-factor.js';
import { readSentPassword } from './sent-password.js';
import { sm2Keys } from './sm2-keys.js';

/**
 * The open-source SpringBlade back end's sign-in calls, so its clients work unchanged:
 * POST /api/blade-auth/token (grantType password / captcha / refresh_token, the password
 * SM2-encrypted under the server's key), GET /api/blade-auth/sm2/public-key, GET
 * /api/blade-auth/captcha and GET /api/blade-auth/logout. Answers are SpringBlade's envelope.
 */
const BASE = '/api/blade-auth';

const tokenQuery = z.object({
  grantType: z.string().max(20).optional(),
  grant_type: z.string().max(20).optional(),
  tenantId: z.string().max(12).optional(),
  account: z.string().max(100).optional(),
  username: z.string().max(100).optional(),
  password: z.string().max(2000).optional(),
  refreshToken: z.string().max(200).optional(),
  refresh_token: z.string().max(200).optional(),
  mfaTicket: z.string().max(200).optional(),
  mfaCode: z.string().max(40).optional(),
});

/** SpringBlade's token fields, from the platform's OAuth answer. */
function bladeToken(token: TokenResponse) {
  return {
    accessToken: token.access_token,
    tokenType: token.token_type,
    refreshToken: token.refresh_token,
    userId: token.user_id,
    tenantId: token.tenant_id,
    oauthId: token.oauth_id,
    avatar: token.avatar,
    authority: token.role_name,
    userName: token.real_name || token.nick_name,
    account: token.account,
    expiresIn: token.expires_in,
    license: token.license,
  };
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function registerSpringBladeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const configured = { privateKey: ctx.config.SSO_SM2_PRIVATE_KEY, publicKey: ctx.config.SSO_SM2_PUBLIC_KEY };
  const keys = () => sm2Keys(ctx.db, configured);

  app.get(
    `${BASE}/sm2/public-key`,
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], summary: 'The SM2 public key (uncompressed hex, 04…) SpringBlade clients encrypt passwords with' },
    },
    async () => ok((await keys()).publicKey),
  );

  app.get(
    `${BASE}/captcha`,
    { config: { access: 'public' }, schema: { tags: ['auth'], summary: 'SpringBlade captcha: raw { key, image }, as oauth/captcha' } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return ctx.captcha.issue();
    },
  );

  app.get(`${BASE}/logout`, { schema: { tags: ['auth'], summary: 'SpringBlade sign-out: ends the session at once' } }, async (request) => {
    await ctx.sessions.revoke(callerOf(request).sid, 'logout');
    return ok(true);
  });

  app.post(
    `${BASE}/token`,
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'SpringBlade token: grantType password / captcha (SM2-encrypted password), refresh_token, mfa; answers the envelope',
      },
    },
    async (request, reply) => {
      const form = request.body && typeof request.body === 'object' ? request.body : {};
      const parsed = tokenQuery.safeParse({ ...form, ...(request.query as object) });
      if (!parsed.success) return reply.status(400).send(fail(400, say('badType')));
      const input = parsed.data;
      const client = await ctx.clients.authenticate(request.headers.authorization);
      if (!client) return reply.status(401).send(fail(401, say('badClient')));
      const grant = input.grantType ?? input.grant_type ?? 'password';
      const allowed = grant === 'mfa' || client.authorizedGrantTypes.split(',').includes(grant);
      if (!allowed) return reply.status(400).send(fail(400, say('badGrant')));
      const common = {
        client,
        ip: request.ip,
        userAgent: header(request, 'user-agent'),
        deptId: header(request, 'dept-id'),
        roleId: header(request, 'role-id'),
      };
      try {
        if (grant === 'password' || grant === 'captcha') {
          const tenantId = input.tenantId || header(request, 'tenant-id') || DEFAULT_TENANT_ID;
          const captcha = { grant, tenantId, key: header(request, 'captcha-key'), code: header(request, 'captcha-code') };
          const sent = await readSentPassword(ctx, input.password);
          return ok(
            bladeToken(
              await passwordGrant(ctx, {
                ...common,
                tenantId,
                username: input.account ?? input.username,
                password: sent.digest,
                plainPassword: sent.plain,
                before: () => checkCaptcha(ctx, captcha),
              }),
            ),
          );
        }
        if (grant === 'refresh_token') {
          return ok(bladeToken(await refreshGrant(ctx, { ...common, refreshToken: input.refreshToken ?? input.refresh_token })));
        }
        if (grant === 'mfa') return ok(bladeToken(await mfaGrant(ctx, { ...common, ticket: input.mfaTicket, code: input.mfaCode })));
        return reply.status(400).send(fail(400, say('badGrant')));
      } catch (error) {
        return refusal(reply, error);
      }
    },
  );
}

function refusal(reply: FastifyReply, error: unknown) {
  if (error instanceof SecondFactorRequired) {
    return reply.status(400).send(fail(428, error.said, { mfaTicket: error.ticket, mfaExpiresIn: error.expiresIn }));
  }
  if (error instanceof GrantError) {
    if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
    return reply.status(error.status).send(fail(error.status, error.said));
  }
  throw error;
}
