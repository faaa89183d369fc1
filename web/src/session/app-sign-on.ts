import { ApiError } from '@sso/shared-api/auth';
import { client } from '../api/client.js';
import { reportError } from '../api/errors.js';
import { feedback } from '../api/feedback.js';

/** How long a refusal stays on screen (seconds): long enough to read it. */
const REFUSAL_SECONDS = 12;

const go = (url: string) => window.location.assign(url);

/** A refusal (not registered, not granted, disabled) is shown for a while; anything else is reported. */
function refused(error: unknown): false {
  if (error instanceof ApiError && [400, 401, 403].includes(error.code)) {
    feedback.message.error({ content: error.message, duration: REFUSAL_SECONDS, className: 'sign-on-refused' });
  } else {
    reportError(error);
  }
  return false;
}

/**
 * CAS sign-on of `/login?cas=<service>`, once signed in: the server checks the service belongs to
 * a cas application the user may open and answers its address with a service ticket. With
 * `renew`, a session not just signed in with a password is ended so that the form asks again.
 * Resolves whether the browser is leaving.
 */
export async function casSignOn(service: string, renew: boolean): Promise<boolean> {
  try {
    const query = renew ? { service, renew: 'true' } : { service };
    const { url } = (await client.call('POST', '/api/blade-auth/cas/ticket', query)) as { url: string };
    go(url);
    return true;
  } catch (error) {
    if (renew && error instanceof ApiError && error.code === 400) {
      await client.logout();
      return true;
    }
    return refused(error);
  }
}

/**
 * CAS `gateway=true` without a session: back to the service with no ticket (it then knows the
 * browser is not signed in), only when the server says the service is a registered cas one.
 */
export async function casGateway(service: string): Promise<boolean> {
  try {
    const { url } = (await client.call('POST', '/api/blade-auth/cas/gateway', { service })) as { url: string };
    go(url);
    return true;
  } catch (error) {
    return refused(error);
  }
}

/**
 * CAS sign-out of `/login?casLogout=<service>`: ends the session (if any) and goes back to the
 * service only when the server says it is registered; otherwise stays on the sign-in page.
 */
export async function casSignOut(service: string): Promise<boolean> {
  try {
    const { url } = (await client.call('POST', '/api/blade-auth/cas/logout', service ? { service } : undefined)) as { url: string };
    await client.logout().catch(() => undefined);
    if (url) go(url);
    return Boolean(url);
  } catch (error) {
    return refused(error);
  }
}

/**
 * BladeX hand-off of `/login?redirect=<address>&appCode=<code>`, once signed in: grant_type=sso
 * answers the address with a token for that application, only when the address is registered
 * for it and the user may open it. Resolves whether the browser is leaving.
 */
export async function appHandOff(appCode: string, redirect: string): Promise<boolean> {
  try {
    const answer = (await client.call('POST', '/api/blade-auth/oauth/token', { grant_type: 'sso', appCode, referer: redirect })) as {
      redirect_uri: string;
    };
    go(answer.redirect_uri);
    return true;
  } catch (error) {
    return refused(error);
  }
}
