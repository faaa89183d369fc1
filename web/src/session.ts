import { axiosTransport, memoryStore, type Session, type SessionStore, SsoClient } from '@sso/shared-api';

export const SESSION_KEY = 'sso-session';

/** The part of the Web Storage API the session store needs. */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** A SessionStore kept as JSON under one key of a Storage (localStorage in the browser). */
export function createSessionStore(storage: StorageLike, key = SESSION_KEY): SessionStore {
  return {
    load() {
      const raw = storage.getItem(key);
      if (!raw) return undefined;
      try {
        const session = JSON.parse(raw) as Session;
        if (session?.token?.access_token && typeof session.expiresAt === 'number') return session;
      } catch {
        // unreadable: treat as signed out
      }
      storage.removeItem(key);
      return undefined;
    },
    save(session) {
      if (session) storage.setItem(key, JSON.stringify(session));
      else storage.removeItem(key);
    },
  };
}

const store = typeof localStorage === 'undefined' ? memoryStore() : createSessionStore(localStorage);

/** The one SDK client of the web app; same origin, so the base URL is empty. */
export const client = new SsoClient({ baseUrl: '', transport: axiosTransport(), store });
