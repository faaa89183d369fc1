// biome-ignore-all lint/suspicious/noTemplateCurlyInString: process expressions are written ${…}, as in the models
import { beforeAll, describe, expect, it } from 'vitest';
import { failure, rowCount, useTestServer } from '../../api-suite.testkit.js';
import { LEAVE_MODEL_XML } from '../../flow/leave-model.js';
import { claimOf, LEAVE_FORM, type LeaveCast, leaveCast, todoOf } from './flow.testkit.js';

/**
 * Models and deployments: what the engine cannot run, or could be made to run code, is refused
 * with a clear 400 and nothing is stored; what it can run is deployed as the next version of its
 * key and runs — parallel branches, conditions over the form's values, Camunda attributes.
 */
const suite = useTestServer();
let cast: LeaveCast;
beforeAll(async () => {
  cast = await leaveCast(suite.server);
});

const file = (name: string, xml: string | Uint8Array) => ({
  filename: name,
  data: typeof xml === 'string' ? new TextEncoder().encode(xml) : xml,
});
const upload = (files: ReturnType<typeof file> | ReturnType<typeof file>[], category = 'flow_1') =>
  suite.admin.flow.manager.deployUpload({ category, tenantIds: '', files });

const process = (body: string, id = 'Trip') => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" targetNamespace="t">
  <process id="${id}" name="出差" isExecutable="true">${body}</process>
</definitions>`;

/** Two branches at once: the approver and HR; a long trip (days > 3) needs the approver once more. */
const PARALLEL = process(`
    <startEvent id="s" camunda:initiator="applyUser"/>
    <parallelGateway id="fork"/>
    <userTask id="lead" name="领导审批" camunda:assignee="\${taskUser}"/>
    <userTask id="hr" name="人事备案" camunda:candidateGroups="role:hr"/>
    <parallelGateway id="join"/>
    <exclusiveGateway id="long" default="short"/>
    <userTask id="again" name="长假复核" camunda:assignee="\${taskUser}"/>
    <endEvent id="e"/>
    <sequenceFlow id="f1" sourceRef="s" targetRef="fork"/>
    <sequenceFlow id="f2" sourceRef="fork" targetRef="lead"/>
    <sequenceFlow id="f3" sourceRef="fork" targetRef="hr"/>
    <sequenceFlow id="f4" sourceRef="lead" targetRef="join"/>
    <sequenceFlow id="f5" sourceRef="hr" targetRef="join"/>
    <sequenceFlow id="f6" sourceRef="join" targetRef="long"/>
    <sequenceFlow id="isLong" sourceRef="long" targetRef="again"><conditionExpression xsi:type="tFormalExpression">\${days &gt; 3 &amp;&amp; pass}</conditionExpression></sequenceFlow>
    <sequenceFlow id="short" sourceRef="long" targetRef="e"/>
    <sequenceFlow id="f7" sourceRef="again" targetRef="e"/>`);

describe('deploying uploaded files', () => {
  it('refuses hostile and malformed files with a clear 400 and deploys nothing', async () => {
    const before = await rowCount(suite.server, 'blade_flow_definition');
    const refused = async (files: ReturnType<typeof file>, msg: string | RegExp) => {
      const answer = await failure(suite.admin, upload(files));
      expect(answer.status).toBe(400);
      if (typeof msg === 'string') expect(answer.msg).toBe(msg);
      else expect(answer.msg).toMatch(msg);
    };
    const entities = `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;">]>${process('<startEvent id="s" name="&b;"/>')}`;
    await refused(file('bomb.bpmn20.xml', entities), '流程文件不得包含 DOCTYPE 或实体声明');
    const external = `<?xml version="1.0"?><!DOCTYPE d SYSTEM "file:///etc/passwd">${process('<startEvent id="s"/>')}`;
    await refused(file('external.bpmn', external), '流程文件不得包含 DOCTYPE 或实体声明');
    await refused(file('huge.bpmn', process(`<startEvent id="s"/><!-- ${'x'.repeat(1024 * 1024)} -->`)), '流程文件过大（最大 1 MiB）');
    await refused(
      file(
        'script.bpmn',
        process(
          '<startEvent id="s"/><scriptTask id="x" scriptFormat="javascript"><script>process.exit(1)</script></scriptTask><sequenceFlow id="a" sourceRef="s" targetRef="x"/>',
        ),
      ),
      '流程中不允许脚本任务或脚本条件',
    );
    await refused(
      file(
        'cond.bpmn',
        process(
          '<startEvent id="s"/><endEvent id="e"/><sequenceFlow id="a" sourceRef="s" targetRef="e"><conditionExpression xsi:type="tFormalExpression" language="javascript">next(null, true)</conditionExpression></sequenceFlow>',
        ),
      ),
      '流程中不允许脚本任务或脚本条件',
    );
    await refused(
      file(
        'call.bpmn',
        process(
          '<startEvent id="s"/><userTask id="u" camunda:assignee="${user.remove()}"/><sequenceFlow id="a" sourceRef="s" targetRef="u"/>',
        ),
      ),
      /^流程文件无法解析：u: calls are not allowed/,
    );
    await refused(
      file(
        'service.bpmn',
        process('<startEvent id="s"/><serviceTask id="x" camunda:expression="${x}"/><sequenceFlow id="a" sourceRef="s" targetRef="x"/>'),
      ),
      /^流程文件无法解析：ServiceTask x/,
    );
    await refused(file('broken.bpmn', '<definitions><process id="a"><startEvent></process>'), /^流程文件无法解析：/);
    await refused(file('latin1.bpmn', new Uint8Array([0x3c, 0x61, 0xe9, 0xff, 0x3e])), '流程文件须为 UTF-8 文本');
    await refused(file('notes.txt', process('<startEvent id="s"/>')), '只接受 .bpmn 或 .bpmn20.xml 文件');
    // All or nothing: a good file beside a bad one is not deployed either.
    expect(await failure(suite.admin, upload([file('good.bpmn', PARALLEL), file('bad.bpmn', entities)]))).toMatchObject({ status: 400 });
    expect(await rowCount(suite.server, 'blade_flow_definition')).toBe(before);
    // The check alone deploys nothing either.
    expect(await suite.admin.flow.manager.checkUpload({ file: file('good.bpmn', PARALLEL) })).toEqual({
      name: 'good.bpmn',
      processKeys: ['Trip'],
    });
    expect(await rowCount(suite.server, 'blade_flow_definition')).toBe(before);
  });

  it('runs parallel branches and conditions over the form, with Camunda attributes', async () => {
    const [trip] = await upload(file('trip.bpmn', PARALLEL));
    expect(trip).toMatchObject({ key: 'Trip', version: 1, tenantId: '', suspensionState: 1, category: 'flow_1', categoryName: '请假流程' });
    // A common process: on every tenant's start list; started through the leave form (its category).
    const started = await cast.alice.flow.leave.startProcess({ processDefinitionId: trip.id, ...LEAVE_FORM, taskUser: cast.bobId });
    const instanceId = started.processInstanceId;
    const lead = await todoOf(cast.bob, instanceId);
    const hr = await claimOf(cast.hugo, instanceId);
    expect([lead?.taskName, hr?.taskName]).toEqual(['领导审批', '人事备案']);
    await cast.bob.flow.work.completeTask({ taskId: lead!.taskId, flag: 'ok' });
    // One branch done: the join waits for the other.
    expect((await cast.bob.flow.process.diagram({ processInstanceId: instanceId })).activeActivityIds).toEqual(['hr']);
    await cast.hugo.flow.work.claimTask({ taskId: hr!.taskId });
    await cast.hugo.flow.work.completeTask({ taskId: hr!.taskId, flag: 'ok' });
    // 2.5 days: not long, so the instance ends.
    expect(await cast.alice.flow.leave.detail({ businessId: started.id })).toMatchObject({ flow: { processIsFinished: 'finished' } });

    const long = await cast.alice.flow.leave.startProcess({ processDefinitionId: trip.id, ...LEAVE_FORM, days: 5, taskUser: cast.bobId });
    await cast.bob.flow.work.completeTask({ taskId: (await todoOf(cast.bob, long.processInstanceId))!.taskId, flag: 'ok' });
    const hr2 = await claimOf(cast.hana, long.processInstanceId);
    await cast.hana.flow.work.claimTask({ taskId: hr2!.taskId });
    await cast.hana.flow.work.completeTask({ taskId: hr2!.taskId, flag: 'ok' });
    expect(await todoOf(cast.bob, long.processInstanceId)).toMatchObject({ taskName: '长假复核' });
  });
});

