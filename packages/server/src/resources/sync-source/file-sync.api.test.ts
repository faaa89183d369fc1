import { syncMessages as m } from '@sso/shared-api';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { failure, tableSnapshot, useTestServer } from '../../api-suite.testkit.js';
import { counts, syncKit } from './sync.testkit.js';

/**
 * The HR file source: a CSV or xlsx with the user import's columns plus department and post
 * paths. Every broken row is named with its number and reason, and a file with any broken row
 * applies nothing at all; a good file builds the department tree from the paths, and a person
 * missing from the next file (or marked 离职) is disabled.
 */
const suite = useTestServer();
const { api, db, save, deptNamed, userOf } = syncKit(suite);
let sourceId: string;
const HEADER = '登录账号,用户姓名,用户编号,部门路径,岗位路径,手机号码,电子邮箱,状态';
const GOOD = [
  'hr01,张三,H001,集团/财务部/应付组,财务类/会计,13700000001,hr01@example.com,在职',
  'hr02,李四,H002,集团/财务部,,13700000002,hr02@example.com,',
  'hr03,"王, 五",H003,集团/销售部/华北区,,13700000003,,在职',
];
const csv = (...lines: string[]) => new TextEncoder().encode(`\uFEFF${[HEADER, ...lines].join('\r\n')}\r\n`);
const upload = (data: Uint8Array, filename = 'staff.csv') => api().upload({ file: { filename, data } }, { id: sourceId });

let accountant: string;
beforeAll(async () => {
  accountant = String((await suite.admin.system.post.submit({ category: '3', postCode: 'ACC', postName: '会计', sort: 1 } as never)).id);
  sourceId = await save({ name: 'HR system export', kind: 'file' });
});

