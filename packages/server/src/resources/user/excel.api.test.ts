import { DEFAULT_TENANT_ID, INIT_PASSWORD_PENDING, userMessages as m, zh } from '@sso/shared-api';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { bad, createRole, failure, tableSnapshot, trackedClient, useTestServer } from '../../api-suite.testkit.js';
import { createDept, createPost, INITIAL, liveUserCount, STRONG, setQuota, storedUser } from './users.testkit.js';

/** export-user, export-template and import-user, read and written with exceljs as a person's Excel would. */
const suite = useTestServer();
let staff: string;
let dept: string;
let post: string;

const HEADER = [
  '登录账号',
  '用户昵称',
  '用户姓名',
  '用户编号',
  '用户平台',
  '所属角色',
  '所属部门',
  '所属岗位',
  '手机号码',
  '电子邮箱',
  '用户性别',
  '用户生日',
];

beforeAll(async () => {
  staff = await createRole(suite.server, { alias: 'xl_staff', name: '导入员工' });
  await createRole(suite.server, { alias: 'xl_guest', name: '访客' });
  dept = await createDept(suite.server, { name: '导入部' });
  await createDept(suite.server, { name: '子部门', parentId: dept });
  post = await createPost(suite.server, { name: '导入岗' });
});

const api = () => suite.admin.user.user;

async function sheetOf(bytes: Uint8Array): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes) as never);
  const rows: string[][] = [];
  workbook.worksheets[0].eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((v) => (v === undefined || v === null ? '' : String(v))));
  });
  return rows;
}

async function xlsx(rows: (string | number)[][], header = HEADER): Promise<{ filename: string; data: Uint8Array }> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('users');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return { filename: 'users.xlsx', data: new Uint8Array(await workbook.xlsx.writeBuffer()) };
}

const row = (account: string, extra: Partial<Record<'phone' | 'role' | 'dept' | 'sex', string>> = {}) => [
  account,
  `${account}昵称`,
  '导入者',
  'X-1',
  'web',
  extra.role ?? '导入员工',
  extra.dept ?? '导入部',
  '导入岗',
  extra.phone ?? '13600000000',
  `${account}@example.com`,
  extra.sex ?? '女',
  '1988-08-08',
];
const upload = (file: { filename: string; data: Uint8Array }, isCovered?: 0 | 1) => api().importUser({ file }, { isCovered });

describe('export', () => {
  it('gives an empty template with the column labels', async () => {
    const bytes = await api().exportTemplate();
    expect(await sheetOf(bytes)).toEqual([HEADER]);
  });

  it('exports the filtered users with the names of their roles, departments and posts', async () => {
    await api().submit({
      account: 'xl_export',
      name: '导出者',
      realName: '赵六',
      code: '007',
      roleId: staff,
      deptId: dept,
      postId: post,
      phone: '13811112222',
      email: 'export@example.com',
      sex: 1,
      birthday: '1991-02-03',
      userType: 2,
    });
    const rows = await sheetOf(await api().exportUser({ account: 'xl_export' }));
    expect(rows).toEqual([
      HEADER,
      [
        'xl_export',
        '导出者',
        '赵六',
        '007',
        'app',
        '导入员工',
        '导入部',
        '导入岗',
        '13811112222',
        'export@example.com',
        '男',
        '1991-02-03',
      ],
    ]);
    const byDept = await sheetOf(await api().exportUser({ deptId: dept }));
    expect(byDept.slice(1).map((r) => r[0])).toEqual(['xl_export']);
  });
});