describe('telling people', () => {
  it('sends an SMS to the people of a task whose model asks for it, through the tenant SMS service', async () => {
    const phone = '13800138000';
    await suite.server.ctx.db.updateTable('blade_user').set({ phone }).where('id', '=', cast.bobId).execute();
    const told = PARALLEL.replace(/Trip/g, 'Told').replace(
      '<userTask id="lead" name="领导审批" camunda:assignee="${taskUser}"/>',
      '<userTask id="lead" name="领导审批" camunda:assignee="${taskUser}"><extensionElements><camunda:properties><camunda:property name="sms" value="true"/></camunda:properties></extensionElements></userTask>',
    );
    const [definition] = await upload(file('told.bpmn', told));
    await cast.alice.flow.leave.startProcess({ processDefinitionId: definition.id, ...LEAVE_FORM, taskUser: cast.bobId });
    const sent = await suite.server.ctx.db.selectFrom('blade_sms_log').select(['phone', 'content']).where('phone', '=', phone).execute();
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0].content ?? '{}')).toEqual({ task: '领导审批' });
  });
});

describe('the API documentation', () => {
  it('describes every workflow call', async () => {
    const spec = (await (await fetch(`${suite.server.baseUrl}/doc.html/json`)).json()) as { paths: Record<string, unknown> };
    for (const path of [
      '/api/blade-flow/work/todo-list',
      '/api/blade-flow/manager/deploy-upload',
      '/api/blade-flow/process/diagram-view',
      '/api/blade-desk/process/leave/start-process',
    ]) {
      expect(Object.keys(spec.paths)).toContain(path);
    }
  });
});

