import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { SamlApp } from '../apps/saml-apps.js';
import { admitSignOn, type SignOnRefusal } from '../apps/sign-on.js';
import type { AppContext } from '../context.js';
import type { Caller } from '../kernel/caller.js';
import { samlSubject } from './attributes.js';
import { identityProvider, nameIdFormats } from './entities.js';
import { samlKeys } from './keys.js';
import { loginResponse } from './login-response.js';
import type { PendingLogin } from './pending.js';
import { recordSamlSignOn } from './sign-ons.js';

export interface SamlSignOnInput {
  caller: Caller;
  /** The enabled saml application of the caller's tenant the request names; undefined when none. */
  samlApp: SamlApp | undefined;
  /** The registered assertion consumer service the response goes to. */
  acsUrl: string | undefined;
  /** The AuthnRequest answered (none for an IdP-initiated sign-on). */
  pending?: PendingLogin;
  request: Pick<FastifyRequest, 'ip'>;
}

/** The message the browser posts to the application, or why the sign-on was refused. */
export type SamlSignOnOutcome =
  | { refusal: SignOnRefusal }
  | { refusal?: undefined; app: SamlApp; url: string; fields: Record<string, string> };

/**
 * A SAML sign-on through the one sign-on pipeline (application, registered ACS, who may open it,
 * the open recorded once), then the signed response and its record for single logout. Both ways
 * in answer through here: the sign-in page's `POST saml/response` and the single sign-on service
 * itself for a browser already signed in to the platform.
 */
export async function samlSignOn(ctx: AppContext, origin: string, input: SamlSignOnInput): Promise<SamlSignOnOutcome> {
  const { caller, samlApp, acsUrl, pending } = input;
  const admitted = await admitSignOn(ctx, { caller, app: samlApp, target: acsUrl ?? '', request: input.request });
  if (!admitted.admitted) return { refusal: admitted.refusal };
  if (!samlApp || !acsUrl) return { refusal: 'not-registered' };
  const idp = identityProvider({ origin, tenantId: caller.tenant_id, keys: await samlKeys(ctx, caller.tenant_id), app: samlApp });
  const subject = await samlSubject(ctx, caller, samlApp, nameIdFormats());
  const sessionIndex = `_${randomUUID()}`;
  const SAMLResponse = await loginResponse({
    idp,
    app: samlApp,
    acsUrl,
    subject,
    inResponseTo: pending?.requestId,
    sessionIndex,
    relayState: pending?.relayState,
  });
  await recordSamlSignOn(ctx, {
    sessionIndex,
    sessionId: caller.sid,
    appId: samlApp.id,
    tenantId: caller.tenant_id,
    nameId: subject.nameId,
    nameIdFormat: subject.nameIdFormat,
  });
  const fields: Record<string, string> = { SAMLResponse };
  if (pending?.relayState) fields.RelayState = pending.relayState;
  return { app: samlApp, url: acsUrl, fields };
}
