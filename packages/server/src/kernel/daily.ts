export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Runs `task` after `firstAfterMs` and then every `everyMs`. The timers do not keep the process
 * alive; a failure is reported and the next turn tries again. The answer stops it, waiting for a
 * running pass: the database closes right after.
 */
export function runPeriodically(
  task: () => Promise<unknown>,
  { firstAfterMs, everyMs }: { firstAfterMs: number; everyMs: number },
  onError: (error: unknown) => void,
): () => Promise<void> {
  let current: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const run = () => {
    if (!stopped) current = task().catch(onError);
  };
  let timer: NodeJS.Timeout | undefined;
  const start = () => {
    run();
    timer = setInterval(run, everyMs);
    timer.unref();
  };
  const first = firstAfterMs ? setTimeout(start, firstAfterMs) : undefined;
  first?.unref();
  if (!first) start();
  return async () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
    await current;
  };
}

/** Housekeeping run at start and then daily (log retention, dormant accounts). */
export function runDaily(task: () => Promise<unknown>, onError: (error: unknown) => void): () => Promise<void> {
  return runPeriodically(task, { firstAfterMs: 0, everyMs: DAY_MS }, onError);
}
