import { useEffect } from 'react';
import { client } from '../api/client.js';
import { website } from '../config.js';
import { createTokenChecker } from '../session/token-check.js';
import { tokenSavedAt } from '../session/token-store.js';

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

/** Runs the token-age check every 10 s while the calling layout is mounted. */
export function useTokenCheck(): void {
  useEffect(() => {
    const timer = window.setInterval(() => void checker.check(), website.tokenCheckMs);
    return () => window.clearInterval(timer);
  }, []);
}
