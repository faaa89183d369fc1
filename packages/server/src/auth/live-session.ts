import { ACCESS_TOKEN_COOKIE } from '@sso/shared-api';
import type { AppContext } from '../context.js';
import { type Caller, toCaller, type VerifiedToken } from '../kernel/caller.js';
import { narrowCaller, type SessionState } from './session-state.js';

/** A session a token names, live now: the token verifies, the session is active and within its tenant's limits. */
export interface LiveSession {
  verified: VerifiedToken;
  state: SessionState;
}

/**
 * The live session of an access token, or undefined. A session at one of its tenant's limits
 * (idle, longest time) is ended here, and its token refused. Every node answers alike: a session
 * ended anywhere is known ended through the sessions' messages and their recheck.
 */
export async function liveSession(ctx: AppContext, token: string): Promise<LiveSession | undefined> {
  const verified = await ctx.tokens.verify(token);
  const state = verified && (await ctx.sessions.state(verified.sid));
  if (!verified || !state?.active) return undefined;
  if (await ctx.sessions.endIfOverLimit(verified.sid, state)) return undefined;
  return { verified, state };
}

/** A value of a Cookie request header, undefined when the cookie is absent or malformed. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const pair of (header ?? '').split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0 || pair.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(pair.slice(eq + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The browser's platform session, as a sign-on endpoint may use it without the sign-in page. */
export interface BrowserSession {
  caller: Caller;
  /** When the session signed in (seconds since the epoch): its authentication time. */
  signedInAt: number;
}

/**
 * The platform session of a browser (the access token the web app keeps in its cookie), when it
 * may sign on to an application with no page in between: the session is live, has nothing to
 * finish first (a password change, a second factor to enrol: the sign-in page asks for those),
 * and may call `apiPath` — the API route the sign-in page would call for the same sign-on —
 * under the API scopes of its roles. Anything else is undefined: the browser then goes through
 * the sign-in page as without a session, and meets the same checks there.
 */
export async function browserSession(
  ctx: AppContext,
  cookieHeader: string | undefined,
  apiPath: string,
): Promise<BrowserSession | undefined> {
  const token = cookieValue(cookieHeader, ACCESS_TOKEN_COOKIE);
  if (!token) return undefined;
  const live = await liveSession(ctx, token);
  if (!live || live.state.mustChangePassword || live.verified.second_factor === 'enrol') return undefined;
  ctx.sessions.touch(live.verified.sid, live.state);
  const caller = narrowCaller(toCaller(live.verified), live.state.held);
  if (!(await ctx.scopes.allowsApi(caller, apiPath))) return undefined;
  return { caller, signedInAt: Math.floor(live.state.startedAt / 1000) };
}