describe('import', () => {
  it('adds every row with the initial password, to be changed at first sign-in', async () => {
    const result = await upload(await xlsx([row('xl_new1'), row('xl_new2', { role: '导入员工,访客', dept: '子部门', sex: '' })]));
    expect(result).toEqual({ inserted: 2, updated: 0 });
    const first = await storedUser(suite.server, 'xl_new1');
    expect(first).toMatchObject({
      roleId: staff,
      deptId: dept,
      postId: post,
      phone: '13600000000',
      sex: 2,
      userType: 1,
      mustChangePassword: 1,
    });
    expect((await storedUser(suite.server, 'xl_new2')).roleId?.split(',')).toHaveLength(2);
    const token = await suite.server.client().login({ username: 'xl_new1', password: INITIAL });
    expect(token.is_init_password).toBe(INIT_PASSWORD_PENDING);
  });

  const refusals: [string, (string | number)[][], string][] = [
    ['a bad phone on row 3', [row('xl_a'), row('xl_b', { phone: '136' })], `第3行: ${m.phoneLength}`],
    ['an unknown role on row 2', [row('xl_a', { role: '不存在的角色' }), row('xl_b')], `第2行: ${m.roleMissing}: 不存在的角色`],
    ['an account twice', [row('xl_a'), row('xl_a')], `第3行: ${m.importDuplicate}`],
    ['an account that exists', [row('xl_a'), row('admin')], `第3行: ${m.accountTaken}`],
    ['an unknown sex', [row('xl_a', { sex: '其他' })], `第2行: ${m.sexName}`],
    ['a row without a role', [row('xl_a', { role: '' })], `第2行: ${m.roleId}`],
  ];
  it.each(refusals)('refuses a file with %s, naming the row and writing nothing', async (_label, rows, message) => {
    const before = await tableSnapshot(suite.server, 'blade_user');
    expect(await failure(suite.admin, upload(await xlsx(rows)))).toEqual(bad(message));
    expect(await tableSnapshot(suite.server, 'blade_user')).toEqual(before);
  });

  it('names the row in English on request', async () => {
    const english = trackedClient(suite.server, { language: 'en' });
    await english.login({ username: 'admin', password: 'admin' });
    const file = await xlsx([row('xl_en1'), row('xl_en2', { phone: '1' })]);
    expect(await failure(english, english.user.user.importUser({ file }))).toEqual(bad('Row 3: The phone number must have 11 digits'));
  });

  it('covers existing accounts when isCovered=1, keeping their passwords', async () => {
    await api().submit({
      account: 'xl_cover',
      name: '旧',
      realName: '旧',
      roleId: staff,
      deptId: dept,
      password: STRONG,
      password2: STRONG,
    });
    const hash = (await storedUser(suite.server, 'xl_cover')).password;
    const result = await upload(await xlsx([row('xl_cover', { phone: '13900001111' }), row('xl_cover_new')]), 1);
    expect(result).toEqual({ inserted: 1, updated: 1 });
    expect(await storedUser(suite.server, 'xl_cover')).toMatchObject({
      name: 'xl_cover昵称',
      phone: '13900001111',
      password: hash,
      mustChangePassword: 0,
    });
    // Each account written is a security event of the import.
    const events = await suite.server.ctx.db
      .selectFrom('blade_log_usual')
      .select(['logId', 'logData'])
      .where('logLevel', '=', 'security')
      .where('requestUri', 'like', '%import-user%')
      .execute();
    const named = (account: string) => events.filter((e) => e.logData?.includes(`"name":"${account}"`)).map((e) => e.logId);
    expect([named('xl_cover'), named('xl_cover_new')]).toEqual([['user.update'], ['user.create']]);
  });

  it('round-trips an export through import', async () => {
    const exported = await api().exportUser({ account: 'xl_export' });
    expect(await upload({ filename: 'export.xlsx', data: exported }, 1)).toEqual({ inserted: 0, updated: 1 });
    expect((await storedUser(suite.server, 'xl_export')).birthday?.getFullYear()).toBe(1991);
  });

  it("keeps within the tenant's quota", async () => {
    await setQuota(suite.server, DEFAULT_TENANT_ID, (await liveUserCount(suite.server)) + 1);
    try {
      const before = await tableSnapshot(suite.server, 'blade_user');
      expect(await failure(suite.admin, upload(await xlsx([row('xl_q1'), row('xl_q2')])))).toEqual(bad('租户账号额度已用完，无法新增用户'));
      expect(await tableSnapshot(suite.server, 'blade_user')).toEqual(before);
    } finally {
      await setQuota(suite.server, DEFAULT_TENANT_ID, -1);
    }
  });

  it('refuses what is not an xlsx of users', async () => {
    const text = { filename: 'users.xlsx', data: new TextEncoder().encode('account,name') };
    expect(await failure(suite.admin, upload(text))).toEqual(bad(m.importUnreadable));
    expect(await failure(suite.admin, upload(await xlsx([])))).toEqual(bad(m.importEmpty));
    expect(await failure(suite.admin, upload(await xlsx([['a', 'b']], ['账号', '昵称'])))).toEqual(bad(`${m.importColumn}: 登录账号`));
    expect(await failure(suite.admin, api().importUser({} as never))).toEqual(bad(m.importFile));
    const json = suite.admin.call('POST', '/api/blade-user/import-user', undefined, { file: 'x' });
    expect(await failure(suite.admin, json)).toEqual(bad('请以 multipart/form-data 上传文件'));
    expect(zh('badType')).toBeTruthy();
  });
});
