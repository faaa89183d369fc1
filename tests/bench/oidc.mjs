// OpenID Connect throughput: complete code flows (authorize → sign-in page's interaction call →
// back into the provider → token → userinfo) and client-credentials grants, each measured with a
// closed loop of workers against one server process, reported per second and per core (requests
// per CPU-second of the server process: one core fully busy is one CPU-second per second).
import { createHash, randomBytes } from 'node:crypto';
import { adminGrant, cpuSeconds, startServerProcess, stopProcess } from './processes.mjs';
import { scratchPostgres } from './users-page.mjs';

const INTERACTION = '/api/blade-auth/oidc/interaction';

/** Cookies by name, sent back on every request (the paths here all lie under the cookies' own). */
function cookieJar() {
  const cookies = new Map();
  return {
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    keep(response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const eq = pair.indexOf('=');
        cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
      }
    },
  };
}

async function codeFlow(base, app, bearer) {
  const jar = cookieJar();
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const query = new URLSearchParams({
    client_id: app.appCode,
    response_type: 'code',
    redirect_uri: app.redirectUri,
    scope: 'openid profile email phone',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  const start = await fetch(`${base}/oidc/auth?${query}`, { redirect: 'manual' });
  jar.keep(start);
  const uid = new URL(start.headers.get('location'), base).searchParams.get('uid');
  const finish = await fetch(`${base}${INTERACTION}?uid=${uid}`, {
    method: 'POST',
    headers: { cookie: jar.header(), 'blade-auth': `bearer ${bearer}` },
  });
  jar.keep(finish);
  const { data } = await finish.json();
  const resume = await fetch(data.url, { redirect: 'manual', headers: { cookie: jar.header() } });
  const code = new URL(resume.headers.get('location')).searchParams.get('code');
  const token = await fetch(`${base}/oidc/token`, {
    method: 'POST',
    headers: { authorization: app.basic, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: app.redirectUri, code_verifier: verifier }),
  });
  const tokens = await token.json();
  const me = await fetch(`${base}/oidc/me`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
  const claims = await me.json();
  return Boolean(claims.sub);
}

async function clientCredentials(base, app) {
  const response = await fetch(`${base}/oidc/token`, {
    method: 'POST',
    headers: { authorization: app.basic, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  await response.arrayBuffer();
  return response.ok;
}

/** `workers` loops of `once` for `seconds`: completed per second and per CPU-second of the server. */
async function closedLoop(pid, seconds, workers, once) {
  let done = 0;
  let bad = 0;
  const cpuBefore = await cpuSeconds(pid);
  const began = Date.now();
  const until = began + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (Date.now() < until) {
        if (await once().catch(() => false)) done++;
        else bad++;
      }
    }),
  );
  const elapsed = (Date.now() - began) / 1000;
  const cpu = (await cpuSeconds(pid)) - cpuBefore;
  return { perSecond: done / elapsed, perCore: done / Math.max(cpu, 0.001), bad };
}

export async function benchOidc({ script, port, seconds }) {
  const base = `http://127.0.0.1:${port}`;
  const store = await scratchPostgres();
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SSO_ADMIN_PASSWORD: 'admin',
    SSO_API_LOG: 'false',
    ...(store ? { DATABASE_URL: store.url } : { SSO_DATA_DIR: 'memory://' }),
  };
  const server = await startServerProcess(script, env, `${base}/health`);
  try {
    const admin = await adminGrant(base);
    const call = async (path, body) => {
      const response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'blade-auth': `bearer ${admin.access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const answer = await response.json();
      if (!answer.success) throw new Error(`${path}: ${answer.msg}`);
      return answer.data;
    };
    const redirectUri = 'https://bench.example.com/callback';
    const row = await call('/api/blade-aps/app/submit', {
      appCode: 'bench_oidc',
      appName: '压测应用',
      appType: '1',
      appCategory: '1',
      appUrl: 'https://bench.example.com/',
      redirectUris: redirectUri,
      protocol: 'oidc',
      status: 1,
    });
    await call('/api/blade-aps/appuser/submit', { appId: String(row.id), userId: String(admin.user_id) });
    const app = { appCode: 'bench_oidc', redirectUri, basic: `Basic ${Buffer.from(`bench_oidc:${row.clientSecret}`).toString('base64')}` };
    const warm = Math.min(2, seconds);
    await closedLoop(server.pid, warm, 4, () => codeFlow(base, app, admin.access_token));
    const flows = await closedLoop(server.pid, seconds, 8, () => codeFlow(base, app, admin.access_token));
    await closedLoop(server.pid, warm, 8, () => clientCredentials(base, app));
    const grants = await closedLoop(server.pid, seconds, 16, () => clientCredentials(base, app));
    const kind = store ? 'PostgreSQL' : 'PGlite';
    const line = (name, r, target) =>
      console.log(
        `${name.padEnd(58)} ${r.perSecond.toFixed(0).padStart(7)}/s ${r.perCore.toFixed(0).padStart(7)}/core  target ${target}/core: ${r.perCore >= target ? 'met' : 'NOT met'}  errors ${r.bad}`,
      );
    line(`(o1) OIDC code flows (auth → token → userinfo), ${kind}`, flows, 200);
    line(`(o2) client-credentials grants, ${kind}`, grants, 2000);
  } finally {
    await stopProcess(server);
    await store?.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { join, dirname } = await import('node:path');
  const { fileURLToPath } = await import('node:url');
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  await benchOidc({ script: join(root, 'packages/server/dist/main.js'), port: 18_951, seconds: Number(process.env.BENCH_SECONDS ?? 10) });
}
