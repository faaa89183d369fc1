// The leave process carried end to end by concurrent clients on PostgreSQL: each client applies for leave (start-process), its own approver finds
// the task in the todo list and approves it, an HR member finds it in the claim list, claims and
// approves it — six calls and three engine steps per instance. Prints instances completed per
// second, per CPU-second of the server (and of server + database), the p50/p99 of complete-task,
// then the p99 of history-flow-list on an instance of 50 steps (target < 50 ms).
import { availableParallelism } from 'node:os';
import pg from 'pg';
import { cpuMeter } from './cpu-meter.mjs';
import { measure, printLatencies } from './latency.mjs';
import { adminGrant, basic, md5, startPlatformServer, stopProcess } from './processes.mjs';
import { scratchPostgres } from './users-page.mjs';

const INSTANCES = Number(process.env.BENCH_FLOW_INSTANCES ?? 1000);
const CLIENTS = Number(process.env.BENCH_FLOW_CLIENTS ?? 20);
const HR_MEMBERS = 4;
const HISTORY_TARGET_P99_MS = 50;
const FORM = { startTime: '2026-12-01 09:00:00', endTime: '2026-12-03 18:00:00', reason: 'bench' };

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Accounts sharing the admin's password ('admin'): applicants, their approvers, HR members of role `hr`. */
async function seedPeople(url, clients) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query("select password, dept_id from blade_user where account = 'admin' and tenant_id = '000000'");
    const [{ password, dept_id: deptId }] = rows;
    const base = 8_000_000_000_000;
    await client.query(
      "insert into blade_role (id, tenant_id, parent_id, role_name, role_alias, sort) values ($1, '000000', 0, '人事', 'hr', 9), ($2, '000000', 0, '员工', 'staff', 10)",
      [base, base + 1],
    );
    const accounts = [
      ...Array.from({ length: clients }, (_, i) => [`applicant${i}`, base + 1]),
      ...Array.from({ length: clients }, (_, i) => [`approver${i}`, base + 1]),
      ...Array.from({ length: HR_MEMBERS }, (_, i) => [`hr${i}`, base]),
    ];
    for (const [i, [account, roleId]] of accounts.entries()) {
      await client.query(
        "insert into blade_user (id, tenant_id, account, password, name, real_name, role_id, dept_id) values ($1, '000000', $2, $3, $2, $6, $4, $5)",
        [base + 100 + i, account, password, String(roleId), deptId, `u${i}`],
      );
    }
  } finally {
    await client.end();
  }
}

async function signIn(base, account) {
  const query = new URLSearchParams({
    grant_type: 'password',
    scope: 'all',
    tenantId: '000000',
    username: account,
    password: md5('admin'),
  });
  const body = await (
    await fetch(`${base}/api/blade-auth/oauth/token?${query}`, { method: 'POST', headers: { authorization: basic } })
  ).json();
  if (!body.access_token) throw new Error(`sign-in of ${account} failed: ${JSON.stringify(body)}`);
  return { id: body.user_id, headers: { authorization: basic, 'blade-auth': `bearer ${body.access_token}` } };
}

/** One call; the envelope's data, or an error with its message. */
async function call(base, who, method, path, body) {
  const headers = body === undefined ? who.headers : { ...who.headers, 'content-type': 'application/json' };
  const response = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const envelope = await response.json();
  if (!envelope.success) throw new Error(`${method} ${path}: ${envelope.msg}`);
  return envelope.data;
}

/** One client's share of the instances, each carried to its end; complete-task timings collected. */
async function carry(base, people, definitionId, count, completeTimes) {
  const { applicant, approver, hr } = people;
  for (let n = 0; n < count; n++) {
    const leave = await call(base, applicant, 'POST', '/api/blade-desk/process/leave/start-process', {
      processDefinitionId: definitionId,
      ...FORM,
      taskUser: approver.id,
    });
    const instanceId = leave.processInstanceId;
    const todo = await call(base, approver, 'GET', '/api/blade-flow/work/todo-list?current=1&size=10');
    const task = todo.records.find((r) => r.processInstanceId === instanceId);
    let began = performance.now();
    await call(base, approver, 'POST', '/api/blade-flow/work/complete-task', {
      taskId: task.taskId,
      processInstanceId: instanceId,
      flag: 'ok',
      comment: '同意',
    });
    completeTimes.push(performance.now() - began);
    const member = hr[n % hr.length];
    const claimable = await call(base, member, 'GET', '/api/blade-flow/work/claim-list?current=1&size=100');
    const hrTask = claimable.records.find((r) => r.processInstanceId === instanceId);
    await call(base, member, 'POST', `/api/blade-flow/work/claim-task?taskId=${hrTask.taskId}`);
    began = performance.now();
    await call(base, member, 'POST', '/api/blade-flow/work/complete-task', {
      taskId: hrTask.taskId,
      processInstanceId: instanceId,
      flag: 'ok',
    });
    completeTimes.push(performance.now() - began);
  }
}

