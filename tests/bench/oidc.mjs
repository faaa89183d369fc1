// OpenID Connect throughput: complete code flows of a browser signed in to the platform
// (authorize → redirect with the code → token → userinfo) and client-credentials grants, each measured with a
// closed loop of workers against one server process, reported per second and per core (requests
// per CPU-second of the server process and, on PostgreSQL, its database backends: one core fully
// busy is one CPU-second per second), each beside a bare oidc-provider's (the floor). Then
// refresh grants with rotation (oidc-refresh.mjs), per CPU-second of the server and, on PostgreSQL,
// of its database backends too (a bare provider keeps its tokens in its own process): against this
// build, against a bare oidc-provider and, given BENCH_OIDC_BEFORE_SERVER, against another build
// (the one before rotation) in the same run. PostgreSQL when reachable, else PGlite
// (BENCH_OIDC_STORE=PGlite chooses PGlite).
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bareClientCredentials, bareSignedInFlow } from './bare-code-flow.mjs';
import { closedLoop } from './closed-loop.mjs';
import { cpuMeter } from './cpu-meter.mjs';
import { benchStore, startOidcServer } from './oidc-app.mjs';
import { clientCredentials, codeFlow } from './oidc-client.mjs';
import { benchBareRefresh, benchPlatformRefresh } from './oidc-refresh.mjs';
import { printRefresh } from './oidc-refresh-report.mjs';
import { startServerProcess, stopProcess } from './processes.mjs';

const here = dirname(fileURLToPath(import.meta.url));

/** CPU milliseconds per operation (server and, on PostgreSQL, its database together). */
const cpuMs = (r) => 1000 / Math.max(r.perCore, 0.001);
/** The most an operation may cost beside the bare library measured in the same run. */
const FLOOR_RATIO_LIMIT = 2;

function floorLine(name, ours, bare, target) {
  console.log(
    `${name.padEnd(58)} ${ours.perSecond.toFixed(0).padStart(7)}/s ${ours.perCore.toFixed(0).padStart(7)}/core  ` +
      `${cpuMs(ours).toFixed(2)} CPU ms/op (database ${(ours.databaseShare * 100).toFixed(0)} %)  target ${target}/core: ${ours.perCore >= target ? 'met' : 'NOT met'}  errors ${ours.bad}`,
  );
  const ratio = cpuMs(ours) / cpuMs(bare);
  console.log(
    `     bare oidc-provider: ${bare.perCore.toFixed(0)}/core, ${cpuMs(bare).toFixed(2)} CPU ms/op; this build costs ${ratio.toFixed(1)}x the floor ` +
      `(target <= ${FLOOR_RATIO_LIMIT}x: ${ratio <= FLOOR_RATIO_LIMIT ? 'met' : 'NOT met'})  errors ${bare.bad}`,
  );
}

/** A warm-up, then the measured loop. */
async function measure(meter, seconds, workers, newWorker) {
  await closedLoop(meter, Math.min(2, seconds), workers, newWorker);
  return closedLoop(meter, seconds, workers, newWorker);
}

/**
 * (o1) a signed-in user's code flows and (o2) client-credentials grants, per core of the server and
 * its database, each beside the bare oidc-provider (in-memory adapter, its own process) measured
 * in the same run: the floor the platform's figures are read against.
 */
async function benchFlows({ script, port, seconds }) {
  const store = await benchStore();
  const { server, base, admin, app } = await startOidcServer(script, port, store);
  const meter = await cpuMeter(server.pid, store.url);
  let ours;
  try {
    const flows = await measure(meter, seconds, 8, () => () => codeFlow(base, app, admin.access_token));
    const grants = await measure(meter, seconds, 16, () => () => clientCredentials(base, app));
    ours = { flows, grants };
  } finally {
    await meter.close();
    await stopProcess(server);
    await store.drop();
  }
  const bareBase = `http://127.0.0.1:${port + 3}`;
  const bare = await startServerProcess(
    join(here, 'bare-provider.mjs'),
    { PORT: String(port + 3) },
    `${bareBase}/.well-known/openid-configuration`,
  );
  const bareMeter = await cpuMeter(bare.pid);
  try {
    const flows = await measure(bareMeter, seconds, 8, () => bareSignedInFlow(bareBase));
    const grants = await measure(bareMeter, seconds, 16, () => () => bareClientCredentials(bareBase));
    floorLine(`(o1) OIDC code flows, signed in (auth → token → userinfo), ${store.kind}`, ours.flows, flows, 200);
    console.log(`     flows through the sign-in page (five exchanges, not three): ${codeFlow.throughSignInPage} of ${codeFlow.started}`);
    floorLine(`(o2) client-credentials grants, ${store.kind}`, ours.grants, grants, 2000);
  } finally {
    await bareMeter.close();
    await stopProcess(bare);
  }
}

/** (o3) this build's refresh grants, (o4) the bare provider's and (o5) those of the build before rotation, if given. */
async function benchRefresh({ script, beforeScript, port, seconds }) {
  const ours = await benchPlatformRefresh({ script, port, seconds });
  const bare = await benchBareRefresh({ port: port + 1, seconds });
  const before = beforeScript ? await benchPlatformRefresh({ script: beforeScript, port, seconds }) : undefined;
  printRefresh({ ours, bare, before, beforeScript });
}

/** The machine's load average: a busy machine shows in the figures, and here beside them. */
const loadLine = (when) =>
  console.log(
    `     load average ${when}: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')} on ${cpus().length} cores`,
  );

export async function benchOidc({ script, port, seconds, beforeScript = process.env.BENCH_OIDC_BEFORE_SERVER }) {
  loadLine('before');
  await benchFlows({ script, port, seconds });
  await benchRefresh({ script, beforeScript, port: port + 1, seconds });
  loadLine('after');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  await benchOidc({
    script: process.env.BENCH_OIDC_SERVER ?? join(root, 'packages/server/dist/main.js'),
    port: 18_951,
    seconds: Number(process.env.BENCH_SECONDS ?? 10),
  });
}
