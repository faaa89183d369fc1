// Bench addition of the CLI issue: `sso user unlock` of 10,000 accounts and `sso dict import` of
// 50,000 rows, each as a real `node cli/bin/sso.mjs` process against the built server on PGlite.
// Wall time includes the CLI's start-up and its account lookups. Run alone: node tests/bench/cli.mjs
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { startPlatformServer, stopProcess } from './processes.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const SERVER = join(root, 'packages/server/dist/main.js');
export const UNLOCK_ACCOUNTS = Number(process.env.BENCH_UNLOCK ?? 10_000);
export const DICT_ROWS = Number(process.env.BENCH_DICT_ROWS ?? 50_000);

function run(args, env, stdin = '') {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.stdout.resume();
    child.on('exit', (code) => (code === 0 ? resolve(err) : reject(new Error(`sso ${args.slice(1).join(' ')}: exit ${code}\n${err}`))));
    child.stdin.end(stdin);
  });
}

/** Users written straight into the database (the CLI is measured, not the seeding). */
async function seedUsers(dir, count) {
  const db = await PGlite.create({ dataDir: dir });
  await db.exec(`
    insert into blade_user (id, tenant_id, account, password, name, real_name, role_id, create_time, update_time)
    select 7000000000000000000 + n, '000000', 'clibench' || n, 'not-a-password', 'u' || n, 'u' || n,
           (select id::text from blade_role where role_alias = 'administrator' and tenant_id = '000000' limit 1), now(), now()
    from generate_series(1, ${count}) as n`);
  await db.close();
}

const figure = (name, rows, ms, target) => {
  const line = `${name.padEnd(34)} ${String(rows).padStart(6)} rows  ${(ms / 1000).toFixed(2).padStart(6)} s  ${Math.round(
    rows / (ms / 1000),
  )
    .toString()
    .padStart(7)} rows/s  (target < ${target} s: ${ms / 1000 < target ? 'met' : 'MISSED'})`;
  console.log(line);
  return { name, rows, seconds: ms / 1000, rowsPerSecond: rows / (ms / 1000), target, met: ms / 1000 < target };
};

/** The CLI bench; `port` for its own server. Needs packages/server/dist and cli/dist built. */
export async function benchCli({ port = 18_931 } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'sso-cli-bench-'));
  const base = `http://127.0.0.1:${port}`;
  const serverEnv = {
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SSO_DATA_DIR: join(dir, 'db'),
    SSO_ADMIN_PASSWORD: 'admin',
  };
  const cliEnv = { SSO_CONFIG_DIR: join(dir, 'cli'), SSO_KEYRING: 'off', SSO_URL: base };
  const bin = join(root, 'cli/bin/sso.mjs');
  let server = await startPlatformServer(SERVER, serverEnv, `${base}/health`);
  try {
    await stopProcess(server); // PGlite is one process: seed while the server is down
    await seedUsers(serverEnv.SSO_DATA_DIR, UNLOCK_ACCOUNTS);
    server = await startPlatformServer(SERVER, serverEnv, `${base}/health`);
    await run([bin, 'login', '--account', 'admin', '--password-stdin'], cliEnv, 'admin\n');

    const accounts = join(dir, 'accounts.txt');
    writeFileSync(accounts, Array.from({ length: UNLOCK_ACCOUNTS }, (_, i) => `clibench${i + 1}`).join('\n'));
    let start = performance.now();
    await run([bin, 'user', 'unlock', '--file', accounts], cliEnv);
    const unlock = figure('sso user unlock', UNLOCK_ACCOUNTS, performance.now() - start, 10);

    const csv = join(dir, 'dict.csv');
    const lines = Array.from({ length: DICT_ROWS }, (_, i) => `bench_${Math.floor(i / 1000)},k${i},值${i},${i % 1000}`);
    writeFileSync(csv, `code,dictKey,dictValue,sort\n${lines.join('\n')}\n`);
    start = performance.now();
    await run([bin, 'dict', 'import', csv], cliEnv);
    const dict = figure('sso dict import', DICT_ROWS, performance.now() - start, 20);
    start = performance.now();
    await run([bin, 'dict', 'import', csv], cliEnv);
    const again = figure('sso dict import (again, unchanged)', DICT_ROWS, performance.now() - start, 20);
    return [unlock, dict, again];
  } finally {
    await stopProcess(server);
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log('CLI bulk operations (PGlite, one sso process each)');
  await benchCli();
}
