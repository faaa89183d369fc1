import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '@sso/server/testing';
import { md5 } from '@sso/shared-api';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHome } from './cli-home.testkit.js';

let server: TestServer;
let home: Awaited<ReturnType<typeof adminHome>>;
let roleId: string;
let otherRole: string;

/** Users inserted straight into the table (the CLI is under test, not user creation). */
async function addUsers(prefix: string, count: number): Promise<string[]> {
  const password = await server.ctx.passwords.hashDigest(md5('Test@12345'));
  const rows = Array.from({ length: count }, (_, i) => ({
    id: server.ctx.ids.next(),
    tenantId: '000000',
    account: `${prefix}${i}`,
    password,
    name: `${prefix}${i}`,
    realName: 'cli',
    roleId,
    status: 1,
  }));
  await server.ctx.db.insertInto('blade_user').values(rows).execute();
  return rows.map((r) => r.id);
}

async function roleIdOf(alias: string): Promise<string> {
  const row = await server.ctx.db.selectFrom('blade_role').select('id').where('roleAlias', '=', alias).executeTakeFirstOrThrow();
  return row.id;
}

const failedSignIns = async (account: string) => {
  for (let i = 0; i < 2; i++)
    await server
      .client()
      .login({ username: account, password: 'Wrong@0000' })
      .catch(() => undefined);
};
const failureRows = (account: string) =>
  server.ctx.db.selectFrom('sso_account_failure').select('ip').where('account', '=', account.toLowerCase()).execute();

beforeAll(async () => {
  server = await startTestServer();
  home = await adminHome(server);
  roleId = await roleIdOf('administrator');
  const admin = await server.admin();
  otherRole = (await admin.system.role.submit({ roleName: 'CLI 角色', roleAlias: 'cli_role', sort: 1, parentId: '0' } as never)).id;
});
afterAll(async () => {
  home?.cleanup();
  await server?.close();
});

describe('sso user unlock', () => {
  it('clears failed sign-ins of accounts from arguments and --file -, in chunks, reporting unknown accounts', async () => {
    await addUsers('lock', 3);
    for (const a of ['lock0', 'lock1', 'lock2']) await failedSignIns(a);
    expect(await failureRows('lock1')).not.toEqual([]);

    const dry = await home.sso(['user', 'unlock', 'lock0', '--dry-run']);
    expect(dry.code).toBe(0);
    expect(await failureRows('lock0')).not.toEqual([]);

    const result = await home.sso(['user', 'unlock', 'lock0', '--file', '-'], { stdin: '# locked\nlock1\n\nlock2\nnobody\n' });
    expect(result.code).toBe(1);
    expect(result.err).toContain('user unlock: 3 成功 (ok), 1 失败 (failed)');
    expect(result.err).toContain('line 5: nobody: 账号不存在');
    for (const a of ['lock0', 'lock1', 'lock2']) expect(await failureRows(a)).toEqual([]);
  });

  it('unlocks more than one chunk (by ids with --ids) and reports a bad id with its line', async () => {
    const ids = await addUsers('many', 450);
    const file = join(home.dir, 'ids.txt');
    writeFileSync(file, [...ids, '999999999'].join('\n'));
    const result = await home.sso(['user', 'unlock', '--ids', '--file', file]);
    expect(result.err).toContain('450 成功 (ok), 1 失败 (failed)');
    expect(result.err).toContain('line 451: 999999999');
    expect(result.code).toBe(1);
  });
});

describe('sso user reset-password and grant', () => {
  it('resets passwords and sets roles', async () => {
    await addUsers('grantee', 2);
    const grant = await home.sso(['user', 'grant', 'grantee0', 'grantee1', '--roles', otherRole]);
    expect(grant.code).toBe(0);
    const rows = await server.ctx.db.selectFrom('blade_user').select(['account', 'roleId']).where('account', 'like', 'grantee%').execute();
    expect(rows.map((r) => r.roleId)).toEqual([otherRole, otherRole]);
    expect((await home.sso(['user', 'grant', 'grantee0'])).code).toBe(2);
    expect((await home.sso(['user', 'grant', 'grantee1', '--roles', 'administrator'])).code).toBe(0);
    const byAlias = await server.ctx.db
      .selectFrom('blade_user')
      .select('roleId')
      .where('account', '=', 'grantee1')
      .executeTakeFirstOrThrow();
    expect(byAlias.roleId).toBe(roleId);
    expect((await home.sso(['user', 'grant', 'grantee1', '--roles', 'no_such_alias'])).code).toBe(2);

    const password = () =>
      server.ctx.db.selectFrom('blade_user').select('password').where('account', '=', 'grantee0').executeTakeFirstOrThrow();
    const before = await password();
    const reset = await home.sso(['user', 'reset-password', 'grantee0']);
    expect(reset.code).toBe(0);
    expect(await password()).not.toEqual(before);
  });

  it('needs accounts (usage error) and a readable file', async () => {
    expect((await home.sso(['user', 'unlock'])).code).toBe(2);
    const missing = await home.sso(['user', 'unlock', '--file', join(home.dir, 'missing.txt')]);
    expect(missing).toMatchObject({ code: 1, err: expect.stringContaining('ENOENT') });
  });

  it('shows progress on a terminal only', async () => {
    await addUsers('progress', 1);
    const tty = await home.sso(['user', 'unlock', 'progress0'], { tty: true });
    expect(tty.err).toContain('\ruser unlock [##############################] 1/1\n');
    const piped = await home.sso(['user', 'unlock', 'progress0']);
    expect(piped.err).not.toContain('#');
  });
});

describe('sso user import and export', () => {
  it('imports a csv with the template columns and exports xlsx', async () => {
    const csv = join(home.dir, 'users.csv');
    const dept = await server.ctx.db.selectFrom('blade_dept').select('deptName').where('isDeleted', '=', 0).executeTakeFirstOrThrow();
    writeFileSync(csv, `登录账号,用户昵称,用户姓名,所属角色,所属部门\nimported1,导入一,导入一,CLI 角色,${dept.deptName}\n`);
    expect((await home.sso(['user', 'import', csv, '--dry-run'])).code).toBe(0);
    const result = await home.sso(['user', 'import', csv]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.out)).toEqual({ inserted: 1, updated: 0 });
    const row = await server.ctx.db.selectFrom('blade_user').select('roleId').where('account', '=', 'imported1').executeTakeFirstOrThrow();
    expect(row.roleId).toBe(otherRole);
    writeFileSync(csv, '登录账号,用户昵称\nimported2,x\n');
    const bad = await home.sso(['user', 'import', csv]);
    expect(bad).toMatchObject({ code: 1, err: expect.stringContaining('导入文件缺少列') });
    const exported = await home.sso(['user', 'export', '--account', 'lock0']);
    expect(exported.code).toBe(0);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(exported.bytes) as unknown as ArrayBuffer);
    const values = workbook.worksheets[0].getRow(2).values as unknown[];
    expect(values).toContain('lock0');
  });
});
