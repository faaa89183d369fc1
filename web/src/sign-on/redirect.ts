import { ApiError, displayAddress } from '@sso/shared-api/auth';
import { client } from '../api/client.js';
import { reportError } from '../api/errors.js';
import { feedback } from '../api/feedback.js';
import i18n from '../i18n/index.js';

/** How long the refusal stays on screen (seconds): long enough to read and copy the address. */
const REFUSAL_SECONDS = 12;

interface HandOffDeps {
  handoff: (redirect: string) => Promise<{ url: string }>;
  go: (url: string) => void;
}

const browserDeps: HandOffDeps = {
  handoff: (redirect) => client.handoff(redirect),
  go: (url) => window.location.assign(url),
};

/**
 * Single sign-on hand-off of `/login?redirect=<address>`: the server decides whether the address
 * is a registered redirect URI and answers it with a fresh access token; the browser then moves
 * there. A refused address is named in a message that stays a while, and the caller carries on
 * as after a normal sign-in. Resolves whether the browser is leaving.
 */
export async function handOff(redirect: string, deps: HandOffDeps = browserDeps): Promise<boolean> {
  try {
    const { url } = await deps.handoff(redirect);
    deps.go(url);
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.code === 400) {
      feedback.message.error({
        content: i18n.t('login.redirectRefused', { address: displayAddress(redirect) }),
        duration: REFUSAL_SECONDS,
        className: 'redirect-refused',
      });
    } else {
      reportError(error);
    }
    return false;
  }
}
