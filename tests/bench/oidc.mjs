// OpenID Connect throughput: complete code flows (authorize → sign-in page's interaction call →
// back into the provider → token → userinfo) and client-credentials grants, each measured with a
// closed loop of workers against one server process, reported per second and per core (requests
// per CPU-second of the server process: one core fully busy is one CPU-second per second). Then
// refresh grants with rotation (oidc-refresh.mjs), per CPU-second of the server and, on PostgreSQL,
// of its database backends too (a bare provider keeps its tokens in its own process): against this
// build, against a bare oidc-provider and, given BENCH_OIDC_BEFORE_SERVER, against another build
// (the one before rotation) in the same run. PostgreSQL when reachable, else PGlite
// (BENCH_OIDC_STORE=PGlite chooses PGlite).
import { closedLoop } from './closed-loop.mjs';
import { cpuMeter } from './cpu-meter.mjs';
import { benchStore, startOidcServer } from './oidc-app.mjs';
import { clientCredentials, codeFlow } from './oidc-client.mjs';
import { benchBareRefresh, benchPlatformRefresh } from './oidc-refresh.mjs';
import { printRefresh } from './oidc-refresh-report.mjs';
import { stopProcess } from './processes.mjs';

/** (o1) code flows and (o2) client-credentials grants, per core of the server process alone. */
async function benchFlows({ script, port, seconds }) {
  const store = await benchStore();
  const { server, base, admin, app } = await startOidcServer(script, port, store);
  const meter = await cpuMeter(server.pid);
  try {
    const flow = () => () => codeFlow(base, app, admin.access_token);
    const grant = () => () => clientCredentials(base, app);
    const warm = Math.min(2, seconds);
    await closedLoop(meter, warm, 4, flow);
    const flows = await closedLoop(meter, seconds, 8, flow);
    await closedLoop(meter, warm, 8, grant);
    const grants = await closedLoop(meter, seconds, 16, grant);
    const line = (name, r, target) =>
      console.log(
        `${name.padEnd(58)} ${r.perSecond.toFixed(0).padStart(7)}/s ${r.perCore.toFixed(0).padStart(7)}/core  target ${target}/core: ${r.perCore >= target ? 'met' : 'NOT met'}  errors ${r.bad}`,
      );
    line(`(o1) OIDC code flows (auth → token → userinfo), ${store.kind}`, flows, 200);
    line(`(o2) client-credentials grants, ${store.kind}`, grants, 2000);
  } finally {
    await meter.close();
    await stopProcess(server);
    await store.drop();
  }
}

/** (o3) this build's refresh grants, (o4) the bare provider's and (o5) those of the build before rotation, if given. */
async function benchRefresh({ script, beforeScript, port, seconds }) {
  const ours = await benchPlatformRefresh({ script, port, seconds });
  const bare = await benchBareRefresh({ port: port + 1, seconds });
  const before = beforeScript ? await benchPlatformRefresh({ script: beforeScript, port, seconds }) : undefined;
  printRefresh({ ours, bare, before, beforeScript });
}

export async function benchOidc({ script, port, seconds, beforeScript = process.env.BENCH_OIDC_BEFORE_SERVER }) {
  await benchFlows({ script, port, seconds });
  await benchRefresh({ script, beforeScript, port: port + 1, seconds });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { join, dirname } = await import('node:path');
  const { fileURLToPath } = await import('node:url');
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  await benchOidc({
    script: process.env.BENCH_OIDC_SERVER ?? join(root, 'packages/server/dist/main.js'),
    port: 18_951,
    seconds: Number(process.env.BENCH_SECONDS ?? 10),
  });
}
