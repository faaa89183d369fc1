import { DEFAULT_TENANT_ID, platformRoleMessages as m, messageIn, PLATFORM_ROLES } from '@sso/shared-api';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { bad, createRole, createUser, failure, menuIds, tableSnapshot, useTestServer } from '../../api-suite.testkit.js';
import { checkPlatformRoleExclusivity } from '../../domain/platform-roles.js';
import { patchBody, scimOfNewApp } from '../../scim/scim.testkit.js';
import { createDept } from '../user/users.testkit.js';

/**
 * 三员分立: every tenant has the system, security and audit administrators; no user holds two of
 * them, by any path that gives platform roles; with the compliance profile on, no role and no
 * user's roles hold both granting and audit-log menus. Every refusal is a 400 that changes
 * nothing and is logged as a security event with outcome failure.
 */
const suite = useTestServer();
const db = () => suite.server.ctx.db;
let dept: string;
const roles = { system: '', security: '', audit: '' };

async function roleIdOf(tenantId: string, alias: string): Promise<string> {
  const row = await db()
    .selectFrom('blade_role')
    .select('id')
    .where('tenantId', '=', tenantId)
    .where('roleAlias', '=', alias)
    .where('isDeleted', '=', 0)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function menuCodesOf(roleId: string): Promise<Set<string>> {
  const rows = await db()
    .selectFrom('blade_role_menu as rm')
    .innerJoin('blade_menu as m', 'm.id', 'rm.menuId')
    .select('m.code')
    .where('rm.roleId', '=', roleId)
    .execute();
  return new Set(rows.map((row) => row.code));
}

/** The refusals logged as security events since `since` (usual log, level security, outcome failure). */
async function refusalsLogged(since: string): Promise<{ logId: string | null; logData: string | null }[]> {
  return db()
    .selectFrom('blade_log_usual')
    .select(['logId', 'logData'])
    .where('logLevel', '=', 'security')
    .where('id', '>', since)
    .where('logData', 'like', '%"outcome":"failure"%')
    .execute();
}
const lastLogId = async () =>
  String(
    (
      await db()
        .selectFrom('blade_log_usual')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst()
    )?.id ?? '0',
  );

const userApi = () => suite.admin.user.user;
const compliance = () => suite.admin.system.compliance;

beforeAll(async () => {
  roles.system = await roleIdOf(DEFAULT_TENANT_ID, PLATFORM_ROLES.system.alias);
  roles.security = await roleIdOf(DEFAULT_TENANT_ID, PLATFORM_ROLES.security.alias);
  roles.audit = await roleIdOf(DEFAULT_TENANT_ID, PLATFORM_ROLES.audit.alias);
  dept = await createDept(suite.server, { name: '三员部' });
});

describe('the three built-in roles', () => {
  it('are seeded with the menus of their duties', async () => {
    const system = await menuCodesOf(roles.system);
    expect(system).toContain('user_edit');
    expect(system).toContain('dept');
    expect(system).toContain('app');
    expect(system).not.toContain('user_role');
    expect(system).not.toContain('log_usual');
    const security = await menuCodesOf(roles.security);
    expect(security).toContain('role_grant');
    expect(security).toContain('user_role');
    expect(security).toContain('appincompatiblerule');
    expect(security).not.toContain('user_edit');
    expect(security).not.toContain('log_usual');
    const audit = await menuCodesOf(roles.audit);
    expect(audit).toContain('log_usual');
    expect(audit).toContain('log_login_view');
    expect(audit).toContain('userauthorizedlog');
    expect(audit).not.toContain('role');
    expect(audit).not.toContain('reportlist_delete');
  });

  it('are named in English on English screens, while a role keeps its stored name to edit', async () => {
    const english = suite.server.client({ language: 'en' });
    await english.login({ username: 'admin', password: 'admin' });
    const names = (nodes: { roleName?: string; title?: string; children?: unknown[] }[]): string[] =>
      nodes.flatMap((node) => [node.roleName ?? node.title ?? '', ...names((node.children ?? []) as never)]);
    const list = names((await english.system.role.list({})) as never);
    expect(list).toEqual(
      expect.arrayContaining(['Super administrator', 'System administrator', 'Security administrator', 'Audit administrator']),
    );
    expect(list).not.toContain('审计管理员');
    expect(names((await english.system.role.tree({})) as never)).toContain('Audit administrator');
    expect((await english.system.role.detail(roles.audit)).roleName).toBe('审计管理员');
    expect(names((await suite.admin.system.role.list({})) as never)).toContain('审计管理员');
    const admin = (await english.user.user.page({ account: 'admin' })).records.find((row) => row.account === 'admin');
    expect(admin?.roleName).toBe('Super administrator');
  });

  it('are given to a new tenant, and a package change cuts them to the package', async () => {
    await suite.admin.system.tenant.submit({ tenantName: '三员租户', linkman: 'x' } as never);
    const tenant = await db().selectFrom('blade_tenant').select('tenantId').where('tenantName', '=', '三员租户').executeTakeFirstOrThrow();
    const audit = await roleIdOf(tenant.tenantId, 'audit_admin');
    expect(await menuCodesOf(audit)).toContain('log_api');
    expect(await roleIdOf(tenant.tenantId, 'security_admin')).toBeTruthy();
    const menus = await menuIds(suite.server, ['system', 'user', 'user_view', 'monitor', 'log', 'log_usual', 'log_usual_view']);
    const pkg = await suite.admin.system.tenantPackage.submit({ packageName: '三员包', menuId: [...menus.values()].join(',') });
    await suite.admin.system.tenant.packageSetting(undefined, { tenantId: tenant.tenantId, packageId: String(pkg.id) });
    expect(await menuCodesOf(audit)).toEqual(new Set(['monitor', 'log', 'log_usual', 'log_usual_view']));
    expect(await menuCodesOf(await roleIdOf(tenant.tenantId, 'system_admin'))).toEqual(new Set(['system', 'user', 'user_view']));
    // The package only takes menus away: the roles stay apart (no two to one user).
    const userId = await createUser(suite.server, { tenantId: tenant.tenantId, account: 'sy_pkg', roleId: audit });
    const system = await roleIdOf(tenant.tenantId, 'system_admin');
    await expect(
      checkPlatformRoleExclusivity(db(), { tenantId: tenant.tenantId, targets: [{ kind: 'user', id: userId }] }, [audit, system], [audit]),
    ).rejects.toThrow(m.systemWithAudit);
  });

  it('cannot be removed nor lose their alias', async () => {
    expect(await failure(suite.admin, suite.admin.system.role.remove(roles.audit))).toEqual(bad(m.builtInRole));
    expect(
      await failure(
        suite.admin,
        suite.admin.system.role.submit({ id: roles.audit, roleName: '审计', roleAlias: 'auditor', sort: 1 } as never),
      ),
    ).toEqual(bad(m.builtInRole));
  });
});

describe('no user holds two of the three', () => {
  it('on the user form: refused, nothing written, the refusal logged', async () => {
    const since = await lastLogId();
    const before = await tableSnapshot(suite.server, 'blade_user');
    const attempt = userApi().submit({
      account: 'sy_both',
      name: 'sy_both',
      realName: '两员',
      roleId: `${roles.system},${roles.audit}`,
      deptId: dept,
    });
    expect(await failure(suite.admin, attempt)).toEqual(bad(m.systemWithAudit));
    expect(await tableSnapshot(suite.server, 'blade_user')).toEqual(before);
    const logged = await refusalsLogged(since);
    expect(logged.map((row) => row.logId)).toContain('user.grant');
    expect(logged.some((row) => row.logData?.includes(m.systemWithAudit))).toBe(true);
  });

  it('on editing a user who holds one of them', async () => {
    const saved = await userApi().submit({ account: 'sy_sys', name: 'sy_sys', realName: '系统员', roleId: roles.system, deptId: dept });
    const attempt = userApi().submit({ id: saved.id, account: 'sy_sys', roleId: `${roles.system},${roles.security}` } as never);
    expect(await failure(suite.admin, attempt)).toEqual(bad(m.systemWithSecurity));
    const row = await db().selectFrom('blade_user').select('roleId').where('id', '=', String(saved.id)).executeTakeFirstOrThrow();
    expect(row.roleId).toBe(roles.system);
  });

  it('on the role dialog (user grant), in English too', async () => {
    const userId = await createUser(suite.server, { account: 'sy_grant', roleId: roles.security });
    const since = await lastLogId();
    const attempt = userApi().grant(undefined, { userIds: userId, roleIds: `${roles.security},${roles.audit}` });
    expect(await failure(suite.admin, attempt)).toEqual(bad(m.securityWithAudit));
    expect((await refusalsLogged(since)).length).toBeGreaterThan(0);
    const row = await db().selectFrom('blade_user').select('roleId').where('id', '=', userId).executeTakeFirstOrThrow();
    expect(row.roleId).toBe(roles.security);
    // One of them alone passes.
    await userApi().grant(undefined, { userIds: userId, roleIds: roles.audit });
  });

  it('on import: the row is refused, the dry run names it', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('users');
    sheet.addRow(['登录账号', '用户昵称', '用户姓名', '所属角色', '所属部门']);
    sheet.addRow(['sy_import_ok', 'ok', '导入者', '系统管理员', '三员部']);
    sheet.addRow(['sy_import_two', 'two', '导入者', '系统管理员,安全管理员', '三员部']);
    const file = { filename: 'users.xlsx', data: new Uint8Array(await workbook.xlsx.writeBuffer()) };
    const dry = (await userApi().importUser({ file }, { dryRun: 1 } as never)) as { failures: { row: number; message: string }[] };
    expect(dry.failures).toEqual([{ row: 3, message: `第3行: ${m.systemWithSecurity}` }]);
    const since = await lastLogId();
    const before = await tableSnapshot(suite.server, 'blade_user');
    expect(await failure(suite.admin, userApi().importUser({ file }))).toEqual(bad(`第3行: ${m.systemWithSecurity}`));
    expect(await tableSnapshot(suite.server, 'blade_user')).toEqual(before);
    expect((await refusalsLogged(since)).length).toBeGreaterThan(0);
  });
});

