import { ApiError, isSignInAgain, OIDC_INTERACTION_PATH, type OidcInteractionResponse } from '@sso/shared-api/auth';
import { client } from '../api/client.js';
import { reportError } from '../api/errors.js';
import { feedback } from '../api/feedback.js';
import { logout } from './logout.js';

/** How long a refusal stays on screen (seconds): long enough to read it. */
const REFUSAL_SECONDS = 12;

interface SignOnDeps {
  finish: (uid: string) => Promise<OidcInteractionResponse>;
  go: (url: string) => void;
  signOut: () => Promise<void>;
}

const browserDeps: SignOnDeps = {
  finish: (uid) => client.call('POST', OIDC_INTERACTION_PATH, { uid }) as Promise<OidcInteractionResponse>,
  go: (url) => window.location.assign(url),
  signOut: () => logout(),
};

/**
 * OpenID Connect sign-on of `/login?oidc=<uid>`, once the user is signed in (no second password
 * when a session exists): the server checks that the user may open the application and answers
 * where the browser goes next (back into the provider, then to the application with a code). A
 * refusal (not granted, request expired) is shown for a while and the caller carries on as after
 * a normal sign-in. An application asking for a fresh sign-in (`prompt=login`, a passed
 * `max_age`) of a session signed in before its request gets the form again: the session ends,
 * the page stays on this address, and the sign-in made there finishes the request. Resolves
 * whether the browser is leaving (or staying for the form).
 */
export async function finishOidcSignOn(uid: string, deps: SignOnDeps = browserDeps): Promise<boolean> {
  try {
    const { url } = await deps.finish(uid);
    deps.go(url);
    return true;
  } catch (error) {
    if (error instanceof ApiError && isSignInAgain(error.data)) {
      feedback.message.info({ content: error.message, duration: REFUSAL_SECONDS, className: 'oidc-sign-in-again' });
      await deps.signOut();
      return true;
    }
    if (error instanceof ApiError && (error.code === 400 || error.code === 403)) {
      feedback.message.error({ content: error.message, duration: REFUSAL_SECONDS, className: 'oidc-refused' });
    } else {
      reportError(error);
    }
    return false;
  }
}
