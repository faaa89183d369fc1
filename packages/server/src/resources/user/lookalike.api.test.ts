import { DEFAULT_TENANT_ID, userMessages as m } from '@sso/shared-api';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bad,
  createRole,
  createUserWithRole,
  failure,
  type TestUser,
  tableSnapshot,
  trackedClient,
  useTestServer,
} from '../../api-suite.testkit.js';
import { createDept, STRONG } from './users.testkit.js';

/** Accounts are unique regardless of case in a tenant: `CaseAcc` and `caseacc` cannot both live. */
const suite = useTestServer();
let roleId: string;
let deptId: string;
/** An administrator of the platform tenant who manages the users. */
let operator: TestUser;

beforeAll(async () => {
  operator = await createUserWithRole(suite.server, { account: 'look_operator', administrator: true });
  roleId = await createRole(suite.server, { alias: 'look_staff', name: '相似员工' });
  deptId = await createDept(suite.server, { name: '相似部' });
  await api().submit({ account: 'CaseAcc', name: 'CaseAcc', realName: '原账号', roleId, deptId, password: STRONG, password2: STRONG });
});

const api = () => operator.sdk.user.user;
const newUser = (account: string) => ({ account, name: account, realName: '相似', roleId, deptId });

async function sheet(accounts: string[]): Promise<{ filename: string; data: Uint8Array }> {
  const workbook = new ExcelJS.Workbook();
  const rows = workbook.addWorksheet('users');
  rows.addRow(['登录账号', '用户昵称', '用户姓名', '所属角色', '所属部门']);
  for (const account of accounts) rows.addRow([account, account, '导入者', '相似员工', '相似部']);
  return { filename: 'users.xlsx', data: new Uint8Array(await workbook.xlsx.writeBuffer()) };
}

describe('an account differing only in case', () => {
  it('is refused by submit and by update, changing nothing', async () => {
    const before = await tableSnapshot(suite.server, 'blade_user');
    expect(await failure(operator.sdk, api().submit(newUser('caseacc')))).toEqual(bad(m.accountTaken));
    expect(await failure(operator.sdk, api().submit(newUser('CASEACC')))).toEqual(bad(m.accountTaken));
    expect(await tableSnapshot(suite.server, 'blade_user')).toEqual(before);

    const other = await api().submit(newUser('other_acc'));
    expect(await failure(operator.sdk, api().update({ id: other.id as string, account: 'caseACC' }))).toEqual(bad(m.accountTaken));
    // Its own account in another case is still its own.
    const renamed = await api().update({ id: other.id as string, account: 'Other_Acc' });
    expect(renamed.account).toBe('Other_Acc');
  });

  it('is refused by the Excel import, against the tenant and within the sheet', async () => {
    const before = await tableSnapshot(suite.server, 'blade_user');
    const upload = async (accounts: string[], isCovered?: 0 | 1) => api().importUser({ file: await sheet(accounts) }, { isCovered });
    expect(await failure(operator.sdk, upload(['look_new', 'caseacc']))).toEqual(bad(`第3行: ${m.accountTaken}`));
    expect(await failure(operator.sdk, upload(['look_twice', 'LOOK_TWICE']))).toEqual(bad(`第3行: ${m.importDuplicate}`));
    expect(await tableSnapshot(suite.server, 'blade_user')).toEqual(before);
    // Covering updates the live account, keeping its spelling.
    expect(await upload(['CASEACC'], 1)).toEqual({ inserted: 0, updated: 1 });
    const accounts = await suite.server.ctx.db
      .selectFrom('blade_user')
      .select('account')
      .where(sql<boolean>`lower(account) = 'caseacc'`)
      .where('isDeleted', '=', 0)
      .execute();
    expect(accounts).toEqual([{ account: 'CaseAcc' }]);
  });

  it('is refused by register-guest', async () => {
    const guest = trackedClient(suite.server);
    const form = { tenantId: DEFAULT_TENANT_ID, account: 'cASEaCC', name: 'guest', password: STRONG, password2: STRONG };
    expect(await failure(guest, guest.user.user.registerGuest(form as never))).toEqual(bad(m.accountTaken));
  });

  it('signs in whatever the case typed', async () => {
    const token = await suite.server.client().login({ username: 'caseacc', password: STRONG });
    expect(token.account).toBe('CaseAcc');
  });

  it('is refused by the database too: the index is unique on a tenant and the lower-cased account', async () => {
    const index = await sql<{ indexdef: string }>`select indexdef from pg_indexes where indexname = 'blade_user_account_ci'`.execute(
      suite.server.ctx.db,
    );
    expect(index.rows[0]?.indexdef).toMatch(/^CREATE UNIQUE INDEX .*\(tenant_id, lower\(\(account\)::text\)\) WHERE \(is_deleted = 0\)/);
  });
});
