import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '@sso/server/testing';
import { userMessages as m, md5 } from '@sso/shared-api';
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
    const reset = await home.sso(['user', 'reset-password', 'grantee0', '--yes']);
    expect(reset.code).toBe(0);
    expect(await password()).not.toEqual(before);
  });

  it('asks before resetting passwords, as delete does: y/N on a terminal, --yes required without one', async () => {
    await addUsers('resetask', 1);
    const password = () =>
      server.ctx.db.selectFrom('blade_user').select('password').where('account', '=', 'resetask0').executeTakeFirstOrThrow();
    const before = await password();
    const piped = await home.sso(['user', 'reset-password', 'resetask0']);
    expect(piped).toMatchObject({ code: 2, err: expect.stringContaining('--yes') });
    const declined = await home.sso(['user', 'reset-password', 'resetask0'], { tty: true, answer: 'n' });
    expect(declined).toMatchObject({ code: 1, err: expect.stringContaining('cancelled') });
    expect((await home.sso(['user', 'reset-password', 'resetask0', '--dry-run'])).code).toBe(0);
    expect(await password()).toEqual(before);
    const accepted = await home.sso(['user', 'reset-password', 'resetask0'], { tty: true, answer: 'y' });
    expect(accepted.code).toBe(0);
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

describe('sso user import --dry-run', () => {
  const header = '登录账号,用户昵称,用户姓名,所属角色,所属部门,手机号码';
  const snapshot = () => server.ctx.db.selectFrom('blade_user').select(['id', 'account', 'phone', 'updateTime']).orderBy('id').execute();
  let deptName: string;
  beforeAll(async () => {
    const dept = await server.ctx.db.selectFrom('blade_dept').select('deptName').where('isDeleted', '=', 0).executeTakeFirstOrThrow();
    deptName = dept.deptName as string;
  });

  it('has the server refuse every row the import would refuse, each with its line and reason, and writes nothing', async () => {
    const csv = join(home.dir, 'dry-bad.csv');
    const lines = [
      header,
      `dry_ok1,一,一,CLI 角色,${deptName},`,
      'dry_dept,二,二,CLI 角色,没有这个部门,',
      '',
      `dry_phone,四,四,CLI 角色,${deptName},136`,
      `admin,五,五,CLI 角色,${deptName},`,
    ];
    writeFileSync(csv, `${lines.join('\n')}\n`);
    const before = await snapshot();
    const dry = await home.sso(['user', 'import', csv, '--dry-run']);
    expect(dry.code).toBe(1);
    expect(dry.err).toContain('user import (dry run): 1 新增 (would insert), 0 更新 (would update), 3 失败 (refused)');
    // The same messages the import gives when it refuses the file at that row; line 4 is blank.
    expect(dry.err).toContain(`  第3行: ${m.deptMissing}: 没有这个部门\n`);
    expect(dry.err).toContain(`  第5行: ${m.phoneLength}\n`);
    expect(dry.err).toContain(`  第6行: ${m.accountTaken}\n`);
    expect(JSON.parse(dry.out).failures.map((f: { row: number }) => f.row)).toEqual([3, 5, 6]);
    expect(await snapshot()).toEqual(before);

    const real = await home.sso(['user', 'import', csv]);
    expect(real).toMatchObject({ code: 1, err: `错误: 第3行: ${m.deptMissing}: 没有这个部门\n` });
    expect(await snapshot()).toEqual(before);
  });

  it('names the refused rows in English under --lang en', async () => {
    const csv = join(home.dir, 'dry-en.csv');
    writeFileSync(csv, `${header}\ndry_en,一,一,CLI 角色,${deptName},1\n`);
    const dry = await home.sso(['--lang', 'en', 'user', 'import', csv, '--dry-run']);
    expect(dry.code).toBe(1);
    expect(dry.err).toContain('  Row 2: The phone number must have 11 digits\n');
    expect(dry.err).toMatch(/Error: 1 .*rows refused/);
  });

  it('passes a good file, counting what would be inserted and updated, without writing or logging it', async () => {
    await addUsers('drycover', 1);
    const csv = join(home.dir, 'dry-good.csv');
    writeFileSync(csv, `${header}\ndry_new,一,一,CLI 角色,${deptName},\ndrycover0,二,二,CLI 角色,${deptName},13900001111\n`);
    const before = await snapshot();
    const events = () =>
      server.ctx.db
        .selectFrom('blade_log_usual')
        .select('id')
        .where('requestUri', 'like', '%import-user%')
        .where('logLevel', '=', 'security')
        .execute();
    const eventsBefore = await events();
    const dry = await home.sso(['user', 'import', csv, '--cover', '--dry-run']);
    expect(dry.code).toBe(0);
    expect(JSON.parse(dry.out)).toEqual({ inserted: 1, updated: 1, failures: [] });
    expect(await snapshot()).toEqual(before);
    expect(await events()).toEqual(eventsBefore);
    const withoutCover = await home.sso(['user', 'import', csv, '--dry-run']);
    expect(withoutCover).toMatchObject({ code: 1, err: expect.stringContaining(`  第3行: ${m.accountTaken}\n`) });
  });

  it('runs the whole import in a transaction that is rolled back, so the tenant quota refuses a dry run as it would the import', async () => {
    const csv = join(home.dir, 'dry-quota.csv');
    writeFileSync(csv, `${header}\ndry_quota,一,一,CLI 角色,${deptName},\n`);
    const live = await server.ctx.db
      .selectFrom('blade_user')
      .select('id')
      .where('tenantId', '=', '000000')
      .where('isDeleted', '=', 0)
      .execute();
    const quota = (accountNumber: number) =>
      server.ctx.db.updateTable('blade_tenant').set({ accountNumber }).where('tenantId', '=', '000000').execute();
    await quota(live.length);
    try {
      const before = await snapshot();
      const dry = await home.sso(['user', 'import', csv, '--dry-run']);
      expect(dry).toMatchObject({ code: 1, err: '错误: 租户账号额度已用完，无法新增用户\n' });
      expect(await snapshot()).toEqual(before);
    } finally {
      await quota(-1);
    }
  });
});
