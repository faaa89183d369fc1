import { appAuthzMessages, sodConflict, sodMessages } from '@sso/shared-api';
import { beforeAll, describe, expect, it } from 'vitest';
import { bad, createRole, createUser, failure, tableSnapshot, useTestServer } from '../../api-suite.testkit.js';
import { appAuthzKit } from '../user-authorized/app-authz.testkit.js';

/**
 * Separation of duties on every grant path: the admin grant, the direct menu and function grants,
 * a role-menu change that makes two roles overlap, and the bulk grant; each refusal names both
 * roles and is logged. A new rule reports who breaks it already; resolving revokes one role.
 */
const suite = useTestServer();
const kit = appAuthzKit(suite);
type Row = Record<string, unknown>;

let app: { id: string; appCode: string };
let payMenu: string;
let approveMenu: string;
let approveFn: string;
let maker: string;
let checker: string;
let rule: Row;
let serial = 0;

const staff = async () => {
  const account = `sod_${++serial}`;
  return { account, id: await createUser(suite.server, { account, roleId: await createRole(suite.server, { alias: `${account}_r` }) }) };
};
const logOf = async (query: Row) => ((await kit.call('GET', 'blade-abs/appincompatiblelog/list', query)) as { records: Row[] }).records;
const conflictMessage = (added: string, held: string) => sodConflict('付款分离', `出纳/角色${added}`, `出纳/角色${held}`).text;

beforeAll(async () => {
  app = await kit.app({ appName: '出纳' });
  payMenu = await kit.menu(app.id, 'pay');
  approveMenu = await kit.menu(app.id, 'approve');
  approveFn = await kit.fn(app.id, approveMenu, 'pay:approve');
  maker = await kit.role(app.id, 'maker', [payMenu]);
  checker = await kit.role(app.id, 'checker', [approveMenu], [approveFn]);
  rule = await kit.rule('付款分离', [maker, checker]);
});

describe('every grant path refuses a conflict and logs it', () => {
  it('a direct grant of the other role’s menu and function', async () => {
    const user = await staff();
    await kit.grant(user.id, maker);
    await kit.call('POST', 'blade-aps/userauthorizedmenu/submit', undefined, { userId: user.id, menuId: approveMenu });
    const before = await tableSnapshot(suite.server, 'blade_user_authorized_function');
    const refusal = await failure(
      suite.admin,
      kit.call('POST', 'blade-aps/userauthorizedfunction/submit', undefined, { userId: user.id, functionId: approveFn }),
    );
    expect(refusal).toEqual(bad(conflictMessage('checker', 'maker')));
    expect(await tableSnapshot(suite.server, 'blade_user_authorized_function')).toEqual(before);
    expect((await logOf({ account: user.account }))[0]).toMatchObject({ kind: 'refused', ruleName: '付款分离', source: 'direct' });
  });

  it('a role-menu change that makes the two roles overlap for someone holding one', async () => {
    const user = await staff();
    await kit.grant(user.id, checker);
    const broad = await kit.role(app.id, `broad${serial}`);
    await kit.grant(user.id, broad);
    // Menus that cover no other role of the rule pass.
    await kit.call('POST', 'blade-aps/approlemenu/grant', undefined, { appRoleId: broad, menuIds: approveMenu });
    const before = await tableSnapshot(suite.server, 'blade_app_role_menu');
    const menuIds = `${approveMenu},${payMenu}`;
    const overlap = await failure(suite.admin, kit.call('POST', 'blade-aps/approlemenu/grant', undefined, { appRoleId: broad, menuIds }));
    expect(overlap).toEqual(bad(conflictMessage('maker', 'checker')));
    expect(await tableSnapshot(suite.server, 'blade_app_role_menu')).toEqual(before);
    expect(await kit.call('GET', 'blade-aps/approlemenu/getRoleMenuList', { appRoleId: broad })).toEqual([approveMenu]);
    expect((await logOf({ account: user.account }))[0]).toMatchObject({ kind: 'refused', source: 'admin' });
  });

  it('the bulk grant: the others are granted, the one in conflict refused and logged; a dry run changes nothing', async () => {
    const [a, b, c] = [await staff(), await staff(), await staff()];
    await kit.grant(b.id, checker);
    const body = { action: 'grant', appCode: app.appCode, roleCode: 'maker', accounts: [a.account, b.account, c.account, 'nobody_here'] };
    const before = await tableSnapshot(suite.server, 'blade_user_authorized_role');
    const dry = (await kit.call('POST', 'blade-aps/userauthorizedrole/bulk', undefined, { ...body, dryRun: true })) as Row;
    expect(dry).toMatchObject({ granted: 2, refused: 2, dryRun: true });
    expect(await tableSnapshot(suite.server, 'blade_user_authorized_role')).toEqual(before);
    const done = (await kit.call('POST', 'blade-aps/userauthorizedrole/bulk', undefined, { ...body, source: 'cli' })) as {
      results: Row[];
    } & Row;
    expect(done).toMatchObject({ granted: 2, refused: 2, dryRun: false });
    expect(done.results).toEqual([
      { account: a.account, outcome: 'granted', message: '' },
      { account: b.account, outcome: 'refused', message: conflictMessage('maker', 'checker') },
      { account: c.account, outcome: 'granted', message: '' },
      { account: 'nobody_here', outcome: 'refused', message: appAuthzMessages.accountMissing },
    ]);
    expect((await logOf({ account: b.account }))[0]).toMatchObject({ kind: 'refused', source: 'cli' });
    const again = (await kit.call('POST', 'blade-aps/userauthorizedrole/bulk', undefined, {
      ...body,
      action: 'revoke',
      accounts: [a.account, c.account],
    })) as Row;
    expect(again).toMatchObject({ revoked: 2 });
  });
});

