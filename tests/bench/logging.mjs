// API logging cost: authenticated `GET param/list` throughput with SSO_API_LOG=true vs false, each
// on a fresh server process (PGlite in a fresh data directory, or a fresh database on BENCH_DATABASE_URL), the
// server's CPU per request, and a check that the logging runs lost no entry.
// `node tests/bench/logging.mjs` (needs packages/server/dist), or import measureApiLogging.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { adminGrant, basic, startPlatformServer, stopProcess } from './processes.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const LIST = '/api/blade-system/param/list?current=1&size=10';

/**
 * A fresh PostgreSQL database for one run, or a fresh PGlite data directory on disk (as the
 * default `./data` is); the returned function drops it.
 */
async function scratchDatabase(adminUrl) {
  if (!adminUrl) {
    const dir = mkdtempSync(join(tmpdir(), 'sso-bench-log-'));
    return { env: { SSO_DATA_DIR: dir }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  // pg is a dependency of the server package, not of the workspace root.
  const pg = createRequire(join(here, '..', '..', 'packages/server/package.json'))('pg');
  const name = `bench_log_${Math.random().toString(36).slice(2, 10)}`;
  const admin = async (statement) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { env: { DATABASE_URL: url.toString() }, drop: () => admin(`drop database if exists ${name} with (force)`) };
}

const startServer = (script, port, apiLog, database) =>
  startPlatformServer(
    script,
    { PORT: String(port), HOST: '127.0.0.1', ...database, LOG_LEVEL: 'warn', SSO_ADMIN_PASSWORD: 'admin', SSO_API_LOG: apiLog },
    `http://127.0.0.1:${port}/health`,
  );

/** Headers of a signed-in admin. */
async function signIn(base) {
  return { authorization: basic, 'blade-auth': `bearer ${(await adminGrant(base)).access_token}` };
}

const cannon = (options) =>
  new Promise((resolve, reject) => autocannon(options, (error, result) => (error ? reject(error) : resolve(result))));

/**
 * Polls the api log until it holds the `sent` list calls or stops growing for 3 s (the recorder
 * writes at least every second): how many it holds and how long after the load the last came.
 */
async function waitUntilLogged(base, headers, sent) {
  const began = Date.now();
  let logged = -1;
  let grewAt = began;
  for (let poll = 0; Date.now() - grewAt < 3000; poll++) {
    // List answers are cached (SSO_CACHE_TTL_MS): each poll filters on another tail of the URI.
    // Encoded, the polls (logged too) do not match their own filter.
    const query = new URLSearchParams({ size: '10', requestUri: LIST.slice(poll % 30) });
    const page = await (await fetch(`${base}/api/blade-log/api/page?${query}`, { headers })).json();
    if (!page.success) throw new Error(`api log page failed: ${JSON.stringify(page)}`);
    if (page.data.total > logged) [logged, grewAt] = [page.data.total, Date.now()];
    if (logged >= sent) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return { logged, storedAfterMs: grewAt - began };
}

/** CPU time (ms) a process has used so far, from /proc (Linux); undefined elsewhere. */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, at 100 ticks/s
  } catch {
    return undefined;
  }
}

/** CPU time (ms) of every local `postgres` process (0 when PostgreSQL runs elsewhere): its own share of the work. */
function postgresCpuMs() {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') total += cpuMs(pid) ?? 0;
    } catch {} // gone meanwhile
  }
  return total;
}

/** One server, one mode: requests per second after a warm-up, and how many list calls it logged. */
async function measure(script, port, apiLog, seconds, connections, databaseUrl) {
  const database = await scratchDatabase(databaseUrl);
  const server = await startServer(script, port, apiLog, database.env);
  try {
    const base = `http://127.0.0.1:${port}`;
    const headers = await signIn(base);
    const cpuBefore = cpuMs(server.pid);
    const warm = await cannon({ url: `${base}${LIST}`, headers, connections, duration: 2 });
    const postgresBefore = databaseUrl ? postgresCpuMs() : 0;
    const result = await cannon({ url: `${base}${LIST}`, headers, connections, duration: seconds });
    // What PostgreSQL took from the cores while the load ran (the log polls below not counted).
    const postgresPerRequestUs = databaseUrl ? ((postgresCpuMs() - postgresBefore) * 1000) / result.requests.total : Number.NaN;
    const sent = warm.requests.total + result.requests.total;
    const stored = apiLog === 'true' ? await waitUntilLogged(base, headers, sent) : { logged: 0, storedAfterMs: 0 };
    // Server CPU per request, the writes that came after the load included: immune to the
    // deferral a queue allows, and less sensitive than throughput to other load on the machine.
    const cpuPerRequestUs = ((cpuMs(server.pid) - cpuBefore) * 1000) / sent;
    return {
      rps: result.requests.average,
      p99: result.latency.p99,
      bad: result.non2xx + result.errors,
      sent,
      cpuPerRequestUs,
      postgresPerRequestUs,
      ...stored,
    };
  } finally {
    await stopProcess(server);
    await database.drop();
  }
}

