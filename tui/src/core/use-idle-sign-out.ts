import { useInput } from 'ink';
import { useEffect, useRef } from 'react';

/** How often the console looks at the time of the last key. */
const CHECK_MS = 15_000;

/**
 * The tenant's idle limit (compliance profile, `session_idle_minutes` of the sign-in answer):
 * once no key was pressed for that many minutes the console signs out (`onIdle`). The server
 * ends the session as well; this keeps an unattended terminal from showing the open screen.
 * Every key counts, whichever part of the console takes it (Ink hands each key to every hook).
 */
export function useIdleSignOut(minutes: number | undefined, onIdle: () => void): void {
  const lastKey = useRef(Date.now());
  useInput(
    () => {
      lastKey.current = Date.now();
    },
    { isActive: Boolean(minutes) },
  );
  useEffect(() => {
    if (!minutes) return;
    lastKey.current = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - lastKey.current >= minutes * 60_000) onIdle();
    }, CHECK_MS);
    return () => clearInterval(timer);
  }, [minutes, onIdle]);
}
