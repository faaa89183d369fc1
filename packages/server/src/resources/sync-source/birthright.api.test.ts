import { syncMessages as m, platformRoleMessages, syncRuleMessages as r, sodConflict } from '@sso/shared-api';
import { beforeAll, describe, expect, it } from 'vitest';
import { bad, createRole, failure, menuIds, useTestServer } from '../../api-suite.testkit.js';
import { appAuthzKit } from '../user-authorized/app-authz.testkit.js';
import { syncKit } from './sync.testkit.js';

/**
 * Joiners, movers and leavers of an HR file source: birthright rules give a platform role and
 * application roles by department (and the departments below it) and post; a mover loses only
 * what a rule gave, never a grant given by hand; a grant separation of duties refuses is an error
 * row of the run, which goes on; a leaver's application grants end at once or stay per the source.
 */
const suite = useTestServer();
const kit = appAuthzKit(suite);
const { api, db, save, platformRoleOf } = syncKit(suite);
const rules = () => suite.admin.system.syncRule;
const HEADER = '登录账号,用户姓名,用户编号,部门路径,岗位路径,状态';
const csv = (...lines: string[]) => new TextEncoder().encode(`${[HEADER, ...lines].join('\n')}\n`);
const upload = (...lines: string[]) => api().upload({ file: { filename: 'staff.csv', data: csv(...lines) } }, { id: sourceId });
const apply = () => api().apply(undefined, { id: sourceId });

let sourceId: string;
let ledger: string;
let payer: string;
let checker: string;
let viewer: string;
let financeRole: string;
let appId: string;
let approveMenu: string;

const userId = async (account: string) =>
  String(
    (await db().selectFrom('blade_user').select('id').where('account', '=', account).where('isDeleted', '=', 0).executeTakeFirstOrThrow())
      .id,
  );
const deptId = async (name: string) =>
  String(
    (await db().selectFrom('blade_dept').select('id').where('deptName', '=', name).where('isDeleted', '=', 0).executeTakeFirstOrThrow()).id,
  );
/** The application roles a user holds now. */
const appRolesOf = async (account: string) =>
  (
    await db()
      .selectFrom('blade_user_authorized_role')
      .select('appRoleId')
      .where('userId', '=', await userId(account))
      .where('isDeleted', '=', 0)
      .execute()
  )
    .map((row) => String(row.appRoleId))
    .sort();
const platformRolesOf = async (account: string) =>
  (
    await db()
      .selectFrom('blade_user')
      .select('roleId')
      .where('id', '=', await userId(account))
      .executeTakeFirstOrThrow()
  ).roleId?.split(',') ?? [];
const sorted = (...ids: string[]) => [...ids].sort();

beforeAll(async () => {
  await suite.admin.system.post.submit({ category: '3', postCode: 'ACC', postName: '会计', sort: 1 } as never);
  await suite.admin.system.post.submit({ category: '3', postCode: 'SALE', postName: '销售', sort: 2 } as never);
  appId = (await kit.app({ appName: '财务系统' })).id;
  const payMenu = await kit.menu(appId, 'pay');
  approveMenu = await kit.menu(appId, 'approve');
  ledger = await kit.role(appId, 'ledger');
  viewer = await kit.role(appId, 'viewer');
  payer = await kit.role(appId, 'payer', [payMenu]);
  checker = await kit.role(appId, 'checker', [approveMenu]);
  await kit.rule('付款分离', [payer, checker]);
  financeRole = await createRole(suite.server, { alias: 'finance_staff', name: '财务人员' });
  sourceId = await save({ name: 'HR export', kind: 'file' });
  // The first run builds the departments the rules name.
  await upload(
    'hr01,张三,H001,集团/财务部/应付组,财务类/会计,在职',
    'hr02,李四,H002,集团/销售部,,在职',
    'hr03,王五,H003,集团/销售部,,在职',
  );
  await apply();
});

