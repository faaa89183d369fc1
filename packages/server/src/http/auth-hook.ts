import { DEFAULT_TENANT_ID, fail, say, secondFactorMessages, TOKEN_HEADER } from '@sso/shared-api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { USABLE_BEFORE_ENROLMENT } from '../auth/enrolment.js';
import { liveSession } from '../auth/live-session.js';
import { narrowCaller, type SessionState } from '../auth/session-state.js';
import type { AppContext } from '../context.js';
import { type Access, type Caller, toCaller, type VerifiedToken } from '../kernel/caller.js';

const BEARER = /^bearer\s+/i;
const tokenHeader = TOKEN_HEADER.toLowerCase();

/**
 * The access token of a request: `Blade-Auth: bearer <jwt>` (or `Authorization: Bearer`); on
 * downloads opened in a browser window, also the `Blade-Auth` query parameter (with or without
 * `bearer `), which the logs mask.
 */
function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers[tokenHeader];
  const value = typeof header === 'string' ? header : undefined;
  if (value && BEARER.test(value)) return value.replace(BEARER, '');
  const authorization = request.headers.authorization;
  if (authorization && BEARER.test(authorization)) return authorization.replace(BEARER, '');
  if (request.routeOptions?.config?.tokenInQuery) {
    const inQuery = (request.query as Record<string, unknown> | undefined)?.[TOKEN_HEADER];
    if (typeof inQuery === 'string' && inQuery) return inQuery.replace(BEARER, '');
  }
  return undefined;
}

/**
 * 'password': the account must change its password before this route; 'enrol': it must set up
 * its required second factor first.
 */
type Verdict = 'pass' | 401 | 403 | 'password' | 'enrol';

/** Which of the restricted sessions' routes this one is. */
interface Usable {
  beforeChange: boolean;
  beforeEnrolment: boolean;
}

/**
 * What an account whose password must be changed may still call: who it is, the change itself,
 * signing out, and what the web app needs to show the change screen (menus, dictionaries).
 */
const USABLE_BEFORE_PASSWORD_CHANGE = new Set([
  '/api/blade-auth/oauth/user-info',
  '/api/blade-auth/oauth/logout',
  '/api/blade-auth/oauth/token',
  '/api/blade-user/update-password',
  '/api/blade-user/info',
  '/api/blade-system/menu/routes',
  '/api/blade-system/menu/buttons',
  '/api/blade-system/menu/top-menu',
  '/api/blade-system/dict/dictionary',
  '/api/blade-system/dict-biz/dictionary',
]);

/** A platform-only route (tenants, clients) refuses callers of other tenants, whatever they hold. */
const outsidePlatform = (caller: Caller, access: Access) =>
  typeof access === 'object' && access.platformOnly === true && caller.tenant_id !== DEFAULT_TENANT_ID;

/**
 * Every /api route needs a valid token unless it is declared public; a route guarded by a code
 * answers 403 (never 401) to a signed-in caller who lacks it, and so does a path an API scope
 * keeps from the caller's roles. The check is attached to each route as it is registered. When
 * the token, session, grants and scopes are all in memory the verdict is reached without an await.
 */
export function registerAuthHook(app: FastifyInstance, ctx: AppContext): void {
  // One Caller per verified token object and what its user still holds: requests with a known
  // token reuse it; a role or department taken away since the token was issued is left out.
  const callers = new WeakMap<VerifiedToken, { held: SessionState['held']; caller: Caller }>();
  const callerFor = (verified: VerifiedToken, state: SessionState) => {
    const remembered = callers.get(verified);
    if (remembered && remembered.held === state.held) return remembered.caller;
    const caller = narrowCaller(toCaller(verified), state.held);
    callers.set(verified, { held: state.held, caller });
    return caller;
  };
  const pathOf = (request: FastifyRequest) => {
    const q = request.url.indexOf('?');
    return q < 0 ? request.url : request.url.slice(0, q);
  };

  /** The verdict from memory alone, or undefined when a query is needed. */
  const quickVerdict = (request: FastifyRequest, access: Access, usable: Usable): Verdict | undefined => {
    const token = bearerToken(request);
    let mustChange = false;
    let mustEnrol = false;
    if (token) {
      const verified = ctx.tokens.known(token);
      if (!verified) return undefined;
      const state = ctx.sessions.known(verified.sid);
      if (state === undefined) return undefined;
      // A session at a limit of its tenant's profile: the slow path asks the database and ends it.
      if (state.active && ctx.sessions.limitReachedBy(verified.sid, state)) return undefined;
      if (state.active) {
        ctx.sessions.touch(verified.sid, state);
        request.caller = callerFor(verified, state);
        mustChange = state.mustChangePassword;
        mustEnrol = verified.second_factor === 'enrol';
      }
    }
    if (access === 'public') return 'pass';
    const caller = request.caller;
    if (!caller) return 401;
    if (mustChange && !usable.beforeChange) return 'password';
    if (mustEnrol && !usable.beforeEnrolment) return 'enrol';
    if (outsidePlatform(caller, access)) return 403;
    if (typeof access === 'object') {
      const held = ctx.permissions.knownAllows(caller, access.code);
      if (held === undefined) return undefined;
      if (!held) return 403;
    }
    const inScope = ctx.scopes.knownAllowsApi(caller, pathOf(request));
    return inScope === undefined ? undefined : inScope ? 'pass' : 403;
  };

  const slowVerdict = async (request: FastifyRequest, access: Access, usable: Usable): Promise<Verdict> => {
    const token = bearerToken(request);
    let mustChange = false;
    let mustEnrol = false;
    // Idle or past its longest time (compliance profile): the session ends and the token is refused.
    const live = token ? await liveSession(ctx, token) : undefined;
    if (live) {
      const { verified, state } = live;
      ctx.sessions.touch(verified.sid, state);
      request.caller = callerFor(verified, state);
      mustChange = state.mustChangePassword;
      mustEnrol = verified.second_factor === 'enrol';
    }
    if (access === 'public') return 'pass';
    const caller = request.caller;
    if (!caller) return 401;
    if (mustChange && !usable.beforeChange) return 'password';
    if (mustEnrol && !usable.beforeEnrolment) return 'enrol';
    if (outsidePlatform(caller, access)) return 403;
    if (typeof access === 'object' && !(await ctx.permissions.allows(caller, access.code))) return 403;
    return (await ctx.scopes.allowsApi(caller, pathOf(request))) ? 'pass' : 403;
  };

  const guard = (access: Access, usable: Usable) => (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
    reply.header('x-request-id', request.id);
    const finish = (verdict: Verdict) => {
      if (verdict === 'pass') return done();
      if (verdict === 'password') return reply.status(403).send(fail(403, say('passwordChangeRequired')));
      if (verdict === 'enrol') return reply.status(403).send(fail(403, secondFactorMessages.say.enrolRequired));
      reply.status(verdict).send(fail(verdict, say(verdict === 401 ? 'unauthorized' : 'forbidden')));
    };
    const quick = quickVerdict(request, access, usable);
    if (quick !== undefined) return finish(quick);
    slowVerdict(request, access, usable).then(finish, done);
  };

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    const guarded = guard(route.config?.access ?? 'user', {
      beforeChange: USABLE_BEFORE_PASSWORD_CHANGE.has(route.url),
      beforeEnrolment: USABLE_BEFORE_ENROLMENT.has(route.url),
    });
    route.onRequest = [guarded, ...existing] as typeof route.onRequest;
  });
}
