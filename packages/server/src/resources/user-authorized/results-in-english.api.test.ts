import { resourceClient, userAuthorizedRole } from '@sso/shared-api';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { createRole, createUser, signInAdmin, useTestServer } from '../../api-suite.testkit.js';
import { appAuthzKit } from './app-authz.testkit.js';

/** Bulk and import answers give each refused row's message in the caller's language. */
const suite = useTestServer();
const kit = appAuthzKit(suite);

async function staff(account: string) {
  const roleId = await createRole(suite.server, { alias: `${account}_r` });
  return createUser(suite.server, { account, roleId });
}

async function sheet(rows: string[][]) {
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet('grants');
  ws.addRow(['Account', 'Application code', 'Role code', 'Expires', 'Reason']);
  for (const row of rows) ws.addRow(row);
  return { filename: 'grants.xlsx', data: new Uint8Array(await workbook.xlsx.writeBuffer()) };
}

describe('bulk and import results in English', () => {
  it('names an unknown account and a separation-of-duties refusal in English for Accept-Language: en', async () => {
    const app = await kit.app({ appName: 'Payments' });
    const maker = await kit.role(app.id, 'maker');
    const checker = await kit.role(app.id, 'checker');
    await kit.rule('maker-checker', [maker, checker]);
    const holder = await staff('bulk_en_a');
    await kit.grant(holder, maker);
    const en = resourceClient(await signInAdmin(suite.server, { language: 'en' }), userAuthorizedRole);
    const answer = await en.bulk({ action: 'grant', appCode: app.appCode, roleCode: 'checker', accounts: ['bulk_en_a', 'bulk_en_nobody'] });
    expect(answer.results).toEqual([
      {
        account: 'bulk_en_a',
        outcome: 'refused',
        message:
          'Breaks the separation-of-duties rule "maker-checker": Payments/角色checker and Payments/角色maker may not be held by the same user',
      },
      { account: 'bulk_en_nobody', outcome: 'refused', message: 'The account does not exist' },
    ]);
    // The same call in Chinese (the default) keeps the Chinese messages.
    const zh = resourceClient(suite.admin, userAuthorizedRole);
    const chinese = await zh.bulk({
      action: 'grant',
      appCode: app.appCode,
      roleCode: 'checker',
      accounts: ['bulk_en_nobody'],
      dryRun: true,
    });
    expect(chinese.results[0].message).toBe('账号不存在');
  });

  it('gives an import row refused by a rule its English message', async () => {
    const app = await kit.app({ appName: 'Claims' });
    const submitter = await kit.role(app.id, 'submitter');
    const approver = await kit.role(app.id, 'approver');
    await kit.rule('claims-split', [submitter, approver]);
    const holder = await staff('import_en_a');
    await kit.grant(holder, approver);
    const en = resourceClient(await signInAdmin(suite.server, { language: 'en' }), userAuthorizedRole);
    const answer = await en.importGrant({ file: await sheet([['import_en_a', app.appCode, 'submitter', '', '']]) });
    expect(answer.results).toEqual([
      {
        row: 2,
        account: 'import_en_a',
        outcome: 'refused',
        message:
          'Breaks the separation-of-duties rule "claims-split": Claims/角色submitter and Claims/角色approver may not be held by the same user',
      },
    ]);
  });
});
