import { appAuthzMessages as m, resourceClient, sodConflict, userAuthorizedRole } from '@sso/shared-api';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { bad, createRole, createUser, failure, rowCount, tableSnapshot, useTestServer } from '../../api-suite.testkit.js';
import { appAuthzKit } from './app-authz.testkit.js';

/** Granting application roles: the contract's body, the grant log, and separation-of-duties refusals that change nothing but the log. */
const suite = useTestServer();
const kit = appAuthzKit(suite);
type Row = Record<string, unknown>;

async function staff(account: string) {
  const roleId = await createRole(suite.server, { alias: `${account}_r` });
  return createUser(suite.server, { account, roleId });
}

describe('userauthorizedrole', () => {
  it('grants a role from the contract body, lists it with names and logs who granted what to whom', async () => {
    const app = await kit.app();
    const roleId = await kit.role(app.id, 'clerk');
    const userId = await staff('grant_a');
    const row = await kit.grant(userId, roleId, { appId: app.id, reason: '入职' });
    expect(row).toMatchObject({ userId, appId: app.id, appRoleId: roleId, source: 'admin', account: 'grant_a', roleName: '角色clerk' });
    const page = (await kit.call('GET', 'blade-aps/userauthorizedrole/page', { userId })) as { records: Row[] };
    expect(page.records).toHaveLength(1);
    const log = (await kit.call('GET', 'blade-aps/userauthorizedlog/list', { userId })) as { records: Row[] };
    expect(log.records[0]).toMatchObject({
      action: 'grant',
      kind: 'role',
      account: 'grant_a',
      operatorAccount: 'admin',
      reason: '入职',
      source: 'admin',
    });
  });

  it('refuses a grant that breaks a rule with a 400 naming both roles, logs the refusal and grants nothing', async () => {
    const app = await kit.app({ appName: '财务' });
    const maker = await kit.role(app.id, 'maker');
    const checker = await kit.role(app.id, 'checker');
    const rule = await kit.rule('制单与审核分离', [maker, checker]);
    const userId = await staff('grant_b');
    await kit.grant(userId, maker);
    const before = await tableSnapshot(suite.server, 'blade_user_authorized_role');
    const refusal = await failure(suite.admin, kit.grant(userId, checker));
    expect(refusal).toEqual(bad(sodConflict('制单与审核分离', '财务/角色checker', '财务/角色maker')));
    expect(await tableSnapshot(suite.server, 'blade_user_authorized_role')).toEqual(before);
    const log = (await kit.call('GET', 'blade-abs/appincompatiblelog/list', { ruleId: String(rule.id) })) as { records: Row[] };
    expect(log.records[0]).toMatchObject({
      kind: 'refused',
      account: 'grant_b',
      ruleName: '制单与审核分离',
      roleNames: '财务/角色checker,财务/角色maker',
    });
  });

  it('refuses a missing user or role and a past expiry with 400', async () => {
    const app = await kit.app();
    const roleId = await kit.role(app.id, 'r1');
    const userId = await staff('grant_c');
    const count = await rowCount(suite.server, 'blade_user_authorized_role');
    expect(await failure(suite.admin, kit.grant('123', roleId))).toEqual(bad(m.userMissing));
    expect(await failure(suite.admin, kit.grant(userId, '123'))).toEqual(bad(m.roleMissing));
    expect(await failure(suite.admin, kit.grant(userId, roleId, { expireTime: '2001-01-01 00:00:00' }))).toEqual(bad(m.expireTime));
    expect(await failure(suite.admin, kit.grant(userId, roleId, { expireTime: '2001-02-30' }))).toEqual(bad(m.expireTime));
    expect(await rowCount(suite.server, 'blade_user_authorized_role')).toBe(count);
  });
});

