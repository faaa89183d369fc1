// Mobile application statistics over 1,000,000 start-log rows (PostgreSQL only): the rows and
// 100,000 download records are seeded with generate_series over the last 365 days, with the daily
// counts the report and download calls keep, then p50/p99 of each statistics call of the dashboard
// (the last 30 days, the default; a whole year; one application). Target: p99 < 100 ms on every call.
import pg from 'pg';
import { measure, printLatencies } from './latency.mjs';
import { adminGrant, basic, cpuSeconds, startPlatformServer, stopProcess } from './processes.mjs';
import { scratchPostgres } from './users-page.mjs';

const TARGET_P99_MS = 100;
export const sizes = {
  apps: 20,
  starts: Number(process.env.BENCH_START_LOGS ?? 1_000_000),
  downloads: Number(process.env.BENCH_DOWNLOADS ?? 100_000),
};
const ID_BASE = 9_000_000_000_000;

/** Applications, start logs and download records of the platform tenant, spread over the last 365 days. */
export async function seed(url) {
  const began = performance.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await insertRows(client);
  } finally {
    await client.end();
  }
  return (performance.now() - began) / 1000;
}

async function insertRows(client) {
  const spread = (i) => `now() - ((${i}::bigint * 7919) % (365 * 86400)) * interval '1 second'`;
  await client.query(
    `insert into blade_app_manage (id, tenant_id, app_name, app_category, sort)
     select ${ID_BASE} + i, '000000', 'bench app ' || i, '1', i from generate_series(1, ${sizes.apps}) as i`,
  );
  await client.query(
    `insert into blade_app_start_log (id, tenant_id, app_id, os_name, device_type, device_brand, app_version, start_ip, create_time, update_time)
     select ${ID_BASE} + 1000 + i, '000000', ${ID_BASE} + 1 + i % ${sizes.apps},
       (array['Android', 'iOS', 'HarmonyOS'])[1 + i % 3], (array['phone', 'tablet', 'pad'])[1 + (i / 7) % 3],
       (array['Huawei', 'Xiaomi', 'Apple', 'OPPO', 'vivo', 'Honor', 'Samsung', 'OnePlus', 'Realme', 'Meizu', 'ZTE', 'Lenovo'])[1 + (i / 3) % 12],
       '1.' || (i % 5) || '.0', '10.0.' || (i % 250) || '.' || (i % 200), ${spread('i')}, now()
     from generate_series(1, ${sizes.starts}) as i`,
  );
  await client.query(
    `insert into blade_app_download_record (id, tenant_id, app_id, version_id, app_type, version_name, download_ip, create_time, update_time)
     select ${ID_BASE} + 2000000 + i, '000000', ${ID_BASE} + 1 + i % ${sizes.apps}, 1, 1 + i % 2, '1.0.0', '10.1.0.1', ${spread('(i * 13)')}, now()
     from generate_series(1, ${sizes.downloads}) as i`,
  );
  // The daily counts the start report and the download link keep, as they would have kept them.
  for (const [dimension, column] of [
    ['start', "''"],
    ['os', 'os_name'],
    ['type', 'device_type'],
    ['brand', 'device_brand'],
  ]) {
    await client.query(
      `insert into blade_app_daily_count (tenant_id, dimension, day, app_id, value, count)
       select tenant_id, '${dimension}', create_time::date, app_id, ${column}, count(*) from blade_app_start_log group by 1, 2, 3, 4, 5`,
    );
  }
  await client.query(
    `insert into blade_app_daily_count (tenant_id, dimension, day, app_id, value, count)
     select tenant_id, 'download', create_time::date, app_id, app_type::text, count(*) from blade_app_download_record group by 1, 2, 3, 4, 5`,
  );
  // …and the same counts of all the applications together, kept beside them.
  await client.query(
    `insert into blade_app_daily_total (tenant_id, dimension, day, value, count)
     select tenant_id, dimension, day, value, sum(count) from blade_app_daily_count group by 1, 2, 3, 4`,
  );
  // Fresh statistics and visibility maps: the planner's estimates and index-only scans, as autovacuum would leave them.
  await client.query('vacuum analyze blade_app_start_log');
  await client.query('vacuum analyze blade_app_download_record');
  await client.query('vacuum analyze blade_app_daily_count');
  await client.query('vacuum analyze blade_app_daily_total');
}

const day = (offset) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);

/** Calls made one after another to measure the server's CPU per call. */
const CPU_CALLS = Number(process.env.BENCH_CPU_CALLS ?? 300);

