import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '@sso/server/testing';
import type { SsoClient } from '@sso/shared-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHome } from './cli-home.testkit.js';

let server: TestServer;
let home: Awaited<ReturnType<typeof adminHome>>;
let admin: SsoClient;
let adminId: string;

beforeAll(async () => {
  server = await startTestServer();
  // The administrator is also in the role with alias hr: the leave's second step is theirs to claim.
  const hrRole = server.ctx.ids.next();
  await server.ctx.db
    .insertInto('blade_role')
    .values({ id: hrRole, tenantId: '000000', parentId: '0', roleName: '人事', roleAlias: 'hr', sort: 99, isDeleted: 0 })
    .execute();
  const row = await server.ctx.db
    .selectFrom('blade_user')
    .select(['id', 'roleId'])
    .where('account', '=', 'admin')
    .executeTakeFirstOrThrow();
  adminId = String(row.id);
  await server.ctx.db
    .updateTable('blade_user')
    .set({ roleId: `${row.roleId},${hrRole}` })
    .where('id', '=', row.id)
    .execute();
  home = await adminHome(server);
  admin = await server.admin();
}, 120_000);
afterAll(async () => {
  home?.cleanup();
  await server?.close();
});

const json = <T>(text: string) => JSON.parse(text) as T;
type Task = { taskId: string; taskName: string; processInstanceId: string };

describe('sso task and sso flow: scripted approvals', () => {
  it('carries a leave request to its end from the command line: list, complete, claim, complete', async () => {
    const definitions = json<{ id: string; key: string }[]>((await home.sso(['flow', 'list', '--json'])).out);
    const leave = definitions.find((d) => d.key === 'Leave');
    expect(leave).toBeDefined();
    const started = (await admin.flow.leave.startProcess({
      processDefinitionId: String(leave?.id),
      startTime: '2026-12-01 09:00:00',
      endTime: '2026-12-02 18:00:00',
      reason: '命令行审批',
      taskUser: adminId,
    })) as { processInstanceId: string };

    const todo = await home.sso(['task', 'list', '--json']);
    expect(todo.code).toBe(0);
    const mine = json<Task[]>(todo.out).find((t) => t.processInstanceId === started.processInstanceId);
    expect(mine).toBeDefined();
    expect((await home.sso(['task', 'complete', String(mine?.taskId)])).code).toBe(2);
    const approved = await home.sso(['task', 'complete', String(mine?.taskId), '--approve', '--comment', '同意']);
    expect(approved.code, approved.err).toBe(0);

    const claimable = json<Task[]>((await home.sso(['task', 'list', '--kind', 'claim', '--json'])).out);
    const hrStep = claimable.find((t) => t.processInstanceId === started.processInstanceId);
    expect(hrStep).toBeDefined();
    expect((await home.sso(['task', 'claim', String(hrStep?.taskId)])).code).toBe(0);
    const done = await home.sso(['task', 'complete', String(hrStep?.taskId), '--approve']);
    expect(done.code, done.err).toBe(0);

    const sent = json<{ processInstanceId: string; processIsFinished: string }[]>(
      (await home.sso(['task', 'list', '--kind', 'send', '--json'])).out,
    );
    expect(sent.find((t) => t.processInstanceId === started.processInstanceId)?.processIsFinished).toBe('finished');
    // The same calls as generic commands of the registry's work group.
    const generic = await home.sso(['work', 'done-list', '--size', '10', '--json']);
    expect(json<{ records: Task[] }>(generic.out).records.filter((t) => t.processInstanceId === started.processInstanceId)).toHaveLength(2);
  });

  it('deploys a process file, suspends it (it starts nothing) and activates it again', async () => {
    const file = join(home.dir, 'trip.bpmn20.xml');
    writeFileSync(
      file,
      `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="http://example.com/trip">
  <process id="Trip" name="出差申请" isExecutable="true">
    <startEvent id="start" />
    <sequenceFlow id="f1" sourceRef="start" targetRef="approve" />
    <userTask id="approve" name="审批" flowable:assignee="\${applyUser}" />
    <sequenceFlow id="f2" sourceRef="approve" targetRef="end" />
    <endEvent id="end" />
  </process>
</definitions>`,
    );
    const deployed = await home.sso(['flow', 'deploy', file, '--category', 'flow_1', '--json']);
    expect(deployed.code, deployed.err).toBe(0);
    const [trip] = json<{ id: string; key: string; version: number }[]>(deployed.out);
    expect(trip).toMatchObject({ key: 'Trip', version: 1 });
    expect((await home.sso(['flow', 'suspend', trip.id])).out).toContain('suspend');
    const startable = await admin.flow.work.startList({ current: 1, size: 50 });
    expect(startable.records.some((d) => d.id === trip.id)).toBe(false);
    expect((await home.sso(['flow', 'activate', trip.id])).out).toContain('active');
    const again = await admin.flow.work.startList({ current: 1, size: 50 });
    expect(again.records.some((d) => d.id === trip.id)).toBe(true);
  });
});
