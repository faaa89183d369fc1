import { fail, TOKEN_HEADER, zh } from '@sso/shared-api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { toCaller } from '../auth/permissions.js';
import type { AppContext } from '../context.js';

const BEARER = /^bearer\s+/i;
const tokenHeader = TOKEN_HEADER.toLowerCase();

/** The access token of a request: `Blade-Auth: bearer <jwt>` (or `Authorization: Bearer`). */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers[tokenHeader];
  const value = typeof header === 'string' ? header : undefined;
  if (value && BEARER.test(value)) return value.replace(BEARER, '');
  const authorization = request.headers.authorization;
  if (authorization && BEARER.test(authorization)) return authorization.replace(BEARER, '');
  return undefined;
}

/**
 * Every /api route needs a valid token unless it is declared public; a route guarded by a code
 * answers 403 (never 401) to a signed-in caller who lacks it.
 */
export function registerAuthHook(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.url.startsWith('/api/')) return;
    const access = request.routeOptions.config?.access ?? 'user';
    const token = bearerToken(request);
    if (token) {
      const verified = await ctx.tokens.verify(token);
      if (verified && (await ctx.sessions.isActive(verified.sid))) request.caller = toCaller(verified);
    }
    if (access === 'public') return;
    if (!request.caller) return reply.status(401).send(fail(401, zh('unauthorized')));
    if (typeof access === 'object' && !(await ctx.permissions.allows(request.caller, access.code))) {
      return reply.status(403).send(fail(403, zh('forbidden')));
    }
  });
}
