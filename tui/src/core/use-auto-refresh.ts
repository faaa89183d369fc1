import { useEffect, useRef } from 'react';

interface AutoRefresh {
  on: boolean;
  everyMs: number;
  /** A read is under way. */
  loading: boolean;
  /** Changes whenever a read has finished (see useList's `settled`). */
  settled: number;
  reload: () => void;
}

/**
 * Reads a list again `everyMs` after its last answer, while `on`. The next read is planned only
 * once the one before has finished, so a slow server never has two reads of the same screen in
 * flight; a read asked for meanwhile (`r`) plans the next one from its own answer. Turning it
 * off, or leaving the screen (unmount), drops the planned read.
 */
export function useAutoRefresh({ on, everyMs, loading, settled, reload }: AutoRefresh): void {
  const latestReload = useRef(reload);
  latestReload.current = reload;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `settled` marks each finished read, the start of the next wait
  useEffect(() => {
    if (!on || loading) return;
    const timer = setTimeout(() => latestReload.current(), everyMs);
    return () => clearTimeout(timer);
  }, [on, everyMs, loading, settled]);
}
