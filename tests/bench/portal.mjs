// The portal with a large catalogue (PostgreSQL only): 2,000 applications, 100,000 users and
// 5,000,000 application login-log rows (portal-seed.mjs), then p50/p99 of the /home index's
// calls for a staff member and of the admin's application login-log page. Target: p99 < 50 ms.

import { measure, printLatencies } from './latency.mjs';
import { seedPortal, sizes } from './portal-seed.mjs';
import { adminGrant, basic, md5, startPlatformServer, stopProcess } from './processes.mjs';
import { scratchPostgres } from './users-page.mjs';

const TARGET_P99_MS = 50;

async function staffGrant(base) {
  const query = new URLSearchParams({
    grant_type: 'password',
    scope: 'all',
    tenantId: '000000',
    username: 'staff',
    password: md5('admin'),
  });
  const response = await fetch(`${base}/api/blade-auth/oauth/token?${query}`, { method: 'POST', headers: { authorization: basic } });
  const body = await response.json();
  if (!body.access_token) throw new Error(`staff sign-in failed: ${JSON.stringify(body)}`);
  return body;
}

export async function benchPortal({ script, port, seconds }) {
  const store = await scratchPostgres();
  if (!store) {
    console.log('PostgreSQL not reachable: portal runs skipped');
    return;
  }
  const base = `http://127.0.0.1:${port}`;
  const env = { PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SSO_ADMIN_PASSWORD: 'admin', SSO_API_LOG: 'false' };
  const server = await startPlatformServer(script, { ...env, DATABASE_URL: store.url }, `${base}/health`);
  try {
    const took = await seedPortal(store.url);
    console.log(
      `seeded ${sizes.apps} applications, ${sizes.users} users, ${sizes.logs} login-log rows in ${took.toFixed(0)} s (generate_series)`,
    );
    const staff = { authorization: basic, 'blade-auth': `bearer ${(await staffGrant(base)).access_token}` };
    const admin = { authorization: basic, 'blade-auth': `bearer ${(await adminGrant(base)).access_token}` };
    const apps = await (await fetch(`${base}/api/blade-portal/client/app/list`, { headers: staff })).json();
    const portal = `${base}/api/blade-portal/client/app`;
    const log = `${base}/api/blade-aps/apploginlog/page`;
    // Page 1,000 of 10 rows: an offset of 9,990 rows, as far as anyone pages through a log by hand.
    const deep = Math.max(1, Math.min(1000, Math.floor(sizes.logs / 10)));
    const runs = [
      ['(p1) portal typeCount, staff', `${portal}/typeCount`, staff],
      ['(p2) portal recentlyVisited, staff', `${portal}/recentlyVisited`, staff],
      ['(p3) portal getAppChartData, staff', `${portal}/getAppChartData`, staff],
      ['(p4) portal getAppListByType, staff', `${portal}/getAppListByType`, staff],
      ['(p5) portal list, staff', `${portal}/list`, staff],
      ['(p6) portal getAppFavoritesPage, staff', `${portal}/getAppFavoritesPage?current=1&size=10`, staff],
      ['(p7) apploginlog page 1, admin', `${log}?current=1&size=10`, admin],
      [`(p8) apploginlog page ${deep}, admin`, `${log}?current=${deep}&size=10`, admin],
      ['(p9) apploginlog by appCode, admin', `${log}?current=1&size=10&appCode=app${Math.min(1234, sizes.apps)}`, admin],
      ['(p10) apploginlog by account, admin', `${log}?current=1&size=10&account=bench${Math.min(4242, sizes.users)}`, admin],
    ];
    const results = [];
    for (const [name, url, headers] of runs) results.push(await measure(name, url, headers, seconds, server.pid));
    console.log(`staff sees ${apps.data?.length ?? 0} of ${sizes.apps} applications\n`);
    printLatencies(results, TARGET_P99_MS);
  } finally {
    await stopProcess(server);
    await store.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { join, dirname } = await import('node:path');
  const { fileURLToPath } = await import('node:url');
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  await benchPortal({ script: join(root, 'packages/server/dist/main.js'), port: 18_961, seconds: Number(process.env.BENCH_SECONDS ?? 10) });
}
