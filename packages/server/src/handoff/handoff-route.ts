import { badRequest, HANDOFF_PATH, handoffQuery, handoffResponse, ok, redirectRefusal, say } from '@sso/shared-api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registeredRedirect } from '../auth/redirects.js';
import type { AppContext } from '../context.js';
import { type AccessClaims, type Caller, callerOf } from '../kernel/caller.js';
import { live } from '../kernel/live-rows.js';

/**
 * A new access token of the caller's session, with the claims of the token that asked for it:
 * the hand-off never widens what the session holds, and the refresh token is left as it is.
 * The session's client and user must still be usable.
 */
async function sessionAccessToken(ctx: AppContext, caller: Caller): Promise<string> {
  const client = await ctx.clients.find(caller.client_id);
  if (!client || client.status !== 1) throw badRequest(say('badClient'));
  const user = await ctx.db.selectFrom('blade_user').select('status').where('id', '=', caller.user_id).$call(live()).executeTakeFirst();
  if (!user || user.status !== 1) throw badRequest(say('accountDisabled'));
  const claims: AccessClaims = {
    sid: caller.sid,
    client_id: caller.client_id,
    tenant_id: caller.tenant_id,
    user_id: caller.user_id,
    account: caller.account,
    user_name: caller.user_name,
    nick_name: caller.nick_name,
    real_name: caller.real_name,
    role_id: caller.role_id,
    role_name: caller.role_name,
    dept_id: caller.dept_id,
    post_id: caller.post_id,
    oauth_id: caller.oauth_id,
  };
  return (await ctx.tokens.issue(claims, client.accessTokenValidity)).token;
}

/**
 * POST oauth/handoff?redirect=<url> (signed in): single sign-on to another system. The address
 * must lie under a redirect URI registered by the caller's own tenant or platform-wide; the answer is that address with `access_token`
 * appended. A refused address answers 400 naming it, and no token is made.
 */
export function registerHandoffRoute(root: FastifyInstance, ctx: AppContext): void {
  root.withTypeProvider<ZodTypeProvider>().post(
    HANDOFF_PATH,
    {
      config: { access: 'user' },
      schema: {
        tags: ['auth'],
        summary: 'Single sign-on hand-off: a registered redirect address with a fresh access token of this session appended',
        querystring: handoffQuery,
        response: { 200: z.object({ code: z.number(), success: z.boolean(), data: handoffResponse, msg: z.string() }) },
      },
    },
    async (request) => {
      const { redirect } = request.query;
      const caller = callerOf(request);
      const target = await registeredRedirect(ctx, redirect, caller.tenant_id);
      if (!target) throw badRequest(redirectRefusal(redirect));
      target.searchParams.set('access_token', await sessionAccessToken(ctx, caller));
      return ok({ url: target.href });
    },
  );
}