/** CPU seconds of each database backend serving `url`'s database (the server's pool), by process id, from /proc. */
async function backendCpu(client, url) {
  const { rows } = await client.query('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [
    new URL(url).pathname.slice(1),
  ]);
  const seconds = new Map();
  for (const { pid } of rows) seconds.set(pid, await cpuSeconds(pid).catch(() => 0));
  return seconds;
}

/** Backend CPU seconds from `before` to `after`: a backend that ended meanwhile is left out, a new one counts whole. */
const backendDelta = (before, after) => [...after].reduce((sum, [pid, seconds]) => sum + seconds - (before.get(pid) ?? 0), 0);

/**
 * CPU time per call (user + system, from /proc: 10 ms ticks over CPU_CALLS calls) of the server
 * process and of the database backends it uses, one call at a time: unlike wall-clock latency it
 * hardly depends on what else the machine runs.
 */
async function cpuPerCall(pid, store, url, headers) {
  const client = new pg.Client({ connectionString: store.url });
  await client.connect();
  try {
    for (let i = 0; i < 20; i++) await (await fetch(url, { headers })).arrayBuffer();
    const [server, database] = [await cpuSeconds(pid), await backendCpu(client, store.url)];
    for (let i = 0; i < CPU_CALLS; i++) await (await fetch(url, { headers })).arrayBuffer();
    return {
      server: ((await cpuSeconds(pid)) - server) * (1000 / CPU_CALLS),
      database: backendDelta(database, await backendCpu(client, store.url)) * (1000 / CPU_CALLS),
    };
  } finally {
    await client.end();
  }
}

export async function benchAppStats({ script, port, seconds }) {
  const store = await scratchPostgres();
  if (!store) {
    console.log('PostgreSQL not reachable: application statistics runs skipped');
    return;
  }
  const base = `http://127.0.0.1:${port}`;
  const env = { PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SSO_ADMIN_PASSWORD: 'admin', SSO_API_LOG: 'false' };
  const server = await startPlatformServer(script, { ...env, DATABASE_URL: store.url }, `${base}/health`);
  try {
    const took = await seed(store.url);
    console.log(
      `seeded ${sizes.starts} start logs and ${sizes.downloads} download records of ${sizes.apps} applications in ${took.toFixed(0)} s`,
    );
    const admin = { authorization: basic, 'blade-auth': `bearer ${(await adminGrant(base)).access_token}` };
    const stats = `${base}/api/blade-appmanage/app`;
    const year = `beginDate=${day(364)}&endDate=${day(0)}`;
    const oneApp = `appid=${ID_BASE + 7}`;
    const runs = [
      ['(s1) osName, 30 days', `${stats}/osName`],
      ['(s2) deviceType, 30 days', `${stats}/deviceType`],
      ['(s3) deviceBrand, 30 days', `${stats}/deviceBrand`],
      ['(s4) trend, 30 days', `${stats}/trend`],
      ['(s5) appNameNum, 30 days', `${stats}/appNameNum`],
      ['(s6) terminalData, 30 days', `${stats}/terminalData`],
      ['(s7) yesterdayData', `${stats}/yesterdayData`],
      ['(s8) osName, 30 days, one app', `${stats}/osName?${oneApp}`],
      ['(s9) trend, 30 days, one app', `${stats}/trend?${oneApp}`],
      ['(s10) osName, 365 days', `${stats}/osName?${year}`],
      ['(s11) trend, 365 days', `${stats}/trend?${year}`],
      ['(s12) terminalData, 365 days', `${stats}/terminalData?${year}`],
      ['(s13) downloadTrendList, 30 days', `${base}/api/blade-appmanage/appdownloadrecord/downloadTrendList`],
      ['(s14) downloadStatistics, 30 days', `${base}/api/blade-appmanage/appdownloadrecord/downloadStatistics`],
    ];
    const results = [];
    for (const [name, url] of runs) results.push(await measure(name, url, admin, seconds));
    printLatencies(results, TARGET_P99_MS, 40);
    console.log(`\nCPU ms per call (${CPU_CALLS} calls one at a time)     server  database`);
    for (const [name, url] of runs) {
      const cpu = await cpuPerCall(server.pid, store, url, admin);
      console.log(`  ${name.padEnd(40)} ${cpu.server.toFixed(2).padStart(6)} ${cpu.database.toFixed(2).padStart(9)}`);
    }
  } finally {
    await stopProcess(server);
    await store.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { join, dirname } = await import('node:path');
  const { fileURLToPath } = await import('node:url');
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  await benchAppStats({
    script: process.env.BENCH_SERVER_SCRIPT ?? join(root, 'packages/server/dist/main.js'),
    port: Number(process.env.BENCH_PORT ?? 18_971),
    seconds: Number(process.env.BENCH_SECONDS ?? 10),
  });
}