describe('models', () => {
  it('saves what the engine can run, refuses the rest, and deploys versions that running instances do not follow', async () => {
    const before = await rowCount(suite.server, 'blade_flow_model');
    expect(await failure(suite.admin, suite.admin.flow.model.submit({ xml: '<definitions' }))).toMatchObject({ status: 400 });
    expect(await failure(suite.admin, suite.admin.flow.model.submit({ xml: process('<scriptTask id="x"/>') }))).toMatchObject({
      status: 400,
      msg: '流程中不允许脚本任务或脚本条件',
    });
    expect(await rowCount(suite.server, 'blade_flow_model')).toBe(before);

    const saved = await suite.admin.flow.model.submit({ xml: PARALLEL.replace(/Trip/g, 'Errand'), category: 'flow_1' });
    expect(saved).toMatchObject({ modelKey: 'Errand', name: '出差', version: 1 });
    const again = await suite.admin.flow.model.submit({ id: saved.id, xml: PARALLEL.replace(/Trip/g, 'Errand').replace('出差', '外出') });
    expect(again).toMatchObject({ id: saved.id, name: '外出', version: 2 });
    expect(await failure(suite.admin, suite.admin.flow.model.submit({ xml: PARALLEL.replace(/Trip/g, 'Errand') }))).toMatchObject({
      msg: '该模型标识已被使用',
    });
    expect((await suite.admin.flow.model.list({ modelKey: 'errand' })).records).toMatchObject([
      { id: saved.id, version: 2, created: expect.any(String), lastUpdated: expect.any(String) },
    ]);

    // The seeded leave model, deployed again for the default tenant: the next version; the instance
    // running on the version before keeps it, and only the newest is offered to start.
    const leaveModel = (await suite.admin.flow.model.list({ modelKey: 'Leave' })).records[0];
    expect((await suite.admin.flow.model.detail({ id: leaveModel.id })).xml).toBe(LEAVE_MODEL_XML);
    const v1 = (await cast.alice.flow.work.startList({})).records.find((r) => r.key === 'Leave')!;
    const running = await cast.alice.flow.leave.startProcess({ processDefinitionId: v1.id, ...LEAVE_FORM, taskUser: cast.bobId });
    const [v2] = await suite.admin.flow.model.deploy({ modelId: leaveModel.id, category: 'flow_1', tenantIds: '000000' });
    expect(v2).toMatchObject({ key: 'Leave', version: v1.version + 1, tenantId: '000000' });
    expect((await cast.alice.flow.work.startList({})).records.filter((r) => r.key === 'Leave').map((r) => r.id)).toEqual([v2.id]);
    const task = await todoOf(cast.bob, running.processInstanceId);
    expect(task).toMatchObject({ processDefinitionId: v1.id, processDefinitionVersion: v1.version });
    await cast.bob.flow.work.completeTask({ taskId: task!.taskId, flag: 'ok' });
    expect(await failure(suite.admin, suite.admin.flow.manager.deleteDeployment({ deploymentIds: v1.deploymentId }))).toMatchObject({
      status: 400,
      msg: '该部署已有流程实例，不能删除（可将其挂起）',
    });

    await suite.admin.flow.model.remove({ ids: saved.id });
    expect((await suite.admin.flow.model.list({ modelKey: 'Errand' })).records).toEqual([]);
  });

  it('lets a tenant deploy only for itself', async () => {
    const { createTenantWithAdmin } = await import('../../api-suite.testkit.js');
    const other = await createTenantWithAdmin(suite.server, '100301');
    await suite.server.ctx.db
      .insertInto('blade_role_menu')
      .values(
        (await suite.server.ctx.db.selectFrom('blade_menu').select('id').where('code', 'like', 'flow%').execute()).map((m) => ({
          id: suite.server.ctx.ids.next(),
          roleId: other.roleId,
          menuId: m.id,
        })),
      )
      .execute();
    suite.server.ctx.permissions.clear();
    expect(
      await failure(
        other.sdk,
        other.sdk.flow.manager.deployUpload({ category: 'flow_1', tenantIds: '000000', files: file('t.bpmn', PARALLEL) }),
      ),
    ).toMatchObject({ status: 403 });
    const [own] = await other.sdk.flow.manager.deployUpload({
      category: 'flow_1',
      files: file('t.bpmn', PARALLEL.replace(/Trip/g, 'Own')),
    });
    expect(own.tenantId).toBe('100301');
    expect((await suite.admin.flow.manager.list({ mode: 2, key: 'Own' })).records.map((r) => r.tenantId)).toEqual(['100301']);
    expect((await cast.alice.flow.work.startList({ key: 'Own' })).records).toEqual([]);
    await other.sdk.flow.manager.deleteDeployment({ deploymentIds: own.deploymentId });
    expect((await other.sdk.flow.manager.list({ key: 'Own' })).records).toEqual([]);
  });
});
