import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { postgresUnderTest } from '../testing.js';
import { call, LOAD_PASSWORD, type LoadSetup, passwordSignIn, startLoad } from './crash-load.js';
import {
  ADMIN_PASSWORD,
  buildIsStale,
  type ScratchDatabase,
  type ServerProcess,
  scratchDatabase,
  serverBuilt,
  startServerProcess,
} from './crash-server.js';

/**
 * The built server as a process of its own, on a fresh PGlite data directory (the server
 * project) or a fresh PostgreSQL database (the server-postgres project): killed with SIGKILL
 * under security-relevant load, no acknowledged security event may be missing; stopped with
 * SIGTERM under load, no acknowledged call may be missing from the api log.
 */
const built = serverBuilt();
if (!built) console.warn('crash suite skipped: build the server first (node scripts/pnpm.mjs --filter @sso/server build)');
else if (buildIsStale()) console.warn('crash suite: the server build is older than its sources; rebuild to test them');

const WORKERS = 10;
const ACKNOWLEDGED_BEFORE_KILL = 80;

let database: ScratchDatabase;
/** The server process of the running test: killed after it whatever happened. */
let running: ServerProcess | undefined;
const start = async () => {
  running = await startServerProcess(database);
  return running;
};

beforeAll(async () => {
  if (built) database = await scratchDatabase(postgresUnderTest());
}, 60_000);
afterEach(async () => {
  if (running?.child.exitCode === null && running.child.signalCode === null) {
    running.child.kill('SIGKILL');
    await running.exited;
  }
  await database?.release();
});
afterAll(async () => {
  await database?.drop();
});

