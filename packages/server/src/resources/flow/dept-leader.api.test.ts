// biome-ignore-all lint/suspicious/noTemplateCurlyInString: process expressions are written ${…}, as in the models
import { beforeAll, describe, expect, it } from 'vitest';
import { createRole, createTenant, createUser, failure, signIn, type TrackedClient, useTestServer } from '../../api-suite.testkit.js';
import { LEAVE_FORM, todoOf } from './flow.testkit.js';

/**
 * A step assigned to `leader:${applyUserDept}` goes to the leader of the applicant's department,
 * or, when that department names none, to the nearest department above it that does. The leader
 * is a reference of the department: a user of another tenant or an unknown id is refused on save.
 */
const suite = useTestServer();
const ASK_THE_LEADER = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="t">
  <process id="AskLeader" name="部门负责人审批" isExecutable="true">
    <startEvent id="s"/>
    <userTask id="lead" name="负责人审批" flowable:assignee="leader:\${applyUserDept}"/>
    <endEvent id="e"/>
    <sequenceFlow id="a" sourceRef="s" targetRef="lead"/>
    <sequenceFlow id="b" sourceRef="lead" targetRef="e"/>
  </process>
</definitions>`;

let plant: string;
let rolling: string;
let applicant: TrackedClient;
let head: TrackedClient;
let foreman: TrackedClient;
let headId: string;
let foremanId: string;
let definitionId: string;

const dept = (input: { id?: string; deptName: string; parentId?: string; leaderId?: string }) =>
  suite.admin.system.dept.submit({ fullName: input.deptName, deptCategory: 2, sort: 1, ...input, id: input.id ?? '' });

beforeAll(async () => {
  const role = await createRole(suite.server, { alias: 'worker', menuCodes: ['work_start', 'work_todo', 'work_send'] });
  plant = (await dept({ deptName: '炼钢厂' })).id;
  rolling = (await dept({ deptName: '轧钢车间', parentId: plant })).id;
  headId = await createUser(suite.server, { account: 'head', roleId: role, deptId: plant });
  foremanId = await createUser(suite.server, { account: 'foreman', roleId: role, deptId: rolling });
  await createUser(suite.server, { account: 'worker', roleId: role, deptId: rolling });
  const sign = (account: string) => signIn(suite.server, { account, password: 'Test@12345' });
  [applicant, head, foreman] = [await sign('worker'), await sign('head'), await sign('foreman')];
  const upload = { filename: 'ask-leader.bpmn20.xml', data: new TextEncoder().encode(ASK_THE_LEADER) };
  [{ id: definitionId }] = await suite.admin.flow.manager.deployUpload({ category: 'flow_1', tenantIds: '', files: upload });
});

const apply = async () =>
  (await applicant.flow.leave.startProcess({ processDefinitionId: definitionId, ...LEAVE_FORM, taskUser: headId })).processInstanceId;

describe("a department's leader as a step's assignee", () => {
  it('goes up the tree while a department names no leader, and is refused when none does', async () => {
    expect(
      await failure(applicant, applicant.flow.leave.startProcess({ processDefinitionId: definitionId, ...LEAVE_FORM, taskUser: headId })),
    ).toMatchObject({ status: 400, msg: expect.stringContaining('leader:') });

    await dept({ id: plant, deptName: '炼钢厂', leaderId: headId });
    const first = await apply();
    expect(await todoOf(head, first)).toMatchObject({ taskName: '负责人审批' });
    expect(await todoOf(foreman, first)).toBeUndefined();

    // The workshop's own leader, once named, comes before the plant's.
    await dept({ id: rolling, deptName: '轧钢车间', parentId: plant, leaderId: foremanId });
    const second = await apply();
    expect(await todoOf(foreman, second)).toMatchObject({ taskName: '负责人审批' });
    expect(await todoOf(head, second)).toBeUndefined();
    const detail = await suite.admin.system.dept.detail(rolling);
    expect(detail).toMatchObject({ leaderId: foremanId, leaderName: 'foreman' });

    // Cleared, the step goes to the plant again.
    await dept({ id: rolling, deptName: '轧钢车间', parentId: plant, leaderId: '' });
    expect((await suite.admin.system.dept.detail(rolling)).leaderId || null).toBeNull();
    expect(await todoOf(head, await apply())).toMatchObject({ taskName: '负责人审批' });
  });

  it("refuses a leader who is not a live user of the department's tenant", async () => {
    await createTenant(suite.server, '100200');
    const stranger = await createUser(suite.server, { tenantId: '100200', account: 'stranger', roleId: '0' });
    for (const leaderId of [stranger, '999999999']) {
      expect(await failure(suite.admin, dept({ id: plant, deptName: '炼钢厂', leaderId }))).toMatchObject({
        status: 400,
        msg: '所选负责人不存在',
      });
    }
    expect(await failure(suite.admin, dept({ id: plant, deptName: '炼钢厂', leaderId: 'abc' }))).toMatchObject({ status: 400 });
    expect((await suite.admin.system.dept.detail(plant)).leaderId).toBe(headId);
  });
});
