import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../api-suite.testkit.js';
import { forgetDefinitionXml } from '../../flow/definitions.js';
import { forgetParsedDefinitions } from '../../flow/engine-run.js';
import type { Config } from '../../kernel/config.js';
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

/** A server started cold: nothing of an earlier one kept in this process's memory. */
async function coldServer(): Promise<TestServer> {
  forgetParsedDefinitions();
  forgetDefinitionXml();
  return startTestServer(storage);
}

describe('a server restarted between two steps', () => {
  it('resumes the instance where it stopped and carries it to the end', async () => {
    let server = await coldServer();
    let cast = await leaveCast(server);
    const leave = await cast.alice.flow.leave.startProcess({
      processDefinitionId: await leaveDefinitionId(cast.alice),
      ...LEAVE_FORM,
      taskUser: cast.bobId,
    });
    const first = await todoOf(cast.bob, leave.processInstanceId);
    await server.close();

    server = await coldServer();
    cast = await reSignIn(server);
    await cast.bob.flow.work.completeTask({ taskId: first!.taskId, flag: 'ok', comment: '重启后同意' });
    const hr = await claimOf(cast.hana, leave.processInstanceId);
    expect(hr).toMatchObject({ taskName: '人事审批' });
    await cast.hana.flow.work.claimTask({ taskId: hr!.taskId });
    await server.close();

    server = await coldServer();
    cast = await reSignIn(server);
    await cast.hana.flow.work.completeTask({ taskId: hr!.taskId, flag: 'ok' });
    expect(await cast.alice.flow.leave.detail({ businessId: leave.id })).toMatchObject({ status: 'approved' });
    const history = await cast.alice.flow.process.historyFlowList({ processInstanceId: leave.processInstanceId });
    expect(history.map((h) => h.historyActivityId)).toEqual(['start', 'approverTask', 'approverGateway', 'hrTask', 'hrGateway', 'end']);
    if (!postgresUnderTest()) {
      await server.close();
      return;
    }

    // Two nodes on one PostgreSQL database, the same completion sent to both at once.
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
      await server.close();
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