/** An instance of 50 steps: rejected and resubmitted until its history holds 50 rows. */
async function longInstance(base, people, definitionId) {
  const { applicant, approver } = people;
  const leave = await call(base, applicant, 'POST', '/api/blade-desk/process/leave/start-process', {
    processDefinitionId: definitionId,
    ...FORM,
    taskUser: approver.id,
  });
  const id = leave.processInstanceId;
  for (;;) {
    const steps = await call(base, applicant, 'GET', `/api/blade-flow/process/history-flow-list?processInstanceId=${id}`);
    if (steps.length >= 50) return { id, steps: steps.length };
    const task = (await call(base, approver, 'GET', '/api/blade-flow/work/todo-list?current=1&size=10')).records.find(
      (r) => r.processInstanceId === id,
    );
    await call(base, approver, 'POST', '/api/blade-flow/work/complete-task', { taskId: task.taskId, comment: '再改改' });
    const back = (await call(base, applicant, 'GET', '/api/blade-flow/work/todo-list?current=1&size=10')).records.find(
      (r) => r.processInstanceId === id,
    );
    await call(base, applicant, 'POST', '/api/blade-flow/work/complete-task', { taskId: back.taskId, flag: 'ok' });
  }
}

export async function benchFlowLeave({ script, port, seconds }) {
  const store = await scratchPostgres();
  if (!store) {
    console.log('PostgreSQL not reachable: workflow runs skipped');
    return;
  }
  const base = `http://127.0.0.1:${port}`;
  const env = { PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SSO_ADMIN_PASSWORD: 'admin', SSO_API_LOG: 'false' };
  const server = await startPlatformServer(script, { ...env, DATABASE_URL: store.url }, `${base}/health`);
  try {
    await seedPeople(store.url, CLIENTS);
    const admin = await adminGrant(base);
    const adminWho = { headers: { authorization: basic, 'blade-auth': `bearer ${admin.access_token}` } };
    const definitionId = (await call(base, adminWho, 'GET', '/api/blade-flow/work/start-list?current=1&size=50')).records.find(
      (r) => r.key === 'Leave',
    ).id;
    const hr = [];
    for (let i = 0; i < HR_MEMBERS; i++) hr.push(await signIn(base, `hr${i}`));
    const clients = [];
    for (let i = 0; i < CLIENTS; i++)
      clients.push({ applicant: await signIn(base, `applicant${i}`), approver: await signIn(base, `approver${i}`), hr });
    // Warm-up: one instance per client, not counted.
    await Promise.all(clients.map((people) => carry(base, people, definitionId, 1, [])));
    const meter = await cpuMeter(server.pid, store.url);
    const before = await meter.snapshot();
    const began = performance.now();
    const completeTimes = [];
    const share = (i) => Math.floor(INSTANCES / CLIENTS) + (i < INSTANCES % CLIENTS ? 1 : 0);
    await Promise.all(clients.map((people, i) => carry(base, people, definitionId, share(i), completeTimes)));
    const wall = (performance.now() - began) / 1000;
    const cpu = await meter.since(before);
    await meter.close();
    const sorted = completeTimes.sort((a, b) => a - b);
    console.log(`${INSTANCES} leave instances, ${CLIENTS} concurrent clients, PostgreSQL, ${availableParallelism()} cores`);
    console.log(`  wall ${wall.toFixed(1)} s: ${(INSTANCES / wall).toFixed(1)} instances/s`);
    console.log(
      `  server CPU ${cpu.server.toFixed(1)} s: ${(INSTANCES / cpu.server).toFixed(1)} instances per second per core of server CPU`,
    );
    console.log(
      `  database CPU ${cpu.database.toFixed(1)} s: ${(INSTANCES / (cpu.server + cpu.database)).toFixed(1)} instances per second per core of server + database CPU`,
    );
    console.log(
      `  complete-task (${sorted.length} calls): p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms`,
    );

    const long = await longInstance(base, clients[0], definitionId);
    const history = `${base}/api/blade-flow/process/history-flow-list?processInstanceId=${long.id}`;
    const result = await measure(`(f1) history-flow-list, ${long.steps} steps`, history, clients[0].applicant.headers, seconds, server.pid);
    printLatencies([result], HISTORY_TARGET_P99_MS, 40);
  } finally {
    await stopProcess(server);
    await store.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { join, dirname } = await import('node:path');
  const { fileURLToPath } = await import('node:url');
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  await benchFlowLeave({
    script: process.env.BENCH_SERVER_SCRIPT ?? join(root, 'packages/server/dist/main.js'),
    port: Number(process.env.BENCH_PORT ?? 18_972),
    seconds: Number(process.env.BENCH_SECONDS ?? 10),
  });
}
