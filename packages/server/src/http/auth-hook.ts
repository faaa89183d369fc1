import { fail, TOKEN_HEADER, zh } from '@sso/shared-api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Caller, toCaller } from '../auth/permissions.js';
import type { VerifiedToken } from '../auth/tokens.js';
import type { AppContext } from '../context.js';
import type { Access } from './types.js';

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
 * answers 403 (never 401) to a signed-in caller who lacks it. The check is attached to each
 * route as it is registered, so a request pays only for its own route's rule.
 */
export function registerAuthHook(app: FastifyInstance, ctx: AppContext): void {
  // One Caller per verified token object: requests with a known token reuse it.
  const callers = new WeakMap<VerifiedToken, Caller>();

  const identify = async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) return;
    const verified = await ctx.tokens.verify(token);
    if (!verified || !(await ctx.sessions.isActive(verified.sid))) return;
    let caller = callers.get(verified);
    if (!caller) {
      caller = toCaller(verified);
      callers.set(verified, caller);
    }
    request.caller = caller;
  };

  const guard = (access: Access) => async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('x-request-id', request.id);
    await identify(request);
    if (access === 'public') return;
    if (!request.caller) return reply.status(401).send(fail(401, zh('unauthorized')));
    if (typeof access === 'object' && !(await ctx.permissions.allows(request.caller, access.code))) {
      return reply.status(403).send(fail(403, zh('forbidden')));
    }
  };

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [guard(route.config?.access ?? 'user'), ...existing] as typeof route.onRequest;
  });
}