/**
 * Runs off, on, off, on… (alternating evens out drift) and prints the ratio of the averages
 * and each round's.
 * Answers { off, on, ratio, lost } — `lost` counts list calls the logging runs sent but did not record.
 */
export async function measureApiLogging({
  /** BENCH_SERVER_SCRIPT runs another build of the server (e.g. one made with tsup --out-dir). */
  script = process.env.BENCH_SERVER_SCRIPT ?? join(here, '..', '..', 'packages/server/dist/main.js'),
  port = 18_771,
  seconds = Number(process.env.BENCH_SECONDS ?? 10),
  connections = 50,
  rounds = Number(process.env.BENCH_ROUNDS ?? 2),
  /** A PostgreSQL admin URL: each run gets a fresh database there; without it, in-memory PGlite. */
  databaseUrl = process.env.BENCH_DATABASE_URL,
} = {}) {
  const off = [];
  const on = [];
  let lost = 0;
  for (let round = 0; round < rounds; round++) {
    off.push(await measure(script, port, 'false', seconds, connections, databaseUrl));
    const logged = await measure(script, port, 'true', seconds, connections, databaseUrl);
    lost += Math.max(0, logged.sent - logged.logged);
    on.push(logged);
  }
  const mean = (runs) => runs.reduce((sum, r) => sum + r.rps, 0) / runs.length;
  const ratio = mean(on) / mean(off);
  console.log(`API logging (${databaseUrl ? 'PostgreSQL' : 'PGlite'}): off ${mean(off).toFixed(0)} req/s, on ${mean(on).toFixed(0)} req/s`);
  console.log(
    `  ratio on/off ${(ratio * 100).toFixed(1)}% (target >= 90%), entries lost ${lost}, non-2xx ${[...on, ...off].reduce((s, r) => s + r.bad, 0)}`,
  );
  // Each round's pair ran back to back: its ratio is the least touched by the machine's drift.
  const pairs = on.map((r, i) => r.rps / off[i].rps).sort((a, b) => a - b);
  const median = pairs.length % 2 ? pairs[(pairs.length - 1) / 2] : (pairs[pairs.length / 2 - 1] + pairs[pairs.length / 2]) / 2;
  console.log(`  ratio of each round: ${pairs.map((p) => `${(p * 100).toFixed(0)}%`).join(' ')} (median ${(median * 100).toFixed(1)}%)`);
  const cpu = (runs, key = 'cpuPerRequestUs') => runs.reduce((sum, r) => sum + r[key], 0) / runs.length;
  if (!Number.isNaN(cpu(on))) {
    console.log(
      `  server process CPU per request: off ${cpu(off).toFixed(0)} µs, on ${cpu(on).toFixed(0)} µs (off/on ${((cpu(off) / cpu(on)) * 100).toFixed(1)}%)`,
    );
  }
  if (!Number.isNaN(cpu(on, 'postgresPerRequestUs'))) {
    const [pgOff, pgOn] = [cpu(off, 'postgresPerRequestUs'), cpu(on, 'postgresPerRequestUs')];
    console.log(`  local PostgreSQL processes' CPU per request during the load: off ${pgOff.toFixed(1)} µs, on ${pgOn.toFixed(1)} µs`);
  }
  const after = on.map((r) => `${(r.storedAfterMs / 1000).toFixed(1)} s (${r.sent} entries)`).join(', ');
  console.log(`  last entry stored after the load: ${after}`);
  return { off: mean(off), on: mean(on), ratio, lost, runs: { off, on } };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await measureApiLogging();
