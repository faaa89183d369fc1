// Permission answers an application reads (GET /api/blade-aps/client/permissions?account=, HTTP
// Basic appCode:secret) for 200 accounts of a model of 60 menus, 40 functions and 6 roles, from the
// cache after one round: requests per second and per core of the server process (requests per
// CPU-second), p50 and p99. Target: ≥ 5,000 answers/s per core from cache. In-memory PGlite.
import { join } from 'node:path';
import autocannon from 'autocannon';
import { adminGrant, basic, cpuSeconds, startPlatformServer, stopProcess } from './processes.mjs';

const TARGET_PER_CORE = 5000;
const ACCOUNTS = 200;

function cannon(options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: 10, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** The application's model and 200 staff members holding two roles each, made through the API. */
async function seed(base) {
  const headers = {
    authorization: basic,
    'blade-auth': `bearer ${(await adminGrant(base)).access_token}`,
    'content-type': 'application/json',
  };
  const call = async (path, body, query = '') => {
    const response = await fetch(`${base}/api/${path}${query}`, {
      method: body ? 'POST' : 'GET',
      headers,
      body: body && JSON.stringify(body),
    });
    const answer = await response.json();
    if (answer.code !== 200) throw new Error(`${path}: ${answer.msg}`);
    return answer.data;
  };
  const app = await call('blade-aps/app/submit', {
    appCode: 'bench_perm',
    appName: '权限压测',
    appUrl: 'https://bench.example.com/',
    redirectUris: 'https://bench.example.com/callback',
    protocol: 'oidc',
    status: 1,
  });
  const menus = [];
  for (let i = 0; i < 60; i++) {
    const parentId = i < 10 ? '0' : menus[i % 10];
    menus.push(
      (await call('blade-aps/appmenu/submit', { appId: app.id, parentId, code: `m${i}`, name: `菜单${i}`, category: i % 3 === 2 ? 2 : 1 }))
        .id,
    );
  }
  const functions = [];
  for (let i = 0; i < 40; i++)
    functions.push(
      (
        await call('blade-aps/appmenufunction/submit', {
          appId: app.id,
          menuId: menus[i],
          functionCode: `f:${i}`,
          functionName: `功能${i}`,
        })
      ).id,
    );
  const roles = [];
  for (let r = 0; r < 6; r++) {
    const role = await call('blade-aps/approle/submit', { appId: app.id, roleName: `角色${r}`, roleAlias: `r${r}` });
    await call('blade-aps/approlemenu/grant', { appRoleId: role.id, menuIds: menus.filter((_, i) => i % 6 === r || i < 10).join(',') });
    await call(
      'blade-aps/approlefunction/grant',
      {},
      `?appRoleId=${role.id}&functionIds=${functions.filter((_, i) => i % 6 === r).join(',')}`,
    );
    roles.push(role.id);
  }
  const staffRole = await call('blade-system/role/submit', { roleName: '压测员工', roleAlias: 'bench_staff', sort: 1, parentId: '0' });
  const dept = await call('blade-system/dept/submit', {
    deptName: '压测部门',
    fullName: '压测部门',
    parentId: '0',
    sort: 1,
    deptCategory: 1,
  });
  for (let u = 0; u < ACCOUNTS; u++) {
    const account = `perm${u}`;
    const person = { account, name: account, realName: account, roleId: staffRole.id, deptId: dept.id };
    const user = await call('blade-user/submit', { ...person, password: 'Bench@12345', password2: 'Bench@12345' });
    await call('blade-aps/userauthorizedrole/submit', { userId: user.id, appRoleId: roles[u % 6] });
    await call('blade-aps/userauthorizedrole/submit', { userId: user.id, appRoleId: roles[(u + 1) % 6] });
  }
  return { appCode: app.appCode, secret: app.clientSecret };
}

async function measure(name, server, url, headers, seconds) {
  let next = 0;
  const requests = [{ setupRequest: (request) => ({ ...request, path: `${url.pathname}?account=perm${next++ % ACCOUNTS}` }) }];
  await cannon({ url: url.origin, headers, requests, duration: Math.min(2, seconds) });
  const cpuBefore = await cpuSeconds(server.pid);
  const r = await cannon({ url: url.origin, headers, requests, duration: seconds });
  const cpu = (await cpuSeconds(server.pid)) - cpuBefore;
  return {
    name,
    rps: r.requests.average,
    perCore: r.requests.total / Math.max(cpu, 0.01),
    p50: r.latency.p50,
    p99: r.latency.p99,
    bad: r.non2xx + r.errors + r.timeouts,
  };
}

export async function benchPermissions({ script, port, seconds }) {
  const base = `http://127.0.0.1:${port}`;
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SSO_ADMIN_PASSWORD: 'admin',
    SSO_API_LOG: 'false',
    SSO_DATA_DIR: 'memory://',
  };
  const server = await startPlatformServer(script, env, `${base}/health`);
  try {
    const started = Date.now();
    const app = await seed(base);
    console.log(`seeded 60 menus, 40 functions, 6 roles and ${ACCOUNTS} accounts in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    const headers = { authorization: `Basic ${Buffer.from(`${app.appCode}:${app.secret}`).toString('base64')}` };
    const url = new URL(`${base}/api/blade-aps/client/permissions`);
    const sample = await (await fetch(`${url}?account=perm0`, { headers })).json();
    console.log(`perm0 holds ${sample.data.roles.length} roles, ${sample.data.functions.length} function codes`);
    // One round over every account fills the cache (each a miss: one query); then only hits are measured.
    const warmStart = Date.now();
    for (let u = 0; u < ACCOUNTS; u += 10)
      await Promise.all(
        Array.from({ length: 10 }, (_, k) => fetch(`${url}?account=perm${u + k}`, { headers }).then((r) => r.arrayBuffer())),
      );
    console.log(
      `first answer of each account (a query each): ${((Date.now() - warmStart) / ACCOUNTS).toFixed(1)} ms per account on average`,
    );
    const cached = await measure('(q1) client/permissions, cached', server, url, headers, seconds);
    console.log(
      'run'.padEnd(40),
      'req/s'.padStart(8),
      'per core'.padStart(9),
      'p50 ms'.padStart(8),
      'p99 ms'.padStart(8),
      'errors'.padStart(7),
    );
    for (const r of [cached])
      console.log(
        r.name.padEnd(40),
        r.rps.toFixed(0).padStart(8),
        r.perCore.toFixed(0).padStart(9),
        String(r.p50).padStart(8),
        String(r.p99).padStart(8),
        String(r.bad).padStart(7),
      );
    const met = cached.perCore >= TARGET_PER_CORE && !cached.bad;
    console.log(`target ≥ ${TARGET_PER_CORE} answers/s per core from cache: ${cached.perCore.toFixed(0)} — ${met ? 'met' : 'NOT met'}`);
  } finally {
    await stopProcess(server);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { dirname } = await import('node:path');
  const { fileURLToPath } = await import('node:url');
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  await benchPermissions({
    script: process.env.BENCH_SERVER_SCRIPT ?? join(root, 'packages/server/dist/main.js'),
    port: 18_973,
    seconds: Number(process.env.BENCH_SECONDS ?? 10),
  });
}