describe('HR file source', () => {
  it('refuses a run before any file was uploaded, and a file that is not CSV or xlsx', async () => {
    expect(await failure(suite.admin, api().dryRun(undefined, { id: sourceId }))).toMatchObject({ status: 400, msg: m.fileMissing });
    const binary = new Uint8Array([0xff, 0xfe, 0x00, 0x41]);
    expect(await failure(suite.admin, upload(binary))).toMatchObject({ status: 400, msg: m.fileUnreadable });
    const noCode = new TextEncoder().encode('登录账号,用户姓名,部门路径\nhr01,张三,集团\n');
    expect(await failure(suite.admin, upload(noCode))).toMatchObject({ status: 400, msg: `${m.fileColumn}: 用户编号` });
  });

  it('names every broken row and applies nothing of a file holding one', async () => {
    const broken = csv(
      ...GOOD,
      ',赵六,H004,集团/财务部,,,,',
      'hr05,钱七,,集团/财务部,,,,',
      'hr06,孙八,H006,集团//财务部,,,,',
      'hr07,周九,H001,集团/财务部,,,,',
      'hr08,吴十,H008,集团/财务部,,,not-an-email,',
      'hr09,郑十一,H009,集团/财务部,,,,休假',
      'hr10,冯十二,H010,集团/财务部,财务类/出纳,,,',
    );
    const answer = await upload(broken);
    expect(answer.rows).toBe(10);
    expect(answer.failures).toEqual([
      { row: 5, message: `第5行: ${m.rowAccount}` },
      { row: 6, message: `第6行: ${m.rowCode}` },
      { row: 7, message: `第7行: ${m.rowDeptPath}` },
      { row: 8, message: `第8行: ${m.rowDuplicateCode}` },
      { row: 9, message: `第9行: ${m.rowEmail}` },
      { row: 10, message: `第10行: ${m.rowStatus}` },
      { row: 11, message: `第11行: ${m.rowPost}: 财务类/出纳` },
    ]);
    const plan = await api().dryRun(undefined, { id: sourceId });
    expect(plan.errors).toBe(7);
    expect(plan.rows.filter((r) => r.action === 'error').map((r) => r.message)).toContain(`第7行: ${m.rowDeptPath}`);

    const users = await tableSnapshot(suite.server, 'blade_user');
    const depts = await tableSnapshot(suite.server, 'blade_dept');
    const refused = await failure(suite.admin, api().apply(undefined, { id: sourceId }));
    expect(refused).toMatchObject({ status: 400, msg: `${m.fileHasErrors}: 第5行: ${m.rowAccount}` });
    expect(await tableSnapshot(suite.server, 'blade_user')).toEqual(users);
    expect(await tableSnapshot(suite.server, 'blade_dept')).toEqual(depts);
    const failed = await db()
      .selectFrom('blade_sync_run')
      .select(['outcome', 'errors', 'errorRows'])
      .where('sourceId', '=', sourceId)
      .where('dryRun', '=', 0)
      .executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ outcome: 'failed', errors: 7 });
    expect(JSON.parse(failed.errorRows ?? '[]')).toHaveLength(7);
  });

  it('applies a good file whole: the department tree from the paths, then leavers disabled', async () => {
    expect((await upload(csv(...GOOD))).failures).toEqual([]);
    const answer = await api().apply(undefined, { id: sourceId });
    // 集团, 财务部, 应付组, 销售部, 华北区 and three people.
    expect(counts(answer)).toEqual([8, 0, 0, 0, 0]);
    const [group, finance, payables] = await Promise.all(['集团', '财务部', '应付组'].map(deptNamed));
    expect(payables).toMatchObject({ parentId: finance.id, ancestors: `0,${group.id},${finance.id}` });
    // The post path names the post 会计; a row naming no post leaves the user's posts alone.
    expect(await userOf('hr01')).toMatchObject({ code: 'H001', deptId: payables.id, status: 1, postId: accountant });
    expect((await userOf('hr02'))?.postId).toBeNull();
    expect(await userOf('hr03')).toMatchObject({ realName: '王, 五', deptId: (await deptNamed('华北区')).id });

    const next = csv(
      GOOD[0] as string,
      'hr02,李四,H002,集团/销售部,,13700000002,hr02@example.com,在职',
      `${(GOOD[2] as string).replace(/在职$/, '离职')}`,
    );
    await upload(next);
    const moved = await api().apply(undefined, { id: sourceId });
    expect(counts(moved)).toEqual([0, 0, 1, 1, 0]);
    expect(await userOf('hr02')).toMatchObject({ deptId: (await deptNamed('销售部')).id, status: 1 });
    expect((await userOf('hr03'))?.status).toBe(0);
  });

  it('reads an xlsx with the same columns', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('人事数据');
    sheet.addRow(['Account', 'Real name', 'Employee number', 'Department path']);
    sheet.addRow(['hr01', '张三', 'H001', '集团/财务部/应付组']);
    sheet.addRow(['hr04', '赵六', 'H004', '集团/财务部']);
    sheet.addRow(['hr05', '', 'H005', '']);
    const data = new Uint8Array(await workbook.xlsx.writeBuffer());
    const answer = await upload(data, 'staff.xlsx');
    expect(answer).toEqual({ rows: 3, failures: [{ row: 4, message: `第4行: ${m.rowDeptPath}` }] });
  });

  it('takes a file only for an HR file source', async () => {
    const ldap = await save({ name: 'Not a file', kind: 'dingtalk', appKey: 'k', secret: 's' });
    const refused = await failure(suite.admin, api().upload({ file: { filename: 'a.csv', data: csv(...GOOD) } }, { id: ldap }));
    expect(refused).toMatchObject({ status: 400, msg: m.fileKind });
  });
});

