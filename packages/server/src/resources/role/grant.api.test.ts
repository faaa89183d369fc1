import { type MenuNode, roleMessages, zh } from '@sso/shared-api';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bad,
  createRole,
  createTenantWithAdmin,
  createUser,
  createUserWithRole,
  FORBIDDEN,
  failure,
  menuIds,
  signIn,
  TEST_PASSWORD,
  type TestUser,
  type TrackedClient,
  tableSnapshot,
  useTestServer,
} from '../../api-suite.testkit.js';
import { grantMessages } from './grant.js';
import { roleRuleMessages } from './rules.js';

/** role/grant: replacing menus and scopes at once, and every refusal leaving the grants as they were. */
const suite = useTestServer();
/** A tenant whose package holds only the role screen with its grant button and the post screen with its view button. */
let tenantG: TestUser;
let menus: Map<string, string>;
/** A role of 000000 and a signed-in user holding it. */
let target: string;
let grantee: TrackedClient;

beforeAll(async () => {
  menus = await menuIds(suite.server, ['post', 'post_view', 'dept', 'dept_view', 'role', 'role_grant', 'user']);
  tenantG = await createTenantWithAdmin(suite.server, '500001');
  const packageId = suite.server.ctx.ids.next();
  await suite.server.ctx.db
    .insertInto('blade_tenant_package')
    .values({ id: packageId, packageName: '岗位包', menuId: ids('role', 'role_grant', 'post', 'post_view').join(',') })
    .execute();
  await suite.server.ctx.db.updateTable('blade_tenant').set({ packageId }).where('tenantId', '=', '500001').execute();
  target = await createRole(suite.server, { alias: 'grant_target' });
  await createUser(suite.server, { account: 'grantee', roleId: target });
  grantee = await signIn(suite.server, { account: 'grantee', password: TEST_PASSWORD });
});

const ids = (...codes: string[]) => codes.map((code) => menus.get(code)!);
const grants = async () => ({
  menus: await tableSnapshot(suite.server, 'blade_role_menu'),
  scopes: await tableSnapshot(suite.server, 'blade_role_scope'),
});
const menusOf = async (roleId: string) =>
  (await suite.server.ctx.db.selectFrom('blade_role_menu').select('menuId').where('roleId', '=', roleId).execute())
    .map((r) => r.menuId)
    .sort();
const scopesOf = async (roleId: string) =>
  (
    await suite.server.ctx.db
      .selectFrom('blade_role_scope')
      .select(['scopeCategory', 'scopeId'])
      .where('roleId', '=', roleId)
      .orderBy('scopeCategory')
      .execute()
  ).map((r) => `${r.scopeCategory}:${r.scopeId}`);
const routeCodes = async (sdk: TrackedClient) => {
  const walk = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => [n.code, ...walk(n.children ?? [])]);
  return walk(await sdk.system.menu.routes());
};

