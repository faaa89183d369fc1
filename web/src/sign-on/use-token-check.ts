import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../api/client.js';
import { feedback } from '../api/feedback.js';
import { website } from '../config.js';
import { createIdleWatch } from '../session/idle.js';
import { createTokenChecker } from '../session/token-check.js';
import { tokenSavedAt, tokenStore } from '../session/token-store.js';
import { logout } from './logout.js';

/**
 * Tabs share the tokens; refresh tokens rotate and a reused one ends the session, so only one
 * tab may refresh: the Web Locks API serialises them and the age is read again under the lock.
 */
async function refreshOnce(): Promise<void> {
  const due = () => {
    const at = tokenSavedAt();
    return at !== undefined && (Date.now() - at) / 1000 >= website.tokenTime;
  };
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) {
    await client.refresh();
    return;
  }
  await locks.request(`${website.key}-refresh`, async () => {
    if (due()) await client.refresh();
  });
}

const checker = createTokenChecker({ tokenTime: website.tokenTime, savedAt: tokenSavedAt, refresh: refreshOnce });

/** The idle limit the sign-in answer gave (the tenant's compliance profile), if any. */
const idle = createIdleWatch({ idleMinutes: () => tokenStore.load()?.token.session_idle_minutes });
const INPUT_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;

/**
 * Runs the token-age check every 10 s while the calling layout is mounted, and signs the user out
 * once the session has gone without input for the tenant's idle limit (the route guard then
 * shows the sign-in page); the server ends such a session too.
 */
export function useTokenCheck(): void {
  const { t } = useTranslation();
  useEffect(() => {
    const input = () => idle.input();
    for (const name of INPUT_EVENTS) window.addEventListener(name, input, { passive: true });
    const timer = window.setInterval(() => {
      if (idle.isIdle()) {
        void logout().then(() => feedback.message.warning(t('idle.signedOut')));
        return;
      }
      void checker.check();
    }, website.tokenCheckMs);
    return () => {
      window.clearInterval(timer);
      for (const name of INPUT_EVENTS) window.removeEventListener(name, input);
    };
  }, [t]);
}
