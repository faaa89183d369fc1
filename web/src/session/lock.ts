import { md5 } from '@sso/shared-api/auth';
import { createStore } from '../lib/store.js';
import { getStore, removeStore, setStore } from './storage.js';

/**
 * Screen lock (while locked every route leads to /lock; a sign-in ends it): the flag and the lock
 * password live in sessionStorage, so a lock survives reloads of this tab but not the browser. The password is kept as a digest.
 */
interface LockState {
  locked: boolean;
  /** md5 of the lock password; undefined until the user sets one. */
  passwordDigest?: string;
}

const session = { type: 'session' as const };

export const lockStore = createStore<LockState>({
  locked: getStore<boolean>('isLock', session) === true,
  passwordDigest: getStore<string>('lockPasswd', session),
});

export function setLockPassword(password: string): void {
  const passwordDigest = md5(password);
  setStore('lockPasswd', passwordDigest, session);
  lockStore.set((s) => ({ ...s, passwordDigest }));
}

export function lock(): void {
  setStore('isLock', true, session);
  lockStore.set((s) => ({ ...s, locked: true }));
}

/** Unlocks when the password matches; true on success. */
export function unlock(password: string): boolean {
  const { passwordDigest } = lockStore.get();
  if (!passwordDigest || md5(password) !== passwordDigest) return false;
  clearLock();
  return true;
}

/** Drops the lock and its password (unlock, logout, a successful login). */
export function clearLock(): void {
  removeStore('isLock', session);
  removeStore('lockPasswd', session);
  lockStore.set({ locked: false, passwordDigest: undefined });
}
