import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import type { Caller } from '../kernel/caller.js';
import type { ProtocolApp } from './protocol-apps.js';
import { isRegisteredForApp } from './registered-uris.js';
import { recordVisit } from './visits.js';
import { mayOpen, type VisibleApp } from './who-may-open.js';

/** Why a sign-on was refused; each protocol answers it in its own words and status. */
export type SignOnRefusal = 'unknown-app' | 'not-registered' | 'not-granted';

export type SignOnOutcome =
  | { admitted: true; app: ProtocolApp; granted: VisibleApp; target: URL }
  | { admitted: false; refusal: SignOnRefusal };

export interface SignOnRequest {
  caller: Caller;
  /** The enabled application of the protocol the request names (by code or by address); undefined when none. */
  app: ProtocolApp | undefined;
  /** Where the code, ticket or token would go. */
  target: string;
  request: Pick<FastifyRequest, 'ip'>;
}

/**
 * The one sign-on pipeline of every protocol (OpenID Connect, CAS, the BladeX hand-off): the
 * application must exist and be enabled, the address must lie under THAT application's
 * registered URIs (never another application's, never another tenant's), and the caller must
 * be allowed to open it; then the visit is recorded under the one same-visit rule. What is
 * issued — a code, a ticket, a token — is the protocol's own step, taken only after this says yes.
 */
export async function admitSignOn(ctx: AppContext, input: SignOnRequest): Promise<SignOnOutcome> {
  const { caller, app } = input;
  if (!app) return { admitted: false, refusal: 'unknown-app' };
  const target = isRegisteredForApp(app, input.target);
  if (!target) return { admitted: false, refusal: 'not-registered' };
  const granted = await mayOpen(ctx, caller, app.appCode);
  if (!granted) return { admitted: false, refusal: 'not-granted' };
  await recordVisit(ctx, caller, granted, input.request);
  return { admitted: true, app, granted, target };
}
