import type { Caller } from '../auth/permissions.js';

/**
 * Who may call a route: anyone, any signed-in user, or holders of a menu/button code (and, with
 * platformOnly, only when they belong to the platform tenant).
 */
export type Access = 'public' | 'user' | { code: string; platformOnly?: boolean };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Fields a route takes from the query string or the body alike, checked by the route itself. */
    fields?: unknown;
    /**
     * A download a browser opens in a new window (no headers there): the access token may come as
     * the `Blade-Auth` query parameter, as BladeX reads it and Saber's export buttons send it.
     */
    tokenInQuery?: boolean;
  }
  interface FastifyRequest {
    caller?: Caller;
  }
}

/** The signed-in caller of a route that is not public (the auth hook guarantees it). */
export function callerOf(request: { caller?: Caller }): Caller {
  if (!request.caller) throw new Error('route reached without a caller');
  return request.caller;
}
