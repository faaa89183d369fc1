import { getStore, removeStore, setStore } from './storage.js';

/**
 * The idle limit of the tenant's compliance profile, as the browser keeps it: the last input
 * (pointer, keys, wheel, touch) in localStorage, so that input in any tab of the session counts,
 * written at most every few seconds; the session is idle once that is older than the limit the
 * sign-in answer gave (`session_idle_minutes`). The server ends the session as well (its own
 * clock counts requests); signing out here first is what keeps an unattended screen from showing.
 */
const KEY = 'lastInput';
/** Input is written down at most this often (every mouse move must not write storage). */
const WRITE_MS = 5_000;

interface IdleDeps {
  /** The limit in minutes; undefined or 0 while there is none (or nobody is signed in). */
  idleMinutes: () => number | undefined;
  now?: () => number;
  /** Where the last input is kept (localStorage by default). */
  read?: () => number | undefined;
  write?: (at: number) => void;
}

export function createIdleWatch({
  idleMinutes,
  now = Date.now,
  read = () => getStore<number>(KEY),
  write = (at) => setStore(KEY, at),
}: IdleDeps) {
  let written = 0;
  return {
    /** An input of the user. */
    input(): void {
      const at = now();
      if (at - written < WRITE_MS) return;
      written = at;
      write(at);
    },
    /** A new sign-in: it counts from now. */
    start(): void {
      written = now();
      write(written);
    },
    /** Whether the session has gone without input for the limit. */
    isIdle(): boolean {
      const minutes = idleMinutes();
      if (!minutes) return false;
      const last = read();
      if (last === undefined) {
        this.start();
        return false;
      }
      return now() - last >= minutes * 60_000;
    },
  };
}

/** Forgets the last input (every sign-out): the next sign-in counts from itself. */
export function clearLastInput(): void {
  removeStore(KEY);
}