describe('effective-access', () => {
  it('lists every application, role, menu and function a user holds and where each comes from', async () => {
    const app = await kit.app({ appName: '仓库' });
    const stock = await kit.menu(app.id, 'stock');
    const count = await kit.menu(app.id, 'count');
    const adjust = await kit.fn(app.id, stock, 'stock:adjust');
    const keeper = await kit.role(app.id, 'keeper', [stock], [adjust]);
    const userId = await staff('access_a');
    await kit.call('POST', 'blade-aps/appuser/submit', undefined, { appId: app.id, userId });
    await kit.grant(userId, keeper, { expireTime: '2099-12-31 18:00:00' });
    await kit.call('POST', 'blade-aps/userauthorizedmenu/submit', undefined, { userId, menuId: stock });
    await kit.call('POST', 'blade-aps/userauthorizedmenu/submit', undefined, { userId, menuId: count });
    const access = (await kit.call('GET', 'blade-aps/userauthorizedrole/effective-access', { account: 'access_a' })) as {
      user: Row;
      apps: Row[];
    };
    expect(access.user).toMatchObject({ id: userId, account: 'access_a', tenantId: '000000' });
    const mine = access.apps.find((a) => a.appId === app.id);
    expect(mine).toMatchObject({
      appName: '仓库',
      openedThrough: [{ kind: 'user', name: 'access_a' }],
      roles: [{ appRoleId: keeper, roleAlias: 'keeper', source: 'admin', expireTime: '2099-12-31 18:00:00' }],
      functions: [{ functionCode: 'stock:adjust', from: [{ kind: 'approle', roleName: '角色keeper' }] }],
    });
    expect(mine?.menus).toEqual([
      {
        id: count,
        code: 'count',
        name: '菜单count',
        category: 1,
        from: [{ kind: 'direct', roleName: '', source: 'direct', expireTime: '' }],
      },
      {
        id: stock,
        code: 'stock',
        name: '菜单stock',
        category: 1,
        from: [
          { kind: 'approle', roleName: '角色keeper', source: 'admin', expireTime: '2099-12-31 18:00:00' },
          { kind: 'direct', roleName: '', source: 'direct', expireTime: '' },
        ],
      },
    ]);
    expect(await failure(suite.admin, kit.call('GET', 'blade-aps/userauthorizedrole/effective-access', { account: 'no_such' }))).toEqual(
      bad(m.accountMissing),
    );
  });
});

async function sheet(rows: string[][]): Promise<{ filename: string; data: Uint8Array }> {
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet('grants');
  ws.addRow(['账号', '应用编码', '角色编码', '到期时间', '授权原因']);
  for (const row of rows) ws.addRow(row);
  return { filename: 'grants.xlsx', data: new Uint8Array(await workbook.xlsx.writeBuffer()) };
}

describe('import-grant', () => {
  it('refuses a file with a bad row by its number, then grants each row through the checked path', async () => {
    const app = await kit.app({ appName: '报销' });
    const submitter = await kit.role(app.id, 'submitter');
    const approver = await kit.role(app.id, 'approver');
    await kit.rule('报销分离', [submitter, approver]);
    const [a, b] = [await staff('import_a'), await staff('import_b')];
    await kit.grant(b, approver);
    const api = resourceClient(suite.admin, userAuthorizedRole);
    const before = await tableSnapshot(suite.server, 'blade_user_authorized_role');
    const bad1 = await sheet([
      ['import_a', app.appCode, 'submitter', '', '入职'],
      ['import_b', app.appCode, 'nope', '', ''],
    ]);
    expect(await failure(suite.admin, api.importGrant({ file: bad1 }))).toEqual(bad(`第3行: ${m.roleMissing}`));
    expect(await tableSnapshot(suite.server, 'blade_user_authorized_role')).toEqual(before);
    const good = await sheet([
      ['import_a', app.appCode, 'submitter', '2099-06-30 12:00:00', '入职'],
      ['import_b', app.appCode, 'submitter', '', ''],
    ]);
    const answer = await api.importGrant({ file: good });
    expect(answer).toMatchObject({ granted: 1, refused: 1, unchanged: 0 });
    expect(answer.results[1]).toMatchObject({ row: 3, account: 'import_b', outcome: 'refused' });
    const held = (await kit.call('GET', 'blade-aps/userauthorizedrole/list', { userId: a })) as { records: Row[] };
    expect(held.records[0]).toMatchObject({ source: 'import', reason: '入职', expireTime: '2099-06-30 12:00:00' });
  });
});
