import { ADMINISTRATOR_ROLE } from '@sso/shared-api';

/** What an access token says about its holder (BladeX claim names). */
export interface AccessClaims {
  sid: string;
  client_id: string;
  tenant_id: string;
  user_id: string;
  account: string;
  user_name: string;
  nick_name: string;
  real_name: string;
  role_id: string;
  role_name: string;
  dept_id: string;
  post_id: string;
  oauth_id: string;
  /** 'enrol': the user must set up the required second factor before anything else. */
  second_factor?: 'enrol';
}

export interface VerifiedToken extends AccessClaims {
  jti: string;
  exp: number;
}

/** The signed-in caller as routes see it. */
export interface Caller extends VerifiedToken {
  roleIds: string[];
  deptIds: string[];
  isAdministrator: boolean;
}

export function toCaller(token: VerifiedToken): Caller {
  return {
    ...token,
    roleIds: token.role_id ? token.role_id.split(',') : [],
    deptIds: token.dept_id ? token.dept_id.split(',') : [],
    isAdministrator: token.role_name.split(',').includes(ADMINISTRATOR_ROLE),
  };
}

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
