import { ApiError, isSignInAgain } from '@sso/shared-api/auth';
import { client } from '../api/client.js';
import { reportError } from '../api/errors.js';
import { feedback } from '../api/feedback.js';
import i18n from '../i18n/index.js';
import { noteRenewSignIn, takeRenewSignIn } from '../session/cas-renew.js';
import { fedLogout } from '../session/clear.js';
import { logout } from './logout.js';

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

/** Renew: the session is ended and the form shown, with why; the next sign-in here answers the renew. */
async function signInAgain(service: string, why: string): Promise<true> {
  noteRenewSignIn(service);
  feedback.message.info({ content: why, duration: REFUSAL_SECONDS, className: 'cas-renew' });
  await logout();
  return true;
}

/**
 * CAS sign-on of `/login?cas=<service>`, once signed in: the server checks the service belongs to
 * a cas application the user may open and answers its address with a service ticket. With
 * `renew`, only a sign-in made on this page after arriving counts: a session the browser already
 * had is ended so that the form asks for the credential again, and so is one the server refuses
 * (a social sign-in presents no credential). Resolves whether the browser is leaving.
 */
export async function casSignOn(service: string, renew: boolean): Promise<boolean> {
  if (renew && !takeRenewSignIn(service)) return signInAgain(service, i18n.t('login.casRenew'));
  try {
    const { url } = await client.casTicket(service, renew);
    go(url);
    return true;
  } catch (error) {
    if (renew && error instanceof ApiError && error.code === 400) return signInAgain(service, error.message);
    return refused(error);
  }
}

/**
 * CAS `gateway=true` without a session: back to the service with no ticket (it then knows the
 * browser is not signed in), only when the server says the service is a registered cas one.
 */
export async function casGateway(service: string): Promise<boolean> {
  try {
    const { url } = await client.casGateway(service);
    go(url);
    return true;
  } catch (error) {
    return refused(error);
  }
}

/**
 * CAS sign-out of `/login?casLogout=<service>`: the server ends the session the token names (and
 * with it every CAS sign-on made from it), the page forgets it, and goes back to the service only
 * when the server says it is registered; otherwise stays on the sign-in page.
 */
export async function casSignOut(service: string): Promise<boolean> {
  try {
    const { url } = await client.casLogout(service || undefined);
    fedLogout();
    if (url) go(url);
    return Boolean(url);
  } catch (error) {
    return refused(error);
  }
}

/**
 * Posts a SAML message to the application the way the HTTP-POST binding asks: a form of hidden
 * fields submitted by the page; without fields (HTTP-Redirect) the browser simply goes there.
 */
function post(url: string, fields: Record<string, string> | undefined): void {
  if (!fields || Object.keys(fields).length === 0) {
    go(url);
    return;
  }
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = url;
  form.style.display = 'none';
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
}

/**
 * SAML sign-on of `/login?saml=<key>` (a request the application sent, checked by the server) or
 * `/login?samlApp=<code>` (the portal's Open: an unsolicited response), once signed in: the server
 * checks the user may open the application and answers the response, which the page posts to the
 * application's registered assertion consumer service. A request with ForceAuthn answered from a
 * session signed in before it gets the form again: the session ends, the page stays on this
 * address, and the sign-in made there answers the request. Resolves whether the browser is leaving
 * (or staying for the form).
 */
export async function samlSignOn(target: { request: string } | { appCode: string }): Promise<boolean> {
  try {
    const { url, fields } = await client.samlResponse(target);
    post(url, fields);
    return true;
  } catch (error) {
    if (error instanceof ApiError && isSignInAgain(error.data)) {
      feedback.message.info({ content: error.message, duration: REFUSAL_SECONDS, className: 'saml-sign-in-again' });
      await logout();
      return true;
    }
    return refused(error);
  }
}

/**
 * SAML sign-out of `/login?samlLogout=<key>`: the server ends the session (and tells the other
 * applications), the page forgets it, and the application that asked gets its LogoutResponse.
 */
export async function samlSignOut(request: string): Promise<boolean> {
  try {
    const { url, fields } = await client.samlLogout(request || undefined);
    fedLogout();
    if (url) post(url, fields);
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
    const answer = await client.appHandOff(appCode, redirect);
    go(answer.redirect_uri);
    return true;
  } catch (error) {
    return refused(error);
  }
}
