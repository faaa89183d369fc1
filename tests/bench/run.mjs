// `npm run bench`: prints throughput and latency of the platform beside a bare Fastify ceiling,
// all measured in this one run on this machine. A script that prints figures, not a test.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { benchCli } from './cli.mjs';
import { benchCluster } from './cluster.mjs';
import { measureApiLogging } from './logging.mjs';
import { scratchDir, scratchPostgres, seedPglite, seedPostgres, USERS } from './users-page.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const cores = availableParallelism();
const basic = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
const md5 = (text) => createHash('md5').update(text).digest('hex');

const children = [];
process.on('exit', () => {
  for (const child of children) child.kill();
});

async function stopProcess(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Starts a server process and waits until `url` answers. */
async function startProcess(script, env, url) {
  const child = spawn(process.execPath, [script], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  for (let i = 0; i < 300; i++) {
    if ((await fetch(url).catch(() => undefined))?.ok) return child;
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${script} did not start`);
}

async function passwordGrant(base) {
  const query = new URLSearchParams({
    grant_type: 'password',
    scope: 'all',
    tenantId: '000000',
    username: 'admin',
    password: md5('admin'),
  });
  const response = await fetch(`${base}/api/blade-auth/oauth/token?${query}`, { method: 'POST', headers: { authorization: basic } });
  const body = await response.json();
  if (!body.access_token) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body;
}

/** One autocannon run after a short warm-up (so the JIT has compiled the hot path in both servers). */
async function run(name, options) {
  await cannon({ ...options, duration: 2 });
  const result = await cannon({ duration: DURATION, ...options });
  const bad = result.non2xx + result.errors + result.timeouts;
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, bad, total: result.requests.total };
}

function cannon(options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: 50, ...options }, (error, result) => {
      if (error) reject(error);
      else resolve(result);
    });
  });
}

/** Closed-loop load of refresh grants: `workers` sessions, each refreshing as fast as it can. */
async function refreshLoad(base, workers) {
  const latencies = [];
  let bad = 0;
  const until = Date.now() + DURATION * 1000;
  const worker = async () => {
    let token = (await passwordGrant(base)).refresh_token;
    while (Date.now() < until) {
      const started = performance.now();
      const query = new URLSearchParams({ grant_type: 'refresh_token', scope: 'all', refresh_token: token });
      const response = await fetch(`${base}/api/blade-auth/oauth/token?${query}`, { method: 'POST', headers: { authorization: basic } });
      const body = await response.json();
      latencies.push(performance.now() - started);
      if (response.ok) token = body.refresh_token;
      else bad++;
    }
  };
  const began = Date.now();
  await Promise.all(Array.from({ length: workers }, worker));
  latencies.sort((a, b) => a - b);
  const at = (q) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]);
  return { name: '(c) refresh grants (rotating)', rps: latencies.length / ((Date.now() - began) / 1000), p50: at(0.5), p99: at(0.99), bad };
}

const helloPort = 18_901;
const ssoPort = 18_902;
const base = `http://127.0.0.1:${ssoPort}`;
const hello = await startProcess(join(here, 'hello.mjs'), { PORT: String(helloPort) }, `http://127.0.0.1:${helloPort}/`);
const sso = await startProcess(
  join(root, 'packages/server/dist/main.js'),
  // API-call logging off here: its cost is measured on its own below.
  // admin keeps admin/admin (SSO_ADMIN_PASSWORD: no forced change before the measured calls).
  {
    PORT: String(ssoPort),
    HOST: '127.0.0.1',
    SSO_DATA_DIR: 'memory://',
    LOG_LEVEL: 'warn',
    SSO_ADMIN_PASSWORD: 'admin',
    SSO_API_LOG: 'false',
  },
  `${base}/health`,
);

const results = [];
try {
  results.push(await run('(a) bare Fastify hello-world (ceiling)', { url: `http://127.0.0.1:${helloPort}/` }));

  const session = await passwordGrant(base);
  const authHeaders = { authorization: basic, 'blade-auth': `bearer ${session.access_token}` };
  results.push(
    await run('(b) GET param/list, signed in', { url: `${base}/api/blade-system/param/list?current=1&size=10`, headers: authHeaders }),
  );
  let miss = 0;
  results.push(
    await run('(b2) GET param/list, every query new (cache miss)', {
      url: `${base}/api/blade-system/param/list`,
      headers: authHeaders,
      requests: [{ setupRequest: (req) => ({ ...req, path: `/api/blade-system/param/list?current=1&size=10&paramName=a${miss++}` }) }],
    }),
  );

  // Each worker rotates its own refresh token (the answer carries the next one), so this load
  // is generated by a plain loop rather than autocannon's fixed requests.
  results.push(await refreshLoad(base, 10));

  const signIn = new URLSearchParams({
    grant_type: 'password',
    scope: 'all',
    tenantId: '000000',
    username: 'admin',
    password: md5('admin'),
  });
  results.push(
    await run('(d) password grants (argon2id m=19 MiB, t=2)', {
      connections: 8,
      url: `${base}/api/blade-auth/oauth/token?${signIn}`,
      method: 'POST',
      headers: { authorization: basic },
    }),
  );
} finally {
  hello.kill();
  await stopProcess(sso);
}

// Users page with 100,000 users, on PGlite and on PostgreSQL.
for (const kind of ['PGlite', 'PostgreSQL']) {
  const store = kind === 'PGlite' ? scratchDir() : await scratchPostgres();
  if (!store) {
    console.log(`\n${kind} not reachable: user page runs skipped`);
    continue;
  }
  const env = {
    PORT: String(ssoPort),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SSO_ADMIN_PASSWORD: 'admin',
    ...(store.dir ? { SSO_DATA_DIR: store.dir } : { DATABASE_URL: store.url }),
  };
  const script = join(root, 'packages/server/dist/main.js');
  let server = await startProcess(script, env, `${base}/health`);
  if (store.dir) {
    await stopProcess(server); // PGlite is one process: seed while the server is down
    await seedPglite(store.dir);
    server = await startProcess(script, env, `${base}/health`);
  } else {
    await seedPostgres(store.url);
  }
  try {
    const token = (await passwordGrant(base)).access_token;
    const headers = { authorization: basic, 'blade-auth': `bearer ${token}` };
    const deep = Math.floor(USERS / 10) - 10;
    results.push(
      await run(`(e) user page 1 of ${USERS} users, ${kind}`, {
        connections: 10,
        url: `${base}/api/blade-user/page?current=1&size=10`,
        headers,
      }),
    );
    results.push(
      await run(`(f) user page ${deep} (offset ${deep * 10 - 10}), ${kind}`, {
        connections: 10,
        url: `${base}/api/blade-user/page?current=${deep}&size=10`,
        headers,
      }),
    );
  } finally {
    await stopProcess(server);
    await store.drop();
  }
}

const ceiling = results[0].rps;
console.log(`\nSSO platform benchmark — ${cores} cores, ${DURATION} s per run, autocannon on the same machine\n`);
console.log('run'.padEnd(56), 'req/s'.padStart(10), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'vs (a)'.padStart(8), 'errors'.padStart(7));
for (const r of results) {
  const ratio = `${((r.rps / ceiling) * 100).toFixed(1)}%`;
  console.log(
    r.name.padEnd(56),
    r.rps.toFixed(0).padStart(10),
    String(r.p50).padStart(8),
    String(r.p99).padStart(8),
    ratio.padStart(8),
    String(r.bad).padStart(7),
  );
}
const byName = (prefix) => results.find((r) => r.name.startsWith(prefix));
const listRatio = byName('(b)').rps / ceiling;
const signInsPerCore = byName('(d)').rps / cores;
console.log(`\ntarget (b) >= 50% of (a): ${(listRatio * 100).toFixed(1)}% — ${listRatio >= 0.5 ? 'met' : 'NOT met'}`);
console.log(`target (d) >= 60 sign-ins/s per core: ${signInsPerCore.toFixed(1)} — ${signInsPerCore >= 60 ? 'met' : 'NOT met'}`);

console.log('\nSessions on PostgreSQL: refresh grants with the revocation checks, and revocation across two nodes');
await benchCluster({ seconds: DURATION });

console.log('\nCLI bulk operations (PGlite, one sso process each)');
await benchCli();

console.log('\nAPI-call logging: signed-in GET param/list with logging off and on (PGlite)');
await measureApiLogging({ script: join(root, 'packages/server/dist/main.js'), port: 18_941, seconds: Math.min(DURATION, 5) });
