// Refresh grants with rotation at the token endpoint, per second and per core: against a build of
// the platform server and against a bare oidc-provider with its in-memory adapter (the baseline).
// Each worker keeps its own chain: one code flow for a first refresh token, then every refresh
// spends the newest token (the one before is spent: presenting it again would revoke the grant).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bareApp, bareCodeFlow } from './bare-code-flow.mjs';
import { closedLoop } from './closed-loop.mjs';
import { cpuMeter } from './cpu-meter.mjs';
import { benchStore, startOidcServer } from './oidc-app.mjs';
import { codeFlow, refreshGrant } from './oidc-client.mjs';
import { startServerProcess, stopProcess } from './processes.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const WORKERS = 8;

/**
 * A new worker's step: refreshes with the newest token of its chain. A refused refresh ends the
 * chain (its grant may be revoked), so the worker starts another with a code flow.
 * `counts.rotated` tells whether the server really rotates (the build before rotation does not).
 */
function refreshChain(signIn, tokenUrl, app, counts) {
  return async () => {
    let token = (await signIn()).refresh_token;
    return async () => {
      const answer = await refreshGrant(tokenUrl, app, token);
      if (!answer?.refresh_token) {
        token = (await signIn()).refresh_token;
        return false;
      }
      if (answer.refresh_token !== token) counts.rotated++;
      counts.refreshed++;
      token = answer.refresh_token;
      return true;
    };
  };
}

/** A warm-up (JIT, pool connections) on chains of its own, then the measured loop on fresh chains. */
async function measureChains(meter, seconds, signIn, tokenUrl, app) {
  await closedLoop(meter, Math.min(2, seconds), WORKERS, refreshChain(signIn, tokenUrl, app, { rotated: 0, refreshed: 0 }));
  const counts = { rotated: 0, refreshed: 0 };
  const result = await closedLoop(meter, seconds, WORKERS, refreshChain(signIn, tokenUrl, app, counts));
  return { ...result, rotatedShare: counts.rotated / Math.max(counts.refreshed, 1) };
}

/**
 * The refresh loop against platform build `script`, on a fresh server over a fresh store (the
 * database's CPU counted on PostgreSQL): its figures and the store's kind.
 */
export async function benchPlatformRefresh({ script, port, seconds }) {
  const store = await benchStore();
  const { server, base, admin, app } = await startOidcServer(script, port, store);
  const meter = await cpuMeter(server.pid, store.url);
  try {
    const signIn = () => codeFlow(base, app, admin.access_token);
    return { ...(await measureChains(meter, seconds, signIn, `${base}/oidc/token`, app)), kind: store.kind };
  } finally {
    await meter.close();
    await stopProcess(server);
    await store.drop();
  }
}

/** The same loop against the bare provider (bare-provider.mjs) in a process of its own. */
export async function benchBareRefresh({ port, seconds }) {
  const base = `http://127.0.0.1:${port}`;
  const server = await startServerProcess(
    join(here, 'bare-provider.mjs'),
    { PORT: String(port) },
    `${base}/.well-known/openid-configuration`,
  );
  const meter = await cpuMeter(server.pid);
  try {
    return await measureChains(meter, seconds, () => bareCodeFlow(base), `${base}/token`, bareApp);
  } finally {
    await meter.close();
    await stopProcess(server);
  }
}