describe('birthright rules', () => {
  it('names whom and what, and only rows of the tenant', async () => {
    const finance = await deptId('财务部');
    expect(await failure(suite.admin, rules().submit({ name: 'nobody', appRoleId: ledger } as never))).toEqual(bad(r.whom));
    expect(await failure(suite.admin, rules().submit({ name: 'nothing', deptId: finance } as never))).toEqual(bad(r.what));
    expect(await failure(suite.admin, rules().submit({ name: 'ghost', deptId: '987654321', appRoleId: ledger } as never))).toEqual(
      bad(r.deptMissing),
    );
  });

  it('gives a joiner (and everyone already there) the grants of their department, the departments above it, and their post', async () => {
    await rules().submit({
      name: '财务部全员',
      deptId: await deptId('财务部'),
      withSubDepts: 1,
      roleId: financeRole,
      appRoleId: ledger,
    } as never);
    await rules().submit({ name: '会计付款', postId: await postId(), appRoleId: payer } as never);
    // hr04 joins 财务部; hr01 is there already.
    await upload(
      'hr01,张三,H001,集团/财务部/应付组,财务类/会计,在职',
      'hr02,李四,H002,集团/销售部,,在职',
      'hr03,王五,H003,集团/销售部,,在职',
      'hr04,赵六,H004,集团/财务部,,在职',
    );
    await api().dryRun(undefined, { id: sourceId });
    const answer = await apply();
    expect(answer.errors).toBe(0);
    expect(await appRolesOf('hr01')).toEqual(sorted(ledger, payer));
    expect(await platformRolesOf('hr01')).toContain(financeRole);
    expect(await appRolesOf('hr04')).toEqual([ledger]);
    expect(await appRolesOf('hr02')).toEqual([]);
    const log = await db()
      .selectFrom('blade_user_authorized_log')
      .select(['action', 'source', 'targetId'])
      .where('userId', '=', await userId('hr01'))
      .execute();
    expect(log).toEqual(expect.arrayContaining([{ action: 'grant', source: 'sync', targetId: payer }]));
    // A second run with nothing changed gives nothing again.
    const grantsBefore = await db().selectFrom('blade_user_authorized_log').select('id').execute();
    await apply();
    expect(await db().selectFrom('blade_user_authorized_log').select('id').execute()).toHaveLength(grantsBefore.length);
  });

  it('takes from a mover only what the rules gave, and logs a grant separation of duties refuses without stopping the run', async () => {
    // hr01 keeps a grant given by hand; hr03 holds the checker role, which the payer role may not
    // join; hr02 holds the ledger role by hand before joining 财务部, whose rule gives it.
    await kit.grant(await userId('hr01'), viewer);
    await kit.grant(await userId('hr03'), checker);
    await kit.grant(await userId('hr02'), ledger);
    await upload(
      'hr01,张三,H001,集团/销售部,销售类/销售,在职',
      'hr02,李四,H002,集团/财务部,,在职',
      'hr03,王五,H003,集团/财务部/应付组,财务类/会计,在职',
      'hr04,赵六,H004,集团/财务部,,在职',
    );
    const answer = await apply();
    expect(answer.moves).toBe(3);
    expect(await appRolesOf('hr01')).toEqual([viewer]);
    expect(await platformRolesOf('hr01')).not.toContain(financeRole);
    // hr03 moved, got the department's grants, and not the refused one.
    expect(await appRolesOf('hr03')).toEqual(sorted(checker, ledger));
    const refusal = answer.rows.find((row) => row.action === 'error');
    expect(refusal).toMatchObject({ kind: 'user', label: 'hr03' });
    expect(refusal?.message).toContain(
      `${m.ruleRefused} 会计付款: ${sodConflict('付款分离', '财务系统/角色payer', '财务系统/角色checker').text}`,
    );
    const run = await db()
      .selectFrom('blade_sync_run')
      .select(['outcome', 'errors', 'errorRows'])
      .where('id', '=', answer.runId)
      .executeTakeFirstOrThrow();
    expect(run).toMatchObject({ outcome: 'applied', errors: 1 });
    expect(run.errorRows).toContain('付款分离');
    const sodLog = await db()
      .selectFrom('blade_app_incompatible_log')
      .select(['kind', 'source'])
      .where('userId', '=', await userId('hr03'))
      .execute();
    expect(sodLog).toEqual([{ kind: 'refused', source: 'sync' }]);
    // Leaving 财务部: hr02 keeps the ledger role given by hand, hr04 loses the one the rule gave.
    await upload(
      'hr01,张三,H001,集团/销售部,销售类/销售,在职',
      'hr02,李四,H002,集团/销售部,,在职',
      'hr03,王五,H003,集团/财务部/应付组,财务类/会计,在职',
      'hr04,赵六,H004,集团/销售部,,在职',
    );
    await apply();
    expect(await appRolesOf('hr02')).toEqual([ledger]);
    expect(await appRolesOf('hr04')).toEqual([]);
  });

  it("does not try a refused grant again, nor log it again, until the person's roles change", async () => {
    const hr03 = await userId('hr03');
    const refusals = () => db().selectFrom('blade_app_incompatible_log').select('kind').where('userId', '=', hr03).execute();
    const unchanged = await apply();
    expect(unchanged.rows.filter((row) => row.label === 'hr03')).toEqual([]);
    expect(await refusals()).toHaveLength(1);

    // The checker role given by hand is taken away: the next run gives the payer role.
    const checkerGrant = await db()
      .selectFrom('blade_user_authorized_role')
      .select('id')
      .where('userId', '=', hr03)
      .where('appRoleId', '=', checker)
      .where('isDeleted', '=', 0)
      .executeTakeFirstOrThrow();
    await suite.admin.call('POST', '/api/blade-aps/userauthorizedrole/remove', { ids: String(checkerGrant.id) });
    const changed = await apply();
    expect(changed.rows.filter((row) => row.action === 'error')).toEqual([]);
    expect(await appRolesOf('hr03')).toEqual(sorted(ledger, payer));
    expect(await refusals()).toHaveLength(1);
  });
});

