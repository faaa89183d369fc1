// Latency runs shared by the benches that judge calls by their p99: each call is checked once (a
// failed answer is reported with its message instead of being measured), warmed for up to 2 s,
// then measured for `seconds` with 10 connections; the table and the verdict are printed alike.
//
// autocannon only counts requests answered within the window: a request still waiting when the
// window closes is neither an answer nor an error (its timeout is 10 s). A call that stalls for
// longer than the window would therefore show 0 req/s, a p99 of 0 and no errors. Each
// connection's wait at the close is measured here: one that has waited longer than STALL_MS is
// counted as unanswered, and a call with no answer at all shows no latency rather than 0 ms.
import autocannon from 'autocannon';
import { cpuSeconds } from './processes.mjs';

const CONNECTIONS = 10;
/** A request still waiting this long when the window closes counts as unanswered. */
const STALL_MS = 1000;

/** An autocannon run; answers its result and, per connection, how long its last request had waited at the close. */
export function cannon(options) {
  return new Promise((resolve, reject) => {
    const lastAnswer = new Map();
    const began = Date.now();
    const instance = autocannon({ connections: CONNECTIONS, ...options }, (error, result) => {
      if (error) return reject(error);
      const closed = Date.now();
      const connections = options.connections ?? CONNECTIONS;
      // A connection that never had an answer has waited since the start.
      const answeredAt = [...lastAnswer.values()];
      const waits = Array.from({ length: connections }, (_, i) => closed - (answeredAt[i] ?? began));
      resolve({ ...result, waits });
    });
    instance.on('response', (client) => lastAnswer.set(client, Date.now()));
  });
}

/** The first answer's failure (HTTP status and the envelope's message), or undefined when it succeeded. */
async function failureOf(url, headers) {
  try {
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(30_000) });
    const text = await response.text();
    let body;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    if (response.ok && body?.success !== false) return undefined;
    return `HTTP ${response.status}: ${body?.msg ?? body?.error_description ?? text.slice(0, 120)}`;
  } catch (error) {
    return `no answer: ${error.message}`;
  }
}

/**
 * One call's req/s, p50, p99, failed answers (non-2xx, errors, timeouts) and unanswered requests
 * (waiting longer than STALL_MS when the window closed), after a check and a warm-up; with the
 * server's `pid`, also its CPU milliseconds per answer (a figure a loaded machine does not skew
 * as it does wall-clock latency).
 */
export async function measure(name, url, headers, seconds, pid) {
  const failure = await failureOf(url, headers);
  if (failure) return { name, failure, rps: 0, answered: 0, p50: undefined, p99: undefined, bad: 1, unanswered: 0 };
  await cannon({ url, headers, duration: Math.min(2, seconds) });
  const cpuBefore = pid ? await cpuSeconds(pid) : 0;
  const r = await cannon({ url, headers, duration: seconds });
  const cpu = pid ? (await cpuSeconds(pid)) - cpuBefore : undefined;
  const answered = r.requests.total;
  const stalled = r.waits.filter((wait) => wait > STALL_MS);
  return {
    name,
    rps: answered / r.duration,
    answered,
    p50: answered ? r.latency.p50 : undefined,
    p99: answered ? r.latency.p99 : undefined,
    bad: r.non2xx + r.errors + r.timeouts,
    unanswered: stalled.length,
    longestWait: Math.max(0, ...r.waits),
    cpuMs: cpu !== undefined && answered ? (cpu * 1000) / answered : undefined,
  };
}

const ms = (value) => (value === undefined ? '-' : String(value));

/**
 * Prints one row per call, then whether every call answered with a p99 under the target, no
 * failed answer and no request left waiting.
 */
export function printLatencies(results, targetP99Ms, width = 44) {
  const withCpu = results.some((r) => r.cpuMs !== undefined);
  console.log(
    'run'.padEnd(width),
    'req/s'.padStart(8),
    'p50 ms'.padStart(8),
    'p99 ms'.padStart(8),
    'errors'.padStart(7),
    'unanswered'.padStart(11),
    withCpu ? 'server CPU ms/answer'.padStart(21) : '',
  );
  for (const r of results) {
    console.log(
      r.name.padEnd(width),
      r.rps.toFixed(0).padStart(8),
      ms(r.p50).padStart(8),
      ms(r.p99).padStart(8),
      String(r.bad).padStart(7),
      String(r.unanswered).padStart(11),
      withCpu ? (r.cpuMs === undefined ? '-' : r.cpuMs.toFixed(2)).padStart(21) : '',
    );
    if (r.failure) console.log(`  failed: ${r.failure}`);
    else if (r.unanswered) console.log(`  ${r.unanswered} request(s) still waiting at the close, the longest for ${r.longestWait} ms`);
  }
  const late = (r) => r.p99 === undefined || r.p99 >= targetP99Ms || r.bad > 0 || r.unanswered > 0;
  const failing = results.filter(late);
  const measured = results.filter((r) => r.p99 !== undefined);
  const worst = measured.length ? measured.reduce((a, b) => (b.p99 > a.p99 ? b : a)) : undefined;
  console.log(
    `target p99 < ${targetP99Ms} ms on every call, every call answered without error: worst p99 ${ms(worst?.p99)} ms` +
      `${worst ? ` (${worst.name})` : ''} — ${failing.length ? `NOT met (${failing.map((r) => r.name.split(' ')[0]).join(', ')})` : 'met'}`,
  );
}