describe('role grant', () => {
  let dataScope: string;
  let apiScope: string;
  beforeAll(async () => {
    dataScope = (
      await suite.admin.system.dataScope.submit({ menuId: menus.get('post')!, resourceCode: 'post', scopeName: '本人岗位', scopeType: 2 })
    ).id;
    apiScope = (
      await suite.admin.system.apiScope.submit({
        menuId: menus.get('post')!,
        resourceCode: 'grant_test',
        scopeName: '测试接口',
        scopePath: '/api/blade-grant-test/**',
        scopeType: 1,
      })
    ).id;
  });

  it('replaces the menus of the roles, and the holders see the change at once', async () => {
    expect(await failure(grantee, grantee.system.post.page())).toEqual(FORBIDDEN);
    const other = await createRole(suite.server, { alias: 'grant_other' });
    expect(await suite.admin.system.role.grant({ roleIds: [target, other], menuIds: ids('post', 'post_view') })).toBe(true);
    expect(await menusOf(target)).toEqual(ids('post', 'post_view').sort());
    expect(await menusOf(other)).toEqual(ids('post', 'post_view').sort());
    expect((await grantee.system.post.page()).current).toBe(1);
    expect(await routeCodes(grantee)).toContain('post');
    // Comma-joined ids are accepted too; the old grant is replaced, not added to.
    await suite.admin.system.role.grant({ roleIds: target, menuIds: ids('dept').join(',') } as never);
    expect(await menusOf(target)).toEqual(ids('dept'));
    expect(await failure(grantee, grantee.system.post.page())).toEqual(FORBIDDEN);
    expect(await routeCodes(grantee)).toEqual(['system', 'dept']);
  });

  it('replaces data and API scopes; a list left out stays as it was', async () => {
    await suite.admin.system.role.grant({ roleIds: [target], menuIds: ids('dept'), dataScopeIds: [dataScope], apiScopeIds: [apiScope] });
    expect(await scopesOf(target)).toEqual([`1:${dataScope}`, `2:${apiScope}`]);
    await suite.admin.system.role.grant({ roleIds: [target], menuIds: ids('dept', 'dept_view') });
    expect(await scopesOf(target)).toEqual([`1:${dataScope}`, `2:${apiScope}`]);
    await suite.admin.system.role.grant({ roleIds: [target], dataScopeIds: [] });
    expect(await scopesOf(target)).toEqual([`2:${apiScope}`]);
    expect(await menusOf(target)).toEqual(ids('dept', 'dept_view').sort());
  });

  it.each([
    ['without roleIds', { roleIds: undefined, menuIds: [] }, roleMessages.grantRoles],
    ['with empty roleIds', { roleIds: [], menuIds: [] }, roleMessages.grantRoles],
    ['with a malformed role id', { roleIds: ['abc'], menuIds: [] }, zh('badId')],
    ['with a role that does not exist', { roleIds: ['123456'], menuIds: [] }, grantMessages.grantRoleMissing],
    ['with a menu that does not exist', { menuIds: ['123456'] }, zh('packageMenuMissing')],
    ['with a data scope that does not exist', { dataScopeIds: ['123456'] }, grantMessages.dataScopeMissing],
    ['with an API scope that does not exist', { apiScopeIds: ['123456'] }, grantMessages.apiScopeMissing],
    ['with menuIds of the wrong type', { menuIds: 5 }, zh('badIds')],
  ])('refuses a grant %s and changes nothing', async (_name, change, msg) => {
    const before = await grants();
    const body = { roleIds: [target], ...change };
    expect(await failure(suite.admin, suite.admin.call('POST', '/api/blade-system/role/grant', undefined, body))).toEqual(bad(msg));
    expect(await grants()).toEqual(before);
  });

  it("refuses a role of another tenant, even beside one's own", async () => {
    const foreign = await createRole(suite.server, { tenantId: '500001', alias: 'foreign' });
    const before = await grants();
    for (const roleIds of [[foreign], [target, foreign]]) {
      const call = suite.admin.system.role.grant({ roleIds, menuIds: ids('post') });
      expect(await failure(suite.admin, call)).toEqual(bad(grantMessages.grantRoleMissing));
    }
    expect(await failure(tenantG.sdk, tenantG.sdk.system.role.grant({ roleIds: [target], menuIds: [] }))).toEqual(
      bad(grantMessages.grantRoleMissing),
    );
    expect(await grants()).toEqual(before);
  });

  it("keeps a tenant's grants within its package", async () => {
    const own = await createRole(suite.server, { tenantId: '500001', alias: 'packaged' });
    const before = await grants();
    const outside = tenantG.sdk.system.role.grant({ roleIds: [own], menuIds: ids('post', 'dept') });
    expect(await failure(tenantG.sdk, outside)).toEqual(bad('所选菜单超出租户产品包范围'));
    expect(await grants()).toEqual(before);
    await tenantG.sdk.system.role.grant({ roleIds: [own], menuIds: ids('post', 'post_view') });
    expect(await menusOf(own)).toEqual(ids('post', 'post_view').sort());
  });

  it('lets a non-administrator hand out only what they hold, and never to the administrator role', async () => {
    const granter = await createUserWithRole(suite.server, { account: 'granter', menuCodes: ['role', 'role_grant', 'post', 'post_view'] });
    const other = await createRole(suite.server, { alias: 'granted_by_granter' });
    await granter.sdk.system.role.grant({ roleIds: [other], menuIds: ids('post') });
    expect(await menusOf(other)).toEqual(ids('post'));
    const before = await grants();
    const beyond = { status: 403, code: 403, msg: grantMessages.beyondOwnGrants };
    expect(await failure(granter.sdk, granter.sdk.system.role.grant({ roleIds: [other], menuIds: ids('dept') }))).toEqual(beyond);
    expect(await failure(granter.sdk, granter.sdk.system.role.grant({ roleIds: [other], apiScopeIds: [apiScope] }))).toEqual(beyond);
    const administrator = (
      await suite.server.ctx.db
        .selectFrom('blade_role')
        .select('id')
        .where('tenantId', '=', '000000')
        .where('roleAlias', '=', 'administrator')
        .executeTakeFirstOrThrow()
    ).id;
    expect(await failure(granter.sdk, granter.sdk.system.role.grant({ roleIds: [administrator], menuIds: ids('post') }))).toEqual({
      status: 403,
      code: 403,
      msg: roleRuleMessages.noAdministrator,
    });
    expect(await grants()).toEqual(before);
  });

  it('needs the role_grant button', async () => {
    const viewer = await createUserWithRole(suite.server, { account: 'grant_viewer', menuCodes: ['role'] });
    const before = await grants();
    expect(await failure(viewer.sdk, viewer.sdk.system.role.grant({ roleIds: [target], menuIds: [] }))).toEqual(FORBIDDEN);
    expect(await grants()).toEqual(before);
  });
});