describe('birthright rules and the three administrators', () => {
  it('never give a second of the system, security and audit administrator roles: an error row, logged, the run goes on', async () => {
    const [systemAdmin, securityAdmin] = [await platformRoleOf('system_admin'), await platformRoleOf('security_admin')];
    await suite.admin.user.user.grant(undefined, { userIds: await userId('hr04'), roleIds: systemAdmin });
    await rules().submit({ name: '销售部安全员', deptId: await deptId('销售部'), roleId: securityAdmin } as never);
    const answer = await apply();
    const refused = answer.rows.find((row) => row.action === 'error' && row.label === 'hr04');
    expect(refused?.message).toContain('销售部安全员');
    expect(await platformRolesOf('hr04')).not.toContain(securityAdmin);
    const events = await db()
      .selectFrom('blade_log_usual')
      .select('logData')
      .where('logId', '=', 'user.grant')
      .where('logData', 'like', '%"outcome":"failure"%')
      .where('logData', 'like', '%hr04%')
      .execute();
    expect(events.length).toBeGreaterThan(0);
  });
});

describe('leavers', () => {
  it('end their application grants at once by default', async () => {
    await kit.grant(await userId('hr02'), viewer);
    await upload(
      'hr01,张三,H001,集团/销售部,销售类/销售,在职',
      'hr02,李四,H002,集团/销售部,,离职',
      'hr03,王五,H003,集团/财务部/应付组,财务类/会计,在职',
      'hr04,赵六,H004,集团/销售部,,在职',
    );
    expect((await apply()).disables).toBe(1);
    expect(await appRolesOf('hr02')).toEqual([]);
    const revoked = await db()
      .selectFrom('blade_user_authorized_log')
      .select(['action', 'source'])
      .where('userId', '=', await userId('hr02'))
      .where('action', '=', 'revoke')
      .execute();
    expect(revoked).toEqual([
      { action: 'revoke', source: 'sync' },
      { action: 'revoke', source: 'sync' },
    ]);
  });

  it('keep them when the source says so, the account disabled all the same', async () => {
    await api().submit({ id: sourceId, leaverGrants: 'keep' } as never);
    await upload(
      'hr01,张三,H001,集团/销售部,销售类/销售,离职',
      'hr02,李四,H002,集团/销售部,,离职',
      'hr03,王五,H003,集团/财务部/应付组,财务类/会计,在职',
      'hr04,赵六,H004,集团/销售部,,在职',
    );
    expect((await apply()).disables).toBe(1);
    const hr01 = await db().selectFrom('blade_user').select('status').where('account', '=', 'hr01').executeTakeFirstOrThrow();
    expect(hr01.status).toBe(0);
    expect(await appRolesOf('hr01')).toEqual([viewer]);
    expect(await failure(suite.admin, api().submit({ id: sourceId, leaverGrants: 'later' } as never))).toMatchObject({
      status: 400,
      msg: m.leaverGrants,
    });
  });
});

