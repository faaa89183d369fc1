import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '@sso/server/testing';
import { md5, type SsoClient } from '@sso/shared-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHome } from './cli-home.testkit.js';

let server: TestServer;
let home: Awaited<ReturnType<typeof adminHome>>;
let admin: SsoClient;
let checker: string;

type Row = Record<string, unknown>;
const call = (method: 'GET' | 'POST', path: string, query?: Row, body?: Row) =>
  admin.call(method, `/api/${path}`, query as never, body) as Promise<Row>;

/** Accounts inserted straight into the table (the CLI is under test, not user creation). */
async function addUsers(prefix: string, count: number): Promise<string[]> {
  const password = await server.ctx.passwords.hashDigest(md5('Test@12345'));
  const rows = Array.from({ length: count }, (_, i) => ({
    id: server.ctx.ids.next(),
    tenantId: '000000',
    account: `${prefix}${i}`,
    password,
    name: `${prefix}${i}`,
    realName: `${prefix}${i}`,
    status: 1,
  }));
  await server.ctx.db.insertInto('blade_user').values(rows).execute();
  return rows.map((r) => r.id);
}

const holders = async (roleAlias: string) =>
  (
    await server.ctx.db
      .selectFrom('blade_user_authorized_role as g')
      .innerJoin('blade_app_role as r', 'r.id', 'g.appRoleId')
      .innerJoin('blade_user as u', 'u.id', 'g.userId')
      .select('u.account')
      .where('r.roleAlias', '=', roleAlias)
      .where('g.isDeleted', '=', 0)
      .execute()
  )
    .map((row) => row.account)
    .sort();

beforeAll(async () => {
  server = await startTestServer();
  home = await adminHome(server);
  admin = await server.admin();
  const app = await call('POST', 'blade-aps/app/submit', undefined, {
    appCode: 'cli_fin',
    appName: '财务',
    appUrl: 'https://fin.example.com/',
    protocol: 'link',
    status: 1,
  });
  const menu = await call('POST', 'blade-aps/appmenu/submit', undefined, { appId: app.id, code: 'ledger', name: '总账' });
  const maker = await call('POST', 'blade-aps/approle/submit', undefined, { appId: app.id, roleName: '制单', roleAlias: 'maker' });
  checker = String(
    (await call('POST', 'blade-aps/approle/submit', undefined, { appId: app.id, roleName: '审核', roleAlias: 'checker' })).id,
  );
  await call('POST', 'blade-aps/approlemenu/grant', undefined, { appRoleId: maker.id, menuIds: String(menu.id) });
  await call('POST', 'blade-abs/appincompatiblerule/submit', undefined, { ruleName: '制单审核分离', appRoleIds: `${maker.id},${checker}` });
});
afterAll(async () => {
  home?.cleanup();
  await server?.close();
});

describe('sso app grant|revoke', () => {
  it('grants a role to accounts from --users and --users-file in chunks, refusing unknown accounts and separation-of-duties conflicts', async () => {
    const ids = await addUsers('bulk', 250);
    await call('POST', 'blade-aps/userauthorizedrole/submit', undefined, { userId: ids[3], appRoleId: checker });
    const file = join(home.dir, 'staff.txt');
    writeFileSync(file, ['# staff', ...Array.from({ length: 249 }, (_, i) => `bulk${i + 1}`), 'nobody'].join('\n'));

    const dry = await home.sso([
      'app',
      'grant',
      '--app',
      'cli_fin',
      '--role',
      'maker',
      '--users',
      'bulk0',
      '--users-file',
      file,
      '--dry-run',
    ]);
    expect(dry.code).toBe(1);
    expect(dry.err).toContain('app grant (dry run): 249 成功 (ok), 2 失败 (failed) — 249 granted');
    expect(await holders('maker')).toEqual([]);

    const done = await home.sso([
      'app',
      'grant',
      '--app',
      'cli_fin',
      '--role',
      'maker',
      '--users',
      'bulk0',
      '--users-file',
      file,
      '--reason',
      '入职',
    ]);
    expect(done.code).toBe(1);
    expect(done.err).toContain('app grant: 249 成功 (ok), 2 失败 (failed) — 249 granted, 0 unchanged');
    expect(done.err).toMatch(/line 4: bulk3: 违反不相容规则「制单审核分离」：财务\/制单 与 财务\/审核/);
    expect(done.err).toContain('line 251: nobody: 账号不存在');
    expect(await holders('maker')).toHaveLength(249);
    const refusals = await server.ctx.db
      .selectFrom('blade_app_incompatible_log')
      .select(['account', 'source'])
      .where('kind', '=', 'refused')
      .execute();
    expect(refusals).toEqual([{ account: 'bulk3', source: 'cli' }]);

    const again = await home.sso(['app', 'grant', '--app', 'cli_fin', '--role', 'maker', '--users', 'bulk0,bulk1']);
    expect(again).toMatchObject({ code: 0 });
    expect(again.err).toContain('0 granted, 2 unchanged');

    const revoke = await home.sso(['app', 'revoke', '--app', 'cli_fin', '--role', 'maker', '--users', 'bulk0,bulk1']);
    expect(revoke.code).toBe(0);
    expect(revoke.err).toContain('app revoke: 2 成功 (ok), 0 失败 (failed) — 2 revoked');
    expect(await holders('maker')).toHaveLength(247);
  });

  it('is a usage error without accounts, and names an unknown role', async () => {
    expect((await home.sso(['app', 'grant', '--app', 'cli_fin', '--role', 'maker'])).code).toBe(2);
    const unknown = await home.sso(['app', 'grant', '--app', 'cli_fin', '--role', 'nope', '--users', 'bulk0']);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('应用角色不存在');
  });
});

describe('sso user access', () => {
  it('lists what an account holds and where it comes from, as a table or JSON', async () => {
    const table = await home.sso(['user', 'access', 'bulk5']);
    expect(table.code).toBe(0);
    expect(table.out).toMatch(/财务 \(cli_fin\)\s+role\s+制单 \(maker\)\s+cli/);
    expect(table.out).toMatch(/menu\s+总账 \(ledger\)\s+role 制单/);
    const json = JSON.parse((await home.sso(['--json', 'user', 'access', 'bulk5'])).out) as { apps: { appCode: string; roles: Row[] }[] };
    expect(json.apps).toMatchObject([{ appCode: 'cli_fin', roles: [{ roleAlias: 'maker', source: 'cli' }] }]);
    expect((await home.sso(['user', 'access', 'nobody'])).err).toContain('账号不存在');
  });
});
