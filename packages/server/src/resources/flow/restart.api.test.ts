import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../api-suite.testkit.js';
import { forgetDefinitionXml } from '../../flow/definitions.js';
import { forgetParsedDefinitions } from '../../flow/engine-run.js';
import { type Config, testConfig } from '../../kernel/config.js';
import { seededSnapshot } from '../../seeded-snapshot.testkit.js';
import { postgresUnderTest, startTestServer, type TestServer } from '../../testing.js';
import { claimOf, LEAVE_FORM, leaveCast, leaveDefinitionId, todoOf } from './flow.testkit.js';

/**
 * An instance lives in the database, not in a server: a server stopped between two steps and a
 * new one started on the same database (PGlite's directory, or PostgreSQL) carries it on exactly;
 * on PostgreSQL two nodes at once complete a task once.
 */
let storage: Partial<Config>;
let cleanUp: () => Promise<void>;

beforeAll(async () => {
  const adminUrl = postgresUnderTest();
  if (adminUrl) {
    const name = `sso_flow_${randomBytes(6).toString('hex')}`;
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    };
    await admin(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    storage = { DATABASE_URL: url.toString() };
    cleanUp = () => admin(`drop database if exists ${name} with (force)`);
  } else {
    const dir = await mkdtemp(join(tmpdir(), 'sso-flow-'));
    storage = { SSO_DATA_DIR: dir };
    cleanUp = () => rm(dir, { recursive: true, force: true });
  }
});
afterAll(() => cleanUp?.());

let started = false;

/**
 * A server started cold: nothing of an earlier one kept in this process's memory. The first one
 * on PGlite's empty directory starts from the migrated and seeded snapshot the other suites load
 * (creating and migrating a directory from nothing takes seconds); later ones open what it left.
 */
async function coldServer(): Promise<TestServer> {
  forgetParsedDefinitions();
  forgetDefinitionXml();
  const fromSnapshot = !started && !storage.DATABASE_URL;
  started = true;
  if (!fromSnapshot) return startTestServer(storage);
  const initialData = await seededSnapshot(testConfig({ SSO_ADMIN_PASSWORD: 'admin' }));
  return startTestServer(storage, { initialData });
}

describe('a server restarted between two steps', () => {
  // One instance followed across restarts: each step is a test of its own, run in order.
  let server: TestServer | undefined;
  let cast: Awaited<ReturnType<typeof reSignIn>>;
  let leave: { id: string; processInstanceId: string };
  let hrTaskId: string;
  const stop = async () => {
    await server?.close();
    server = undefined;
  };
  afterAll(stop);

  it('starts an instance and stops the server with its first task open', async () => {
    server = await coldServer();
    const first = await leaveCast(server);
    leave = await first.alice.flow.leave.startProcess({
      processDefinitionId: await leaveDefinitionId(first.alice),
      ...LEAVE_FORM,
      taskUser: first.bobId,
    });
    expect(await todoOf(first.bob, leave.processInstanceId)).toBeDefined();
    await stop();
  });

  it('resumes it on a new server: the approver completes the task, the next one is claimed', async () => {
    server = await coldServer();
    cast = await reSignIn(server);
    const first = await todoOf(cast.bob, leave.processInstanceId);
    await cast.bob.flow.work.completeTask({ taskId: first!.taskId, flag: 'ok', comment: '重启后同意' });
    const hr = await claimOf(cast.hana, leave.processInstanceId);
    expect(hr).toMatchObject({ taskName: '人事审批' });
    await cast.hana.flow.work.claimTask({ taskId: hr!.taskId });
    hrTaskId = hr!.taskId;
    await stop();
  });

  it('carries it to the end on a third server, its history whole', async () => {
    server = await coldServer();
    cast = await reSignIn(server);
    await cast.hana.flow.work.completeTask({ taskId: hrTaskId, flag: 'ok' });
    expect(await cast.alice.flow.leave.detail({ businessId: leave.id })).toMatchObject({ status: 'approved' });
    const history = await cast.alice.flow.process.historyFlowList({ processInstanceId: leave.processInstanceId });
    expect(history.map((h) => h.historyActivityId)).toEqual(['start', 'approverTask', 'approverGateway', 'hrTask', 'hrGateway', 'end']);
  });

  it.skipIf(!postgresUnderTest())('completes a task once when two nodes on one PostgreSQL database get it at once', async () => {
    const other = await coldServer();
    try {
      const next = await cast.alice.flow.leave.startProcess({
        processDefinitionId: await leaveDefinitionId(cast.alice),
        ...LEAVE_FORM,
        taskUser: cast.bobId,
      });
      const task = await todoOf(cast.bob, next.processInstanceId);
      const bobThere = (await reSignIn(other)).bob;
      const results = await Promise.allSettled([
        cast.bob.flow.work.completeTask({ taskId: task!.taskId, flag: 'ok' }),
        bobThere.flow.work.completeTask({ taskId: task!.taskId, flag: 'ok' }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
      const steps = await cast.alice.flow.process.historyFlowList({ processInstanceId: next.processInstanceId });
      expect(steps.filter((h) => h.historyActivityId === 'hrTask')).toHaveLength(1);
    } finally {
      await other.close();
    }
  });
});

/** The same people signed in again on a new server (their accounts are in the database). */
async function reSignIn(server: TestServer) {
  const sign = (account: string) => signIn(server, { account, password: 'Test@12345' });
  const db = server.ctx.db;
  const id = async (account: string) =>
    (await db.selectFrom('blade_user').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id;
  return {
    alice: await sign('alice'),
    aliceId: await id('alice'),
    bob: await sign('bob'),
    bobId: await id('bob'),
    hana: await sign('hana'),
    hugo: await sign('hugo'),
    olga: await sign('olga'),
  };
}