/** Waits for a condition, checking every 20 ms, at most `ms`. */
async function until(condition: () => boolean, ms: number): Promise<void> {
  for (const end = Date.now() + ms; !condition() && Date.now() < end; ) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** Calls the setup made (the api log holds them besides the load's). */
let setupCalls = 1;

async function prepare(server: ServerProcess): Promise<LoadSetup> {
  const admin = await passwordSignIn(server.baseUrl, 'admin', ADMIN_PASSWORD, '10.0.0.1');
  const adminToken = (admin.body as { access_token: string }).access_token;
  const api = async (path: string, body?: unknown, method = 'POST') => {
    setupCalls++;
    const answer = await call(server.baseUrl, path, { token: adminToken, body, method });
    if (answer.status !== 200) throw new Error(`${path}: ${JSON.stringify(answer.body)}`);
    return (answer.body as { data: Record<string, unknown> }).data;
  };
  const role = await api('/api/blade-system/role/submit', { roleName: '压测角色', roleAlias: 'crash_role', parentId: '0', sort: 1 });
  const dept = await api('/api/blade-system/dept/submit', {
    deptName: '压测部',
    fullName: '压测部',
    parentId: '0',
    deptCategory: 1,
    sort: 1,
  });
  const menuList = (await api('/api/blade-system/menu/list', undefined, 'GET')) as unknown as
    | { id: string }[]
    | { records: { id: string }[] };
  const menus = Array.isArray(menuList) ? menuList : menuList.records;
  const user = (account: string) =>
    api('/api/blade-user/submit', {
      account,
      name: account,
      realName: '压测',
      roleId: role.id,
      deptId: dept.id,
      password: LOAD_PASSWORD,
      password2: LOAD_PASSWORD,
    });
  const signInAccounts = ['crash_in_1', 'crash_in_2', 'crash_in_3'];
  const ownAccounts = Array.from({ length: WORKERS }, (_, i) => `crash_own_${i}`);
  for (const account of [...signInAccounts, ...ownAccounts]) await user(account);
  return {
    baseUrl: server.baseUrl,
    adminToken,
    roleId: String(role.id),
    deptId: String(dept.id),
    menuIds: menus.slice(0, 5).map((menu) => menu.id),
    signInAccounts,
    ownAccounts,
  };
}

const countOf = async (text: string, params: unknown[]) => Number((await database.query(text, params))[0]?.count);

const sum = (counts: Map<string, number>) => [...counts.values()].reduce((a, b) => a + b, 0);

describe.skipIf(!built)('a crash loses no acknowledged security event', () => {
  it('SIGKILL under load: every answered sign-in, account change, grant and password change is stored', async () => {
    const server = await start();
    const setup = await prepare(server);
    let killed = false;
    const { ack, done } = startLoad(setup, WORKERS, () => killed);
    // Killed while the workers keep calling, once enough calls were answered.
    await until(() => ack.apiCalls >= ACKNOWLEDGED_BEFORE_KILL, 30_000);
    server.child.kill('SIGKILL');
    killed = true;
    await server.exited;
    await done;
    expect(ack.apiCalls).toBeGreaterThanOrEqual(ACKNOWLEDGED_BEFORE_KILL);
    expect(ack.createdAccounts.length && sum(ack.roleGrants) && sum(ack.passwordChanges)).toBeGreaterThan(0);

    const signIns = await database.query('select remote_ip, success from blade_log_login');
    const stored = new Set(signIns.map((row) => `${row.remote_ip}|${row.success}`));
    const lostSignIns = ack.signIns.filter(({ ip, success }) => !stored.has(`${ip}|${success ? 1 : 0}`));
    const events = await database.query(`select log_id, create_by, log_data from blade_log_usual where log_level = 'security'`);
    const created = new Set(
      events.filter((row) => row.log_id === 'user.create').map((row) => JSON.parse(String(row.log_data)).target.name),
    );
    const lostAccounts = ack.createdAccounts.filter((account) => !created.has(account));
    const grants = events.filter((row) => row.log_id === 'role.grant' && String(row.log_data).includes(setup.roleId)).length;
    const changesOf = (account: string) =>
      events.filter((row) => row.log_id === 'user.password-change' && row.create_by === account).length;
    const lostChanges = [...ack.passwordChanges].filter(([account, answered]) => changesOf(account) < answered);

    expect({ lostSignIns, lostAccounts, lostChanges, grantsShort: grants < sum(ack.roleGrants) }).toEqual({
      lostSignIns: [],
      lostAccounts: [],
      lostChanges: [],
      grantsShort: false,
    });
    const apiRows = await countOf('select count(*) from blade_log_api', []);
    const answeredCalls = ack.apiCalls + setupCalls;
    console.info(
      `crash: ${ack.apiCalls} calls answered (${ack.signIns.length} sign-ins, ${ack.createdAccounts.length} users, ` +
        `${sum(ack.roleGrants)} grants, ${sum(ack.passwordChanges)} password changes), every security event stored; ` +
        `api log: ${apiRows} of ${answeredCalls} answered calls stored, ${answeredCalls - apiRows} lost with the batch that waited`,
    );
  }, 90_000);

  it('SIGTERM under load: the server writes every waiting api log entry before it exits', async () => {
    const server = await start();
    const admin = await passwordSignIn(server.baseUrl, 'admin', ADMIN_PASSWORD, '10.9.0.1');
    const token = (admin.body as { access_token: string }).access_token;
    const answered: number[] = [];
    let n = 0;
    let stopped = false;
    const worker = async () => {
      while (!stopped) {
        const mark = ++n;
        try {
          const { status } = await call(server.baseUrl, `/api/blade-system/param/list?paramKey=sigterm_${mark}`, { token, method: 'GET' });
          if (status === 200) answered.push(mark);
        } catch {
          return; // the server closed its connections
        }
      }
    };
    const workers = Promise.all(Array.from({ length: WORKERS }, worker));
    await until(() => answered.length >= 300, 30_000);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    stopped = true;
    await workers;
    const rows = await database.query(`select request_uri from blade_log_api where request_uri like '%paramKey=sigterm_%'`);
    const logged = new Set(rows.map((row) => Number(String(row.request_uri).split('sigterm_')[1])));
    expect(answered.filter((mark) => !logged.has(mark))).toEqual([]);
    console.info(`sigterm: ${answered.length} answered calls, all in the api log`);
  }, 90_000);
});
