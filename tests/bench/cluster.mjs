// Bench parts on PostgreSQL: (g) rotating refresh grants per second with the revocation checks in
// place, and (h) how long after a sign-out on node A node B refuses the token (LISTEN/NOTIFY).
// Run alone (after a build): `node tests/bench/cluster.mjs` (BENCH_SECONDS, BENCH_DATABASE_URL,
// BENCH_TRIES); `npm run bench` runs it too.
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminGrant, basic, cpuSeconds, startPlatformServer, stopProcess } from './processes.mjs';
import { scratchPostgres } from './users-page.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const script = join(here, '..', '..', 'packages/server/dist/main.js');
const REFRESH_TARGET_PER_CORE = 1000;
const REVOCATION_TARGET_MS = 1000;

/** A server node on `port` with the bench's settings and `env`, ready once /health answers. */
const startNode = (port, env) =>
  startPlatformServer(
    script,
    { PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SSO_ADMIN_PASSWORD: 'admin', ...env },
    `http://127.0.0.1:${port}/health`,
  );

async function refreshOnce(base, token) {
  const query = new URLSearchParams({ grant_type: 'refresh_token', scope: 'all', refresh_token: token });
  const response = await fetch(`${base}/api/blade-auth/oauth/token?${query}`, { method: 'POST', headers: { authorization: basic } });
  const body = await response.json();
  return response.ok ? body.refresh_token : undefined;
}

const percentile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** (g) Closed-loop refresh load: `workers` sessions each rotating its own token as fast as it can. */
export async function benchRefresh({ seconds, workers = 10, port = 18_951 }) {
  const store = await scratchPostgres();
  if (!store) return undefined;
  const node = await startNode(port, { DATABASE_URL: store.url, SSO_API_LOG: 'false' });
  const base = `http://127.0.0.1:${port}`;
  try {
    // Warm-up (JIT, pool connections), then the measured run.
    const latencies = [];
    let bad = 0;
    const load = async (duration, record) => {
      const until = Date.now() + duration * 1000;
      await Promise.all(
        Array.from({ length: workers }, async () => {
          let token = (await adminGrant(base)).refresh_token;
          while (Date.now() < until) {
            const started = performance.now();
            const next = await refreshOnce(base, token);
            if (record) latencies.push(performance.now() - started);
            if (next) token = next;
            else if (record) bad++;
          }
        }),
      );
    };
    await load(2, false);
    const cpuBefore = await cpuSeconds(node.pid);
    const began = performance.now();
    await load(seconds, true);
    const elapsed = (performance.now() - began) / 1000;
    const serverCpu = (await cpuSeconds(node.pid)) - cpuBefore;
    latencies.sort((a, b) => a - b);
    const rps = latencies.length / elapsed;
    return {
      rps,
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      bad,
      // Per core: what one core of the server process does, from its own CPU time.
      perCore: latencies.length / serverCpu,
      serverCores: serverCpu / elapsed,
    };
  } finally {
    await stopProcess(node);
    await store.drop();
  }
}

/** (h) Sign-out on A, then B is asked again and again (no pause) until it refuses the token. */
export async function benchRevocation({ tries = 20, ports = [18_961, 18_962] }) {
  const store = await scratchPostgres();
  if (!store) return undefined;
  // Both nodes trust their caches for a minute: only the bus can make B refuse sooner.
  const env = { DATABASE_URL: store.url, SSO_API_LOG: 'false', SSO_CACHE_TTL_MS: '60000' };
  const a = await startNode(ports[0], env);
  const b = await startNode(ports[1], env);
  const [baseA, baseB] = ports.map((port) => `http://127.0.0.1:${port}`);
  const onB = (token) => fetch(`${baseB}/api/blade-auth/oauth/user-info`, { headers: { 'blade-auth': `bearer ${token}` } });
  const times = [];
  try {
    for (let i = 0; i < tries; i++) {
      const token = (await adminGrant(baseA)).access_token;
      if ((await onB(token)).status !== 200) throw new Error('B does not accept a fresh token');
      const started = performance.now();
      await fetch(`${baseA}/api/blade-auth/oauth/logout`, { headers: { 'blade-auth': `bearer ${token}` } });
      for (;;) {
        if ((await onB(token)).status === 401) break;
        if (performance.now() - started > 10_000) throw new Error('B still accepts the token 10 s after the sign-out');
      }
      times.push(performance.now() - started);
    }
  } finally {
    await stopProcess(a);
    await stopProcess(b);
    await store.drop();
  }
  times.sort((x, y) => x - y);
  return { tries, median: percentile(times, 0.5), max: times[times.length - 1] };
}

/** Runs (g) and (h) and prints them with their targets; answers the figures. */
export async function benchCluster({
  seconds = Number(process.env.BENCH_SECONDS ?? 10),
  tries = Number(process.env.BENCH_TRIES ?? 20),
} = {}) {
  const refresh = await benchRefresh({ seconds });
  if (!refresh) {
    console.log('PostgreSQL not reachable: (g) and (h) skipped');
    return undefined;
  }
  const cores = availableParallelism();
  console.log(
    `(g) refresh grants (rotating), PostgreSQL: ${refresh.rps.toFixed(0)} req/s, p50 ${refresh.p50.toFixed(1)} ms, p99 ${refresh.p99.toFixed(1)} ms, ${refresh.bad} errors`,
  );
  console.log(
    `    per core: ${refresh.perCore.toFixed(0)}/s of server CPU (the server used ${refresh.serverCores.toFixed(2)} of ${cores} cores; ` +
      `load generator and PostgreSQL share the rest); target >= ${REFRESH_TARGET_PER_CORE} per core: ${refresh.perCore >= REFRESH_TARGET_PER_CORE ? 'met' : 'NOT met'}`,
  );
  const revocation = await benchRevocation({ tries });
  console.log(
    `(h) sign-out on node A until node B refuses the token, ${revocation.tries} tries: median ${revocation.median.toFixed(1)} ms, max ${revocation.max.toFixed(1)} ms; ` +
      `target < ${REVOCATION_TARGET_MS} ms: ${revocation.max < REVOCATION_TARGET_MS ? 'met' : 'NOT met'}`,
  );
  return { refresh, revocation };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await benchCluster();
