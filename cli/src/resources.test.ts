import { startTestServer, type TestServer } from '@sso/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHome, cliHome } from './cli-home.testkit.js';

let server: TestServer;
let home: Awaited<ReturnType<typeof adminHome>>;
beforeAll(async () => {
  server = await startTestServer();
  home = await adminHome(server);
});
afterAll(async () => {
  home?.cleanup();
  await server?.close();
});

const paramRow = (key: string, value: string) => [
  'param',
  'create',
  '--set',
  `paramName=${key}`,
  '--set',
  `paramKey=${key}`,
  '--set',
  `paramValue=${value}`,
];

describe('generic resource commands', () => {
  it('creates, gets, updates, lists with filters and deletes a param', async () => {
    const created = await home.sso([...paramRow('cli.demo', 'one'), '--json']);
    expect(created.code).toBe(0);
    const id = JSON.parse(created.out).id as string;
    expect(JSON.parse((await home.sso(['param', 'get', id])).out)).toMatchObject({ paramKey: 'cli.demo', paramValue: 'one' });
    expect((await home.sso(['param', 'update', id, '--set', 'paramValue=two'])).code).toBe(0);

    const listed = await home.sso(['param', 'list', '--param-key', 'cli.demo', '--fields', 'id,paramKey,paramValue']);
    expect(listed.out).toBe(`${id}\tcli.demo\ttwo\n`);
    const json = JSON.parse((await home.sso(['param', 'list', '--param-key', 'cli.demo', '--json'])).out);
    expect(json).toEqual([expect.objectContaining({ id, paramValue: 'two' })]);
    const csv = await home.sso(['param', 'list', '--param-key', 'cli.demo', '--csv', '--fields', 'paramKey,paramValue']);
    expect(csv.out).toBe('paramKey,paramValue\ncli.demo,two\n');
    const table = await home.sso(['param', 'list', '--param-key', 'cli.demo', '--fields', 'paramKey,paramValue'], { tty: true });
    expect(table.out).toMatch(/^PARAMKEY\s+PARAMVALUE\ncli\.demo\s+two\n$/);

    const refused = await home.sso(['param', 'delete', id]);
    expect(refused.code).toBe(2);
    expect((await home.sso(['param', 'delete', id], { tty: true, answer: 'n' })).code).toBe(1);
    expect((await home.sso(['param', 'delete', id, '--yes'])).code).toBe(0);
    expect((await home.sso(['param', 'list', '--param-key', 'cli.demo'])).out).toBe('');
  });

  it('streams every page with --all', async () => {
    for (let i = 0; i < 12; i++) expect((await home.sso(paramRow(`cli.page.${i}`, `v${i}`))).code).toBe(0);
    const one = await home.sso(['param', 'list', '--param-key', 'cli.page', '--size', '10', '--fields', 'paramKey']);
    expect(one.out.trim().split('\n')).toHaveLength(10);
    const all = await home.sso(['param', 'list', '--param-key', 'cli.page', '--size', '10', '--all', '--csv', '--fields', 'paramKey']);
    const lines = all.out.trim().split('\n');
    expect(lines[0]).toBe('paramKey');
    expect(lines.slice(1).sort()).toEqual(Array.from({ length: 12 }, (_, i) => `cli.page.${i}`).sort());
  });

  it('passes validation messages through and exits 1', async () => {
    const result = await home.sso(['param', 'create', '--set', 'paramKey=x']);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/错误: .*参数名称/);
  });

  it('answers a missing row of any resource with "not found" on stderr and exit 1, in the language of --lang', async () => {
    const missingUser = await home.sso(['user', 'get', '1']);
    expect(missingUser).toMatchObject({ code: 1, out: '', err: '错误: user 1 不存在 (not found)\n' });
    const missingParam = await home.sso(['--lang', 'en', 'param', 'get', '1', '--json']);
    expect(missingParam).toMatchObject({ code: 1, out: '', err: 'Error: param 1 not found\n' });
    const asTable = await home.sso(['--lang', 'zh', 'role', 'get', '1'], { tty: true });
    expect(asTable).toMatchObject({ code: 1, out: '', err: '错误: role 1 不存在 (not found)\n' });
  });

  it('prefixes failures with "Error:" under --lang en', async () => {
    const result = await home.sso(['--lang', 'en', 'param', 'create', '--set', 'paramKey=x']);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/^Error: Please enter the parameter name/);
    expect(result.err).not.toContain('错误');
  });

  it('shows the names of roles, departments and dictionary codes in list tables, the ids in JSON and --fields', async () => {
    const db = server.ctx.db;
    const stored = await db.selectFrom('blade_user').select(['roleId', 'deptId']).where('account', '=', 'admin').executeTakeFirstOrThrow();
    const role = await db.selectFrom('blade_role').select('roleName').where('id', '=', String(stored.roleId)).executeTakeFirstOrThrow();
    const dept = await db.selectFrom('blade_dept').select('deptName').where('id', '=', String(stored.deptId)).executeTakeFirstOrThrow();
    const admin = { ...stored, ...role, ...dept };
    const table = await home.sso(['user', 'list', '--account', 'admin'], { tty: true });
    const [header, row] = table.out.split('\n');
    expect(header.split(/\s+/)).toEqual(['ID', 'ACCOUNT', 'CODE', 'REALNAME', 'NAME', 'USERTYPENAME', 'ROLENAME', 'DEPTNAME', 'PHONE']);
    expect(row).toContain(admin.roleName);
    expect(row).toContain(admin.deptName);
    expect(row).not.toContain(admin.roleId);
    expect(row).not.toContain(admin.deptId);
    const piped = await home.sso(['user', 'list', '--account', 'admin']);
    expect(piped.out.split('\t')).toContain(admin.roleName);
    const json = JSON.parse((await home.sso(['user', 'list', '--account', 'admin', '--json'])).out);
    expect(json[0]).toMatchObject({ roleId: admin.roleId, roleName: admin.roleName, deptId: admin.deptId, deptName: admin.deptName });
    const ids = await home.sso(['user', 'list', '--account', 'admin', '--fields', 'account,roleId']);
    expect(ids.out).toBe(`admin\t${admin.roleId}\n`);
  });

  it('exits 4 when not signed in or lacking a grant', async () => {
    const anonymous = cliHome({ SSO_URL: server.baseUrl });
    expect((await anonymous.sso(['param', 'list'])).code).toBe(4);
    anonymous.cleanup();
  });

  it('has a command for every registry resource', async () => {
    const help = await home.sso(['--help']);
    for (const name of ['param', 'dict', 'dict-biz', 'user', 'role', 'menu', 'dept', 'tenant'])
      expect(help.out).toMatch(new RegExp(`\\n  ${name} `));
    const menus = await home.sso(['menu', 'list', '--json']);
    expect(menus.code).toBe(0);
    // Menus list as a tree: every node once, the children after their parents, without the nesting.
    const rows = JSON.parse(menus.out) as { id: string; parentId: string }[];
    expect(rows.some((row) => row.parentId !== '0')).toBe(true);
    expect(rows.some((row) => 'children' in row)).toBe(false);
    const seen = new Set<string>(['0']);
    for (const row of rows) {
      expect(seen.has(row.parentId), row.id).toBe(true);
      seen.add(row.id);
    }
  });
});
