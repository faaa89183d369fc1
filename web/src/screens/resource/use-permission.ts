import { useStore } from '../../lib/store.js';
import { userStore } from '../../session/user-store.js';

/** Whether the user holds a button code of `menu/buttons` (the server checks again). */
export const useHasButton = (code: string): boolean => useStore(userStore, (s) => s.permissions[code] === true);
