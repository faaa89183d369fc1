import type { Caller } from '../auth/permissions.js';

/** Who may call a route: anyone, any signed-in user, or holders of a menu/button code. */
export type Access = 'public' | 'user' | { code: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
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
