// Password sign-ins (the password grant of the token endpoint, admin/admin) per CPU-second of the
// server and, on PostgreSQL, its database, beside the argon2id ceiling (argon2-ceiling.mjs: the
// same verification with the same cost and nothing else) measured in the same run. Rounds
// alternate (platform, ceiling, platform, ceiling…) so that a change in the machine's load falls on
// both; each round and their pooled figures are printed with the load average.
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { closedLoop } from './closed-loop.mjs';
import { cpuMeter } from './cpu-meter.mjs';
import { benchStore } from './oidc-app.mjs';
import { basic, md5, startPlatformServer, startServerProcess, stopProcess } from './processes.mjs';

const here = dirname(fileURLToPath(import.meta.url));
/** The share of the ceiling a password sign-in is to reach. */
const CEILING_SHARE_TARGET = 0.85;
/** Enough requests in flight to keep argon2's threads and the event loop busy on a few cores. */
const WORKERS = 4;

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** One warm-up second, then the measured loop. */
async function measure(meter, seconds, step) {
  await closedLoop(meter, 1, WORKERS, () => step);
  return closedLoop(meter, seconds, WORKERS, () => step);
}

/** Sums rounds: completions and CPU seconds add up, so the pooled rate weighs each round by its work. */
function pooled(rounds) {
  const done = rounds.reduce((sum, r) => sum + r.perSecond * r.seconds, 0);
  const cpu = rounds.reduce((sum, r) => sum + (r.perSecond * r.seconds) / Math.max(r.perCore, 0.001), 0);
  const elapsed = rounds.reduce((sum, r) => sum + r.seconds, 0);
  return { perSecond: done / elapsed, perCore: done / Math.max(cpu, 0.001), bad: rounds.reduce((sum, r) => sum + r.bad, 0) };
}

export async function benchPasswords({ script, port, seconds, rounds = Number(process.env.BENCH_PASSWORD_ROUNDS ?? 2) }) {
  const cost = {
    SSO_ARGON2_MEMORY_KIB: process.env.SSO_ARGON2_MEMORY_KIB ?? '19456',
    SSO_ARGON2_PASSES: process.env.SSO_ARGON2_PASSES ?? '2',
  };
  const store = await benchStore();
  const base = `http://127.0.0.1:${port}`;
  const server = await startPlatformServer(
    script,
    { PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SSO_ADMIN_PASSWORD: 'admin', SSO_API_LOG: 'false', ...cost, ...store.env },
    `${base}/health`,
  );
  const ceilingBase = `http://127.0.0.1:${port + 1}`;
  const ceiling = await startServerProcess(join(here, 'argon2-ceiling.mjs'), { PORT: String(port + 1), ...cost }, ceilingBase);
  const query = new URLSearchParams({
    grant_type: 'password',
    scope: 'all',
    tenantId: '000000',
    username: 'admin',
    password: md5('admin'),
  });
  const signIn = async () => {
    const response = await fetch(`${base}/api/blade-auth/oauth/token?${query}`, { method: 'POST', headers: { authorization: basic } });
    return response.ok && typeof (await response.json()).access_token === 'string';
  };
  const verifyOnly = async () => {
    const response = await fetch(ceilingBase, { method: 'POST' });
    await response.arrayBuffer();
    return response.ok;
  };
  const ours = [];
  const floor = [];
  const serverMeter = await cpuMeter(server.pid, store.url);
  const ceilingMeter = await cpuMeter(ceiling.pid);
  try {
    console.log(`     load average before: ${load()} on ${cpus().length} cores`);
    for (let round = 0; round < rounds; round++) {
      ours.push({ ...(await measure(serverMeter, seconds, signIn)), seconds });
      floor.push({ ...(await measure(ceilingMeter, seconds, verifyOnly)), seconds });
      const [a, b] = [ours.at(-1), floor.at(-1)];
      console.log(
        `     round ${round + 1}: sign-ins ${a.perCore.toFixed(1)}/core, argon2id alone ${b.perCore.toFixed(1)}/core ` +
          `(${((a.perCore / b.perCore) * 100).toFixed(0)} %), load ${load()}`,
      );
    }
  } finally {
    await serverMeter.close();
    await ceilingMeter.close();
    await stopProcess(server);
    await stopProcess(ceiling);
    await store.drop();
  }
  const a = pooled(ours);
  const b = pooled(floor);
  const share = a.perCore / b.perCore;
  const label = `argon2id m=${cost.SSO_ARGON2_MEMORY_KIB} KiB, t=${cost.SSO_ARGON2_PASSES}`;
  console.log(
    `${`(p1) password sign-ins (${label}), ${store.kind}`.padEnd(58)} ${a.perSecond.toFixed(1).padStart(7)}/s ${a.perCore.toFixed(1).padStart(7)}/core  ` +
      `${(1000 / a.perCore).toFixed(2)} CPU ms/op  errors ${a.bad}`,
  );
  console.log(
    `     argon2id alone, same cost (the ceiling): ${b.perCore.toFixed(1)}/core, ${(1000 / b.perCore).toFixed(2)} CPU ms/op; ` +
      `sign-ins reach ${(share * 100).toFixed(0)} % of it (target >= ${CEILING_SHARE_TARGET * 100} %: ${share >= CEILING_SHARE_TARGET ? 'met' : 'NOT met'})  errors ${b.bad}`,
  );
  console.log(`     load average after: ${load()}`);
  return { ours: a, ceiling: b, share };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = join(here, '..', '..');
  await benchPasswords({
    script: process.env.BENCH_PASSWORD_SERVER ?? join(root, 'packages/server/dist/main.js'),
    port: 18_981,
    seconds: Number(process.env.BENCH_SECONDS ?? 10),
  });
}
