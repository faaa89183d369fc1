// A closed loop of workers: each sends its next request as soon as the last one is answered, for a
// fixed time; the figures are completions per second and per CPU-second of the server (one core
// fully busy for one second), the database's CPU included when the meter measures it.

/**
 * `workers` loops for `seconds`. `newWorker()` prepares one worker (before the clock and the meter
 * start) and answers its step: a function that does one request and answers whether it succeeded.
 */
export async function closedLoop(meter, seconds, workers, newWorker) {
  const steps = await Promise.all(Array.from({ length: workers }, () => newWorker()));
  let done = 0;
  let bad = 0;
  const before = await meter.snapshot();
  const began = Date.now();
  const until = began + seconds * 1000;
  await Promise.all(
    steps.map(async (step) => {
      while (Date.now() < until) {
        if (await step().catch(() => false)) done++;
        else bad++;
      }
    }),
  );
  const elapsed = (Date.now() - began) / 1000;
  const cpu = await meter.since(before);
  const total = Math.max(cpu.server + cpu.database, 0.001);
  return {
    perSecond: done / elapsed,
    perCore: done / total,
    perServerCore: done / Math.max(cpu.server, 0.001),
    databaseShare: cpu.database / total,
    bad,
  };
}