describe('a remembered refusal', () => {
  // Everyone as the leavers left them; the people below join after them.
  const STAYING = [
    'hr01,张三,H001,集团/销售部,销售类/销售,离职',
    'hr02,李四,H002,集团/销售部,,离职',
    'hr03,王五,H003,集团/财务部/应付组,财务类/会计,在职',
    'hr04,赵六,H004,集团/销售部,,在职',
  ];
  const compliance = () => suite.admin.system.compliance;
  const errorRows = (answer: { rows: { action: string; label: string }[] }) =>
    answer.rows
      .filter((row) => row.action === 'error')
      .map((row) => row.label)
      .sort();
  /** The refusals of platform roles logged for a person (security events with outcome failure). */
  const platformRefusals = async (account: string) =>
    (
      await db()
        .selectFrom('blade_log_usual')
        .select('id')
        .where('logId', '=', 'user.grant')
        .where('logData', 'like', '%"outcome":"failure"%')
        .where('logData', 'like', `%${account}%`)
        .execute()
    ).length;
  const sodRefusals = async (account: string) =>
    (
      await db()
        .selectFrom('blade_app_incompatible_log')
        .select('id')
        .where('userId', '=', await userId(account))
        .execute()
    ).length;

  it('is tried again when the menus of an application role the person holds change, and refused again while they still conflict', async () => {
    // hr07 holds by hand a role whose menus cover the checker's duties, so holds the checker role too.
    const reportMenu = await kit.menu(appId, 'report');
    const approver = await kit.role(appId, 'approver', [approveMenu]);
    await upload(...STAYING, 'hr07,孙七,H007,集团/审计部,,在职');
    await apply();
    await kit.grant(await userId('hr07'), approver);
    await upload(...STAYING, 'hr07,孙七,H007,集团/财务部/应付组,财务类/会计,在职');
    const refused = await apply();
    expect(errorRows(refused)).toEqual(['hr07']);
    expect(refused.rows.find((row) => row.label === 'hr07' && row.action === 'error')?.message).toContain(
      sodConflict('付款分离', '财务系统/角色payer', '财务系统/角色checker').text,
    );
    expect(await sodRefusals('hr07')).toBe(1);
    // Nothing changed: not tried, not logged.
    expect(errorRows(await apply())).toEqual([]);
    expect(await sodRefusals('hr07')).toBe(1);

    // Another menu: the role still covers the checker's duties. Tried again, refused again, once.
    await kit.call('POST', 'blade-aps/approlemenu/grant', undefined, { appRoleId: approver, menuIds: `${approveMenu},${reportMenu}` });
    expect(errorRows(await apply())).toEqual(['hr07']);
    expect(await sodRefusals('hr07')).toBe(2);
    expect(errorRows(await apply())).toEqual([]);
    expect(await sodRefusals('hr07')).toBe(2);

    // The covering menu taken away: the payer role is given.
    await kit.call('POST', 'blade-aps/approlemenu/grant', undefined, { appRoleId: approver, menuIds: reportMenu });
    expect(errorRows(await apply())).toEqual([]);
    expect(await appRolesOf('hr07')).toEqual(sorted(approver, ledger, payer));
    expect(await sodRefusals('hr07')).toBe(2);
  });

  it('is tried again when the compliance profile or the menus of a platform role involved change, and only then', async () => {
    const STAFF = [...STAYING, 'hr07,孙七,H007,集团/财务部/应付组,财务类/会计,在职'];
    await upload(...STAFF, 'hr05,周八,H005,集团/审计部,,在职', 'hr06,吴九,H006,集团/审计部,,在职');
    await apply();
    // Two roles with granting rights, and one with audit-log rights that a rule gives 审计部.
    const granter = await createRole(suite.server, { alias: 'hr_granter', name: '授权员', menuCodes: ['authority', 'role', 'role_grant'] });
    const userAdmin = await createRole(suite.server, { alias: 'hr_user_admin', name: '用户管理员', menuCodes: ['system', 'user'] });
    const reader = await createRole(suite.server, { alias: 'hr_reader', name: '查日志', menuCodes: ['monitor', 'log', 'log_usual'] });
    await suite.admin.user.user.grant(undefined, { userIds: await userId('hr05'), roleIds: granter });
    await suite.admin.user.user.grant(undefined, { userIds: await userId('hr06'), roleIds: userAdmin });
    await rules().submit({ name: '审计部查日志', deptId: await deptId('审计部'), roleId: reader } as never);
    await compliance().saveSettings({ profile: true });
    try {
      // Under the profile granting and audit-log rights are not held together: hr05 and hr06 are
      // refused; hr04's remembered refusal (a second administrator) is tried again, as the profile
      // changed, and refused again.
      const refused = await apply();
      expect(errorRows(refused)).toEqual(['hr04', 'hr05', 'hr06']);
      expect(refused.rows.find((row) => row.label === 'hr05')?.message).toContain(platformRoleMessages.userGrantWithAudit);
      const logged = { hr04: await platformRefusals('hr04'), hr05: await platformRefusals('hr05'), hr06: await platformRefusals('hr06') };
      expect(logged.hr05).toBeGreaterThan(0);
      expect(errorRows(await apply())).toEqual([]);

      // The granting menus of hr05's role taken away: hr05 alone is tried again, and given the role.
      const desk = await menuIds(suite.server, ['desk']);
      await suite.admin.system.role.grant({ roleIds: [granter], menuIds: [...desk.values()] });
      expect(errorRows(await apply())).toEqual([]);
      expect((await platformRolesOf('hr05')).sort()).toEqual(sorted(granter, reader));
      expect(await platformRolesOf('hr06')).toEqual([userAdmin]);
      expect({ hr04: await platformRefusals('hr04'), hr06: await platformRefusals('hr06') }).toEqual({
        hr04: logged.hr04,
        hr06: logged.hr06,
      });
    } finally {
      await compliance().saveSettings({ profile: false });
    }
    // The profile off: hr06 is given the role; hr04 is tried again and still refused, logged once more.
    const before = await platformRefusals('hr04');
    const after = await apply();
    expect(errorRows(after)).toEqual(['hr04']);
    expect((await platformRolesOf('hr06')).sort()).toEqual(sorted(userAdmin, reader));
    expect(await platformRefusals('hr04')).toBeGreaterThan(before);
    const settled = await platformRefusals('hr04');
    expect(errorRows(await apply())).toEqual([]);
    expect(await platformRefusals('hr04')).toBe(settled);
  });
});

async function postId(): Promise<string> {
  return String((await db().selectFrom('blade_post').select('id').where('postName', '=', '会计').executeTakeFirstOrThrow()).id);
}