describe('several sources feeding one person', () => {
  const person = (account: string) =>
    db()
      .selectFrom('blade_user')
      .select(['realName', 'phone', 'email', 'deptId'])
      .where('account', '=', account)
      .where('isDeleted', '=', 0)
      .executeTakeFirstOrThrow();
  const sourceNamed = (name: string, mapping: object) => save({ name, kind: 'file', mapping: JSON.stringify(mapping) });
  const send = (id: string, ...lines: string[]) => api().upload({ file: { filename: 'staff.csv', data: csv(...lines) } }, { id });

  it('lets the source of higher priority win each field, per field where the mapping says so', async () => {
    const unknownField = await failure(
      suite.admin,
      api().submit({ name: 'Odd', kind: 'file', mapping: JSON.stringify({ fieldPriority: { colour: 1 } }) } as never),
    );
    expect(unknownField).toMatchObject({ status: 400, msg: m.mapping });
    expect(await failure(suite.admin, api().submit({ name: 'Odd', kind: 'file', mapping: '{"priority":-1}' } as never))).toMatchObject({
      status: 400,
      msg: m.mapping,
    });

    // The HR system is first for everything but the email, which the contact list holds.
    const hr = await sourceNamed('HR master', { priority: 10, fieldPriority: { email: 0 } });
    const contacts = await sourceNamed('Contact list', { priority: 5 });
    const hrRow = 'pr01,周一,P001,总公司/人事部,,13600000001,pr01@hr.example.com,在职';
    await send(hr, hrRow);
    await api().apply(undefined, { id: hr });
    await send(contacts, 'pr01,周一一,P001,通讯录/人事,,13600009999,zhou@mail.example.com,在职');

    // The same person by employee number: only the email is the contact list's to change.
    const plan = await api().dryRun(undefined, { id: contacts });
    expect(counts(plan)).toEqual([2, 1, 0, 0, 0]);
    expect(plan.rows.find((r) => r.kind === 'user')).toMatchObject({
      action: 'update',
      label: 'pr01',
      changes: { email: ['pr01@hr.example.com', 'zhou@mail.example.com'] },
    });
    await api().apply(undefined, { id: contacts, runId: plan.runId });
    const hrDept = (await deptNamed('人事部')).id;
    expect(await person('pr01')).toEqual({ realName: '周一', phone: '13600000001', email: 'zhou@mail.example.com', deptId: hrDept });

    // The HR system's next run leaves the email it is outranked for, and changes nothing else.
    expect(counts(await api().apply(undefined, { id: hr }))).toEqual([0, 0, 0, 0, 0]);
    await send(hr, hrRow.replace('13600000001', '13600000002'));
    expect(counts(await api().apply(undefined, { id: hr }))).toEqual([0, 1, 0, 0, 0]);
    expect(await person('pr01')).toMatchObject({ phone: '13600000002', email: 'zhou@mail.example.com' });

    // A disabled source outranks nobody: the HR system writes the email again.
    await api().submit({ id: contacts, status: 2 } as never);
    const alone = await api().apply(undefined, { id: hr });
    expect(alone.rows).toEqual([
      expect.objectContaining({ label: 'pr01', changes: { email: ['zhou@mail.example.com', 'pr01@hr.example.com'] } }),
    ]);
  });

  it('leaves the post to the source of higher priority for it', async () => {
    const seller = String(
      (await suite.admin.system.post.submit({ category: '3', postCode: 'SELL', postName: '销售员', sort: 3 } as never)).id,
    );
    const payroll = await sourceNamed('Payroll', { fieldPriority: { post: 20 } });
    const badges = await sourceNamed('Badge list', { priority: 1 });
    await send(payroll, 'pp01,吴二,P002,总公司/人事部,财务类/会计,13600000021,pp01@hr.example.com,在职');
    await api().apply(undefined, { id: payroll });
    await send(badges, 'pp01,吴二,P002,总公司/人事部,销售类/销售员,13600000021,pp01@hr.example.com,在职');

    // The badge list names another post; the payroll outranks it for the post (the badge list wins
    // the rest, here the department of its own tree).
    const plan = await api().dryRun(undefined, { id: badges });
    expect(plan.rows.filter((r) => r.kind === 'user').map((r) => Object.keys(r.changes))).toEqual([['dept']]);
    await api().apply(undefined, { id: badges });
    const postOf = async () =>
      (
        await db()
          .selectFrom('blade_user')
          .select('postId')
          .where('account', '=', 'pp01')
          .where('isDeleted', '=', 0)
          .executeTakeFirstOrThrow()
      ).postId;
    expect(await postOf()).toBe(accountant);

    // With the payroll disabled the badge list places the person in its post.
    await api().submit({ id: payroll, status: 2 } as never);
    const moved = await api().apply(undefined, { id: badges });
    expect(moved.rows).toEqual([expect.objectContaining({ label: 'pp01', changes: { post: ['会计', '销售员'] } })]);
    expect(counts(await api().apply(undefined, { id: badges }))).toEqual([0, 0, 0, 0, 0]);
    expect(await postOf()).toBe(seller);
  });
});
