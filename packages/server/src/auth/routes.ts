import { clientErrorLog, DEFAULT_TENANT_ID, fail, ok, PASSKEY_GRANT, say, tokenQuery, userInfo, withMessage, zh } from '@sso/shared-api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { type Caller, callerOf } from '../kernel/caller.js';
import { live } from '../kernel/live-rows.js';
import type { ClientRow } from './clients.js';
import { GrantError, passwordGrant, refreshGrant } from './grants.js';
import { checkCaptcha } from './login-options.js';
import { passkeyGrant } from './passkey-grant.js';
import { registerPasskeyRoutes } from './passkey-routes.js';
import { PASSKEY_RP_NAME, Passkeys } from './passkeys.js';
import { registerRecoveryRoutes } from './password-recovery.js';
import { ALL } from './permissions.js';
import { phoneGrant } from './phone-grant.js';
import { mfaGrant, SecondFactorRequired } from './second-factor.js';
import { readSentPassword } from './sent-password.js';
import { SocialUnbound, socialGrant } from './social-grant.js';
import { registerSpringBladeRoutes } from './springblade-routes.js';
import { registerTotpRoutes } from './totp-routes.js';

const AUTH = '/api/blade-auth/oauth';

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** What the token endpoint hands the `sso` grant (the BladeX hand-off to an application). */
export interface SsoGrantInput {
  caller: Caller | undefined;
  client: ClientRow;
  appCode?: string;
  referer?: string;
  request: Pick<FastifyRequest, 'ip'>;
}

/**
 * The `sso` grant: the application hand-off, a sign-on protocol on the floor above, supplies it
 * (app.ts binds `handoff/app-handoff.ts`).
 */
export type SsoGrant = (input: SsoGrantInput) => Promise<unknown>;

