import type { Session } from '@sso/shared-api';
import Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';
import { fedLogout } from './clear.js';
import { lock, lockStore, setLockPassword, unlock } from './lock.js';
import { getRecord } from './storage.js';
import { clearTags, openTag, tagsStore } from './tags-store.js';
import { tokenSavedAt, tokenStore } from './token-store.js';
import { userStore } from './user-store.js';

const session = { token: { access_token: 'a.b.c', refresh_token: 'r1' }, expiresAt: Date.now() + 3_600_000 } as unknown as Session;

describe('session storage', () => {
  it('keeps the tokens in localStorage as a timestamped record and in cookies', () => {
    tokenStore.save(session);
    const record = getRecord<Session>('session');
    expect(record).toMatchObject({ dataType: 'object', content: session });
    expect(tokenSavedAt()).toBe(record?.datetime);
    expect(Cookies.get('sso-access-token')).toBe('a.b.c');
    expect(Cookies.get('sso-refresh-token')).toBe('r1');
    expect(tokenStore.load()).toEqual(session);
  });

  it('federated logout clears tokens, menu, roles, tags, lock and user info', () => {
    tokenStore.save(session);
    userStore.set({ menus: [], permissions: { param_add: true }, roles: ['administrator'], loaded: true });
    openTag({ label: 'x', value: '/x' });
    setLockPassword('pw');
    lock();
    fedLogout();
    expect(tokenStore.load()).toBeUndefined();
    expect(Cookies.get('sso-access-token')).toBeUndefined();
    const user = userStore.get();
    expect([user.permissions, user.roles, user.menus, user.userInfo]).toEqual([{}, [], undefined, undefined]);
    expect(tagsStore.get().map((t) => t.value)).toEqual(['/wel/index']);
    expect(lockStore.get()).toEqual({ locked: false, passwordDigest: undefined });
    clearTags();
  });

  it('locks in sessionStorage and unlocks only with the lock password', () => {
    setLockPassword('secret');
    lock();
    expect(sessionStorage.getItem('sso-isLock')).toContain('true');
    expect(unlock('wrong')).toBe(false);
    expect(unlock('secret')).toBe(true);
    expect(lockStore.get().locked).toBe(false);
  });
});
