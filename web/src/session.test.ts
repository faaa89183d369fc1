import type { Session } from '@sso/shared-api';
import { describe, expect, it } from 'vitest';
import { createSessionStore, SESSION_KEY, type StorageLike } from './session.js';

function memoryStorage(): StorageLike & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, String(value)),
    removeItem: (key) => void data.delete(key),
  };
}

const session = {
  token: { access_token: 'a.b.c', refresh_token: 'r', tenant_id: '000000', user_name: 'admin', expires_in: 3600 },
  expiresAt: 1_700_000_000_000,
} as unknown as Session;

describe('createSessionStore', () => {
  it('saves, loads and clears a session as JSON under sso-session', () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage);
    expect(store.load()).toBeUndefined();

    store.save(session);
    expect(JSON.parse(storage.data.get(SESSION_KEY) ?? '')).toEqual(session);
    expect(createSessionStore(storage).load()).toEqual(session);

    store.save(undefined);
    expect(storage.data.has(SESSION_KEY)).toBe(false);
    expect(store.load()).toBeUndefined();
  });

  it('drops an unreadable entry', () => {
    const storage = memoryStorage();
    storage.setItem(SESSION_KEY, '{not json');
    expect(createSessionStore(storage).load()).toBeUndefined();
    expect(storage.data.has(SESSION_KEY)).toBe(false);
  });
});