describe('no user holds two of the three, through SCIM', () => {
  it('refuses adding a member to a role group of a second administrator', async () => {
    const { scim } = await scimOfNewApp(suite);
    const userId = await createUser(suite.server, { account: 'sy_scim', roleId: roles.audit });
    const since = await lastLogId();
    const refused = await scim(
      'PATCH',
      `/Groups/role-${roles.system}`,
      patchBody({ op: 'add', path: 'members', value: [{ value: userId }] }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe(messageIn(m.say.systemWithAudit, 'en'));
    const row = await db().selectFrom('blade_user').select('roleId').where('id', '=', userId).executeTakeFirstOrThrow();
    expect(row.roleId).toBe(roles.audit);
    expect((await refusalsLogged(since)).length).toBeGreaterThan(0);
  });
});

describe('with the compliance profile on', () => {
  let granter: string;
  let reader: string;

  beforeAll(async () => {
    granter = await createRole(suite.server, { alias: 'sy_granter', name: '授权员', menuCodes: ['authority', 'role', 'role_grant'] });
    reader = await createRole(suite.server, { alias: 'sy_reader', name: '查日志', menuCodes: ['monitor', 'log', 'log_usual'] });
    await compliance().saveSettings({ profile: true });
  });

  it('refuses a role grant that gives one role granting and audit-log menus', async () => {
    const menus = await menuIds(suite.server, ['role', 'role_grant', 'log_usual']);
    const before = await tableSnapshot(suite.server, 'blade_role_menu');
    const attempt = suite.admin.system.role.grant({ roleIds: [granter], menuIds: [...menus.values()] });
    expect(await failure(suite.admin, attempt)).toEqual(bad(m.roleGrantWithAudit));
    expect(await tableSnapshot(suite.server, 'blade_role_menu')).toEqual(before);
  });

  it('refuses giving a user roles whose menus together grant and read audit logs', async () => {
    const attempt = userApi().submit({
      account: 'sy_union',
      name: 'sy_union',
      realName: '合并',
      roleId: `${granter},${reader}`,
      deptId: dept,
    });
    expect(await failure(suite.admin, attempt)).toEqual(bad(m.userGrantWithAudit));
    const userId = await createUser(suite.server, { account: 'sy_union2', roleId: granter });
    expect(await failure(suite.admin, userApi().grant(undefined, { userIds: userId, roleIds: `${granter},${reader}` }))).toEqual(
      bad(m.userGrantWithAudit),
    );
    // Each alone passes.
    await userApi().grant(undefined, { userIds: userId, roleIds: reader });
  });

  it('refuses a role grant after which a holder of two roles would hold both', async () => {
    const plain = await createRole(suite.server, { alias: 'sy_plain', name: '普通', menuCodes: ['desk'] });
    await createUser(suite.server, { account: 'sy_holder', roleId: `${granter},${plain}` });
    const menus = await menuIds(suite.server, ['monitor', 'log', 'log_usual']);
    const attempt = suite.admin.system.role.grant({ roleIds: [plain], menuIds: [...menus.values()] });
    expect(await failure(suite.admin, attempt)).toEqual(bad(m.userGrantWithAudit));
  });

  it('refuses a directory sync whose mapping role holds both', async () => {
    const both = await createRole(suite.server, { alias: 'sy_both_rights', name: '全权', menuCodes: ['role', 'log_usual'] });
    const attempt = suite.admin.system.syncSource.submit({
      name: '三员同步',
      kind: 'file',
      mapping: JSON.stringify({ roleId: both }),
    } as never);
    expect(await failure(suite.admin, attempt)).toEqual(bad(m.userGrantWithAudit));
  });

  it('lets the profile be turned off again', async () => {
    await compliance().saveSettings({ profile: false });
    await userApi().submit({ account: 'sy_union3', name: 'sy_union3', realName: '合并', roleId: `${granter},${reader}`, deptId: dept });
  });
});

describe('a directory sync run', () => {
  it('creates no account with a mapping role that came to hold granting and audit-log menus', async () => {
    const both = await createRole(suite.server, { alias: 'sy_run_both', name: '后来全权', menuCodes: ['role', 'log_usual'] });
    const sync = suite.admin.system.syncSource;
    const source = (await sync.submit({ name: '三员同步运行', kind: 'file', mapping: JSON.stringify({ roleId: both }) } as never)) as {
      id: string;
    };
    const header = '登录账号,用户姓名,用户编号,部门路径,岗位路径,手机号码,电子邮箱,状态';
    const data = new TextEncoder().encode(`\uFEFF${header}\r\nsyhr01,张三,SY01,集团,,,,在职\r\n`);
    await sync.upload({ file: { filename: 'staff.csv', data } }, { id: String(source.id) });
    await compliance().saveSettings({ profile: true });
    try {
      expect(await failure(suite.admin, sync.apply(undefined, { id: String(source.id) }))).toEqual(bad(m.userGrantWithAudit));
      expect(await db().selectFrom('blade_user').select('id').where('account', '=', 'syhr01').executeTakeFirst()).toBeUndefined();
    } finally {
      await compliance().saveSettings({ profile: false });
    }
  });
});