/** Sign-in, refresh, who-am-i, sign-out and key publication, under BladeX's blade-auth paths. */
export function registerAuthRoutes(root: FastifyInstance, ctx: AppContext, ssoGrant: SsoGrant, origin: () => string): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  registerRecoveryRoutes(root, ctx);
  registerTotpRoutes(root, ctx);
  const passkeys = new Passkeys(ctx.db, ctx.ids, { origin, name: PASSKEY_RP_NAME });
  registerPasskeyRoutes(root, ctx, passkeys);
  registerSpringBladeRoutes(root, ctx);

  app.post(
    `${AUTH}/token`,
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary:
          'OAuth2 token endpoint: password, captcha, phone, refresh_token, mfa (second step) and sso (hand-off to an application) grants; answers raw OAuth2 JSON',
        querystring: tokenQuery,
      },
    },
    async (request, reply) => {
      const form = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, string>;
      const input = { ...form, ...request.query };
      const client = await ctx.clients.authenticate(request.headers.authorization);
      if (!client) return reply.status(401).send({ error_code: 401, error_description: zh('badClient') });
      const grant = input.grant_type;
      // The second step of a sign-in is bound to the client of its first step (the ticket names it).
      // A passkey sign-in is open to the clients a password sign-in is.
      const asGrant = grant === PASSKEY_GRANT ? 'password' : grant;
      if (!grant || (grant !== 'mfa' && !client.authorizedGrantTypes.split(',').includes(asGrant ?? ''))) {
        return reply.status(400).send({ error_code: 400, error_description: zh('badGrant') });
      }
      const common = {
        client,
        ip: request.ip,
        userAgent: header(request, 'user-agent'),
        deptId: header(request, 'dept-id'),
        roleId: header(request, 'role-id'),
      };
      try {
        // A captcha grant is a password grant behind a captcha (Captcha-Key / Captcha-Code headers).
        if (grant === 'password' || grant === 'captcha') {
          const tenantId = input.tenantId || header(request, 'tenant-id') || DEFAULT_TENANT_ID;
          const captcha = { grant, tenantId, key: header(request, 'captcha-key'), code: header(request, 'captcha-code') };
          const sent = await readSentPassword(ctx, input.password);
          return await passwordGrant(ctx, {
            ...common,
            tenantId: input.tenantId ?? header(request, 'tenant-id'),
            username: input.username,
            password: sent.digest,
            plainPassword: sent.plain,
            before: () => checkCaptcha(ctx, captcha),
          });
        }
        if (grant === 'phone') {
          const tenantId = input.tenantId || header(request, 'tenant-id') || DEFAULT_TENANT_ID;
          // captchaMode=true: the client answers a captcha with the code (else only when the tenant requires one).
          const captchaGrant = input.captchaMode === 'true' ? 'captcha' : 'phone';
          const captcha = { grant: captchaGrant, tenantId, key: header(request, 'captcha-key'), code: header(request, 'captcha-code') };
          return await phoneGrant(ctx, {
            ...common,
            tenantId,
            phone: input.phone,
            phoneCode: input.phoneCode,
            before: () => checkCaptcha(ctx, captcha),
          });
        }
        if (grant === 'refresh_token') return await refreshGrant(ctx, { ...common, refreshToken: input.refresh_token });
        if (grant === 'mfa')
          return await mfaGrant(ctx, { ...common, ticket: input.mfa_ticket, code: input.mfa_code, passkey: input.passkey, passkeys });
        if (grant === PASSKEY_GRANT) return await passkeyGrant(ctx, passkeys, { ...common, passkey: input.passkey });
        if (grant === 'social') return await socialGrant(ctx, { ...common, source: input.source, code: input.code, state: input.state });
        if (grant === 'sso')
          return await ssoGrant({ caller: request.caller, client, appCode: input.appCode, referer: input.referer, request });
        return reply.status(400).send({ error_code: 400, error_description: zh('badGrant') });
      } catch (error) {
        if (error instanceof SecondFactorRequired) return reply.status(error.status).send(error.body);
        if (error instanceof SocialUnbound) return reply.status(error.status).send(error.body);
        if (error instanceof GrantError) {
          if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
          return reply.status(error.status).send(withMessage({ error_code: error.status, error_description: error.message }, error.said));
        }
        throw error;
      }
    },
  );

  app.get(
    `${AUTH}/user-info`,
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        response: { 200: z.object({ code: z.number(), success: z.boolean(), data: userInfo, msg: z.string() }) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const user = await ctx.db
        .selectFrom('blade_user')
        .select(['avatar', 'mustChangePassword'])
        .where('id', '=', caller.user_id)
        .executeTakeFirst();
      const held = await ctx.permissions.codesOf(caller);
      const codes =
        held === ALL
          ? (await ctx.db.selectFrom('blade_menu').select('code').where('category', '=', 2).$call(live()).execute()).map((r) => r.code)
          : [...held];
      return ok({
        tenantId: caller.tenant_id,
        userId: caller.user_id,
        account: caller.account,
        userName: caller.user_name,
        nickName: caller.nick_name,
        realName: caller.real_name,
        avatar: user?.avatar ?? '',
        roleId: caller.role_id,
        roleName: caller.role_name,
        deptId: caller.dept_id,
        postId: caller.post_id,
        clientId: caller.client_id,
        isInitPassword: user?.mustChangePassword ? '否' : '是',
        permissions: codes.sort(),
      });
    },
  );

  const logout = async (request: FastifyRequest) => {
    const caller = callerOf(request);
    await ctx.sessions.revoke(caller.sid, 'logout');
    return ok(true);
  };
  app.get(`${AUTH}/logout`, { schema: { tags: ['auth'], summary: 'Sign out: revokes the session at once' } }, logout);
  app.post(
    `${AUTH}/logout`,
    {
      schema: {
        tags: ['auth'],
        summary: "Sign out, uploading the browser's buffered error logs",
        body: z.array(clientErrorLog).max(500, say('tooManyLogs')).optional(),
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const logs = request.body ?? [];
      if (logs.length) {
        await ctx.db
          .insertInto('blade_log_error')
          .values(
            logs.map((log) => ({
              id: ctx.ids.next(),
              tenantId: caller.tenant_id,
              createUser: caller.user_id,
              serviceId: 'saber-web',
              requestUri: log.url?.slice(0, 2000) ?? null,
              userAgent: request.headers['user-agent']?.slice(0, 1000) ?? null,
              remoteIp: request.ip,
              message: log.message ?? null,
              stackTrace: log.stack ?? null,
              exceptionName: log.type ?? 'error',
              params: log.info ?? null,
              createBy: caller.account,
            })),
          )
          .execute();
      }
      return logout(request);
    },
  );

  app.get(
    `${AUTH}/clear-cache`,
    {
      schema: {
        tags: ['auth'],
        summary: 'Drop cached permissions, clients and configuration on every node (platform administrator only)',
      },
    },
    async (request, reply) => {
      // Emptying every node's caches at once is a load spike: only the platform's administrator may.
      const caller = callerOf(request);
      if (caller.tenant_id !== DEFAULT_TENANT_ID || !caller.isAdministrator) return reply.status(403).send(fail(403, say('forbidden')));
      ctx.cache.clear();
      ctx.permissions.clear();
      ctx.clients.clear();
      return ok(true);
    },
  );

  const jwks = async () => ctx.keys.jwks;
  app.get(
    `${AUTH}/jwks`,
    { config: { access: 'public' }, schema: { tags: ['auth'], summary: 'Public keys that sign access tokens' } },
    jwks,
  );
  app.get('/.well-known/jwks.json', { config: { access: 'public' }, schema: { hide: true } }, jwks);

  // Form-encoded token requests (RFC 6749 style) are accepted besides query parameters.
  root.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  void fail;
}
