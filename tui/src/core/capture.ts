import { createContext, useContext, useEffect, useId } from 'react';

/**
 * Screens tell the shell when they take every key (a form, a picker, a confirmation), so typing
 * `q` or `:` in a field is text and not a shell command.
 */
export const CaptureContext = createContext<(id: string, capturing: boolean) => void>(() => {});

export function useCapture(capturing: boolean): void {
  const id = useId();
  const report = useContext(CaptureContext);
  useEffect(() => {
    report(id, capturing);
    return () => report(id, false);
  }, [id, capturing, report]);
}
