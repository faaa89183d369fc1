// Latency runs shared by the benches that judge calls by their p99: each call is warmed for up to
// 2 s, then measured for `seconds` with 10 connections; the table and the verdict are printed alike.
import autocannon from 'autocannon';

export function cannon(options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: 10, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** One call's req/s, p50, p99 and failed answers (non-2xx, errors, timeouts), after a warm-up. */
export async function measure(name, url, headers, seconds) {
  await cannon({ url, headers, duration: Math.min(2, seconds) });
  const r = await cannon({ url, headers, duration: seconds });
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, bad: r.non2xx + r.errors + r.timeouts };
}

/** Prints one row per call, then whether every p99 is under the target with no failed answer. */
export function printLatencies(results, targetP99Ms, width = 44) {
  console.log('run'.padEnd(width), 'req/s'.padStart(8), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'errors'.padStart(7));
  for (const r of results)
    console.log(
      r.name.padEnd(width),
      r.rps.toFixed(0).padStart(8),
      String(r.p50).padStart(8),
      String(r.p99).padStart(8),
      String(r.bad).padStart(7),
    );
  const worst = results.reduce((a, b) => (b.p99 > a.p99 ? b : a));
  const errors = results.reduce((sum, r) => sum + r.bad, 0);
  console.log(
    `target p99 < ${targetP99Ms} ms on every call: worst ${worst.p99} ms (${worst.name}) — ${worst.p99 < targetP99Ms && !errors ? 'met' : 'NOT met'}`,
  );
}
