import type { Session, SessionStore } from '@sso/shared-api/auth';
import Cookies from 'js-cookie';
import { website } from '../config.js';
import { createStore } from '../lib/store.js';
import { getRecord, removeStore, setStore } from './storage.js';

/**
 * Where the SDK keeps the sign-in: the session in localStorage as a record with a
 * timestamp, the two tokens also in cookies (BladeX clients read them there). localStorage is
 * read on every load, so tabs share one session and see each other's refreshes.
 */
const NAME = 'session';

/** Bumped on every save so React re-renders on sign-in, refresh and sign-out. */
export const tokenVersion = createStore(0);

const cookieOptions = () => ({
  path: '/',
  sameSite: 'lax' as const,
  secure: typeof location !== 'undefined' && location.protocol === 'https:',
});

function isSession(value: unknown): value is Session {
  const session = value as Session | undefined;
  return typeof session?.token?.access_token === 'string' && typeof session.expiresAt === 'number';
}

export const tokenStore: SessionStore = {
  load() {
    const content = getRecord<Session>(NAME)?.content;
    return isSession(content) ? content : undefined;
  },
  save(session) {
    if (session) {
      setStore(NAME, session);
      Cookies.set(website.accessCookie, session.token.access_token, cookieOptions());
      Cookies.set(website.refreshCookie, session.token.refresh_token, cookieOptions());
    } else {
      removeStore(NAME);
      Cookies.remove(website.accessCookie, { path: '/' });
      Cookies.remove(website.refreshCookie, { path: '/' });
    }
    tokenVersion.set((v) => v + 1);
  },
};

/** When the current tokens were stored (epoch ms), for the token-age check. */
export function tokenSavedAt(): number | undefined {
  return getRecord<Session>(NAME)?.datetime;
}

/** The stored access token: undefined when signed out, '' when the record lost its token. */
export function storedAccessToken(): string | undefined {
  const record = getRecord<Session>(NAME);
  if (!record) return undefined;
  return typeof record.content?.token?.access_token === 'string' ? record.content.token.access_token : '';
}

// Another tab signed in, refreshed or signed out: re-render here too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key?.endsWith(`-${NAME}`)) tokenVersion.set((v) => v + 1);
  });
}