describe('rules', () => {
  it('refuses a rule of fewer than two roles or of unknown roles with 400', async () => {
    const before = await tableSnapshot(suite.server, 'blade_app_incompatible_rule');
    expect(await failure(suite.admin, kit.rule('单个', [maker]))).toEqual(bad(sodMessages.appRoleIds));
    expect(await failure(suite.admin, kit.rule('重复', [maker, maker]))).toEqual(bad(sodMessages.appRoleIds));
    expect(await failure(suite.admin, kit.rule('未知', [maker, '123']))).toEqual(bad(sodMessages.roleMissing));
    expect(await tableSnapshot(suite.server, 'blade_app_incompatible_rule')).toEqual(before);
  });

  it('reports users who already break a new rule, logs them, and resolving revokes one role', async () => {
    const other = await kit.app({ appName: '采购' });
    const buyer = await kit.role(other.id, 'buyer');
    const receiver = await kit.role(other.id, 'receiver');
    const user = await staff();
    await kit.grant(user.id, buyer);
    await kit.grant(user.id, receiver);
    const newRule = await kit.rule('采购分离', [buyer, receiver]);
    const detected = await logOf({ ruleId: String(newRule.id) });
    expect(detected).toMatchObject([{ kind: 'detected', account: user.account, roleNames: '采购/角色buyer,采购/角色receiver' }]);
    const conflicts = (await kit.call('GET', 'blade-abs/appincompatiblerule/conflicts', { ruleId: String(newRule.id) })) as Row[];
    expect(conflicts).toMatchObject([
      {
        userId: user.id,
        account: user.account,
        roles: [
          { appRoleId: buyer, via: 'granted' },
          { appRoleId: receiver, via: 'granted' },
        ],
      },
    ]);
    await kit.call('POST', 'blade-abs/appincompatiblerule/resolve', {
      ruleId: String(newRule.id),
      userId: user.id,
      appRoleId: receiver,
      reason: '调岗',
    });
    expect(await kit.call('GET', 'blade-abs/appincompatiblerule/conflicts', { ruleId: String(newRule.id) })).toEqual([]);
    const log = await logOf({ ruleId: String(newRule.id) });
    expect(log.map((row) => row.kind)).toEqual(['resolved', 'detected']);
    const grantLog = ((await kit.call('GET', 'blade-aps/userauthorizedlog/list', { userId: user.id })) as { records: Row[] }).records;
    expect(grantLog[0]).toMatchObject({ action: 'revoke', reason: '调岗' });
    expect(
      await failure(
        suite.admin,
        kit.call('POST', 'blade-abs/appincompatiblerule/resolve', { ruleId: String(rule.id), userId: user.id, appRoleId: buyer }),
      ),
    ).toEqual(bad(sodMessages.notInRule));
  });
});
