import { clearLastInput } from './idle.js';
import { clearLock } from './lock.js';
import { clearTags } from './tags-store.js';
import { tokenStore } from './token-store.js';
import { clearUser } from './user-store.js';

/**
 * Federated logout: forgets tokens, menu, roles, tags, lock, last input and user info without a
 * server call. Used on 401 and as the last step of a normal logout.
 */
export function fedLogout(): void {
  tokenStore.save(undefined);
  clearUser();
  clearTags();
  clearLock();
  clearLastInput();
}
