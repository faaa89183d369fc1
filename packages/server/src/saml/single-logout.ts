import { randomUUID } from 'node:crypto';
import { samlAppById } from '../apps/saml-apps.js';
import type { AppContext } from '../context.js';
import { identityProvider, samlify, serviceProvider } from './entities.js';
import { samlKeys } from './keys.js';
import { type SamlSignOn, takeSamlSignOns } from './sign-ons.js';

/** An application that does not answer within this long is given up on. */
const ANSWER_WITHIN_MS = 10_000;

const soapEnvelope = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><SOAP-ENV:Envelope xmlns:SOAP-ENV="http://schemas.xmlsoap.org/soap/envelope/"><SOAP-ENV:Body>${body}</SOAP-ENV:Body></SOAP-ENV:Envelope>`;

const pendingSends = new WeakMap<AppContext, Set<Promise<void>>>();

/** Resolves once every logout request handed over so far has been answered or given up (tests wait on it). */
export async function samlLogoutsIdle(ctx: AppContext): Promise<void> {
  const sends = pendingSends.get(ctx);
  if (sends) await Promise.all([...sends]);
}

/**
 * A signed LogoutRequest naming the sign-on's NameID and session index, posted over the SOAP
 * binding to the application's single logout address, through the platform's outbound guard as
 * the application's tenant. Failures are logged, never retried, and never keep a session alive.
 */
async function sendLogout(ctx: AppContext, origin: string, signOn: SamlSignOn): Promise<void> {
  const where = { app: signOn.appId };
  try {
    const app = await samlAppById(ctx, signOn.tenantId, signOn.appId);
    if (!app?.samlLogoutUrl) return;
    const idp = identityProvider({ origin, tenantId: signOn.tenantId, keys: await samlKeys(ctx, signOn.tenantId), app });
    const sp = serviceProvider(app);
    const values = {
      ID: `_${randomUUID()}`,
      Destination: app.samlLogoutUrl,
      Issuer: idp.entityMeta.getEntityID(),
      IssueInstant: new Date().toISOString(),
      NameIDFormat: signOn.nameIdFormat,
      NameID: signOn.nameId,
      SessionIndex: signOn.sessionIndex,
    };
    // samlify fills and escapes the template and signs the request (the service provider wants it signed).
    const request = idp.createLogoutRequest(sp, 'post', { logoutNameID: signOn.nameId, sessionIndex: signOn.sessionIndex }, {
      customTagReplacement: (template: string) => ({ id: values.ID, context: samlify().SamlLib.replaceTagsByValue(template, values) }),
    } as never) as { context: string };
    const xml = Buffer.from(request.context, 'base64').toString('utf8');
    const response = await ctx.outbound.fetchFor(signOn.tenantId)(app.samlLogoutUrl, {
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: 'http://www.oasis-open.org/committees/security' },
      body: soapEnvelope(xml),
      redirect: 'manual',
      signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
    });
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok) ctx.log?.warn({ ...where, status: response.status }, 'SAML logout request refused');
  } catch (error) {
    ctx.log?.warn({ ...where, err: error }, 'SAML logout request not delivered');
  }
}

/**
 * SAML single logout joined to the platform's: when platform sessions end (sign-out, password
 * change, account or tenant disabled…), every application a response was issued to from them, and
 * that registered a single logout address, is sent a LogoutRequest; the sign-ons are removed either way.
 */
export function registerSamlSingleLogout(ctx: AppContext, origin: () => string): void {
  let sends = pendingSends.get(ctx);
  if (!sends) {
    sends = new Set();
    pendingSends.set(ctx, sends);
  }
  const inFlight = sends;
  ctx.sessions.onEnded(async ({ sessionIds }) => {
    try {
      const ended = await takeSamlSignOns(ctx, sessionIds);
      for (const signOn of ended) {
        const send = sendLogout(ctx, origin(), signOn).finally(() => inFlight.delete(send));
        inFlight.add(send);
      }
    } catch (error) {
      ctx.log?.warn({ err: error }, 'SAML single logout not sent');
    }
  });
}
