export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Housekeeping run at start and then daily (log retention, dormant accounts). The timer does not
 * keep the process alive; a failure is reported and the next day tries again. The answer stops it,
 * waiting for a running pass: the database closes right after.
 */
export function runDaily(task: () => Promise<unknown>, onError: (error: unknown) => void): () => Promise<void> {
  let current: Promise<unknown> = Promise.resolve();
  const run = () => {
    current = task().catch(onError);
  };
  run();
  const timer = setInterval(run, DAY_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await current;
  };
}
