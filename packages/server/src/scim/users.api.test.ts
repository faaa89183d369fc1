import { describe, expect, it } from 'vitest';
import { createTenantWithAdmin, createUserWithRole, menuIds, signIn, useTestServer } from '../api-suite.testkit.js';
import { hashClientSecret } from '../kernel/client-secret.js';
import {
  accessStatus,
  accessTokenOf,
  createApp,
  ENTERPRISE,
  expectScimError,
  mintToken,
  patchBody,
  type ScimCall,
  scimClient,
  scimOfNewApp,
  USER,
} from './scim.testkit.js';

/** SCIM Users: a provisioning client's session end to end, the token's scope, and every bad input answered 400. */
const suite = useTestServer();

const GOOD_PASSWORD = 'Scim@2024pass';

const newUser = (userName: string, over: Record<string, unknown> = {}) => ({
  schemas: [USER, ENTERPRISE],
  userName,
  name: { formatted: `张${userName.slice(0, 5)}` },
  displayName: `昵称${userName.slice(0, 10)}`,
  emails: [{ value: `${userName}@corp.example.com`, type: 'work', primary: true }],
  phoneNumbers: [{ value: '13800000000', type: 'mobile' }],
  [ENTERPRISE]: { employeeNumber: `E-${userName}` },
  ...over,
});

async function created(scim: ScimCall, userName: string, over: Record<string, unknown> = {}) {
  const answer = await scim('POST', '/Users', newUser(userName, over));
  expect(answer.status).toBe(201);
  return answer.body as { id: string; meta: { version: string; lastModified: string } };
}

describe('the SCIM token', () => {
  it('is answered once, kept only as its hash, and a new one replaces the old', async () => {
    const appId = await createApp(suite.admin);
    const first = await mintToken(suite.admin, appId);
    expect(first).toMatch(/^scim_[\w-]{43}$/);
    const stored = await suite.server.ctx.db.selectFrom('blade_scim_token').selectAll().where('appId', '=', appId).execute();
    expect(stored.map((row) => row.tokenHash)).toEqual([hashClientSecret(first)]);
    expect((await scimClient(suite.server, first)('GET', '/Users?count=1')).status).toBe(200);

    const second = await mintToken(suite.admin, appId);
    expect(second).not.toBe(first);
    expectScimError(await scimClient(suite.server, first)('GET', '/Users'), 401);
    expect((await scimClient(suite.server, second)('GET', '/Users?count=1')).status).toBe(200);
  });

  it('is refused when absent, unknown, a platform access token, or for a removed application', async () => {
    const noToken = await scimClient(suite.server, undefined)('GET', '/Users');
    expectScimError(noToken, 401);
    expect(noToken.headers.get('www-authenticate')).toContain('Bearer');
    expectScimError(await scimClient(suite.server, 'scim_not-a-token')('GET', '/Users'), 401);
    expectScimError(await scimClient(suite.server, accessTokenOf(suite.admin))('GET', '/Users'), 401);

    const { appId, scim } = await scimOfNewApp(suite);
    await suite.admin.call('POST', '/api/blade-aps/app/remove', { ids: appId });
    expectScimError(await scim('GET', '/Users'), 401);
  });

  it('is minted only by those who may edit the application, of their own tenant', async () => {
    const appId = await createApp(suite.admin);
    const viewer = await createUserWithRole(suite.server, { account: 'scim_viewer', menuCodes: ['app'] });
    await expect(viewer.sdk.call('POST', '/api/blade-aps/app/scim-token', { id: appId })).rejects.toThrow();
    expect(viewer.sdk.lastStatus()).toBe(403);

    // Within the editor's data scope only: a role that sees only the applications it created.
    const editor = await createUserWithRole(suite.server, { account: 'scim_editor', menuCodes: ['app', 'app_add', 'app_edit'] });
    const scopeId = suite.server.ctx.ids.next();
    const appMenu = (await menuIds(suite.server, ['app'])).get('app') as string;
    await suite.server.ctx.db
      .insertInto('blade_scope_data')
      .values({ id: scopeId, menuId: appMenu, resourceCode: 'app', scopeName: 'own applications', scopeType: 2 })
      .execute();
    await suite.server.ctx.db
      .insertInto('blade_role_scope')
      .values({ id: suite.server.ctx.ids.next(), roleId: editor.roleId, scopeId, scopeCategory: 1 })
      .execute();
    suite.server.ctx.permissions.clear();
    await expect(editor.sdk.call('POST', '/api/blade-aps/app/scim-token', { id: appId })).rejects.toThrow();
    expect(editor.sdk.lastStatus()).toBe(400);
    expect(await mintToken(editor.sdk, await createApp(editor.sdk))).toMatch(/^scim_/);

    const other = await createTenantWithAdmin(suite.server, '700001');
    await expect(other.sdk.call('POST', '/api/blade-aps/app/scim-token', { id: appId })).rejects.toThrow();
    expect(other.sdk.lastStatus()).toBe(400);
    expect(await suite.server.ctx.db.selectFrom('blade_scim_token').select('appId').where('appId', '=', appId).execute()).toEqual([]);
  });

  it('sees only its own tenant: another tenant’s token finds none of its users, and a foreign Tenant-Id is refused', async () => {
    const { scim } = await scimOfNewApp(suite);
    const mine = await created(scim, 'tenant_bound');

    const other = await createTenantWithAdmin(suite.server, '700002');
    const foreign = scimClient(suite.server, await mintToken(other.sdk, await createApp(other.sdk)));
    expectScimError(await foreign('GET', `/Users/${mine.id}`), 404);
    const listed = await foreign('GET', '/Users?filter=userName eq "tenant_bound"');
    expect(listed.body).toMatchObject({ totalResults: 0, Resources: [] });
    expectScimError(await foreign('PATCH', `/Users/${mine.id}`, patchBody({ op: 'replace', path: 'active', value: false })), 404);
    expectScimError(await scim('GET', '/Users', undefined, { 'tenant-id': '700002' }), 401);
  });
});

describe('SCIM Users', () => {
  it('creates a user mapped onto the platform user, who signs in with the password given', async () => {
    const { scim } = await scimOfNewApp(suite);
    const answer = await scim('POST', '/Users', newUser('alice', { password: GOOD_PASSWORD }));
    expect(answer.status).toBe(201);
    expect(answer.headers.get('content-type')).toContain('application/scim+json');
    expect(answer.headers.get('location')).toBe(`${suite.server.baseUrl}/scim/v2/Users/${answer.body.id}`);
    expect(answer.headers.get('etag')).toBe(answer.body.meta.version);
    expect(answer.body).toMatchObject({
      schemas: [USER, ENTERPRISE],
      userName: 'alice',
      name: { formatted: '张alice' },
      displayName: '昵称alice',
      active: true,
      emails: [{ value: 'alice@corp.example.com', primary: true }],
      phoneNumbers: [{ value: '13800000000' }],
      [ENTERPRISE]: { employeeNumber: 'E-alice' },
      meta: { resourceType: 'User', version: expect.stringMatching(/^W\/".+"$/) },
    });
    expect(answer.body).not.toHaveProperty('password');
    const row = await suite.server.ctx.db.selectFrom('blade_user').selectAll().where('id', '=', answer.body.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      account: 'alice',
      realName: '张alice',
      name: '昵称alice',
      code: 'E-alice',
      status: 1,
      email: 'alice@corp.example.com',
    });
    await signIn(suite.server, { account: 'alice', password: GOOD_PASSWORD });

    const long = await scim(
      'POST',
      '/Users',
      newUser('long_names', {
        name: { givenName: 'Maximilian', familyName: 'Oppenheimer-' },
        displayName: 'Maximilian Oppenheimer-Schwarzenberg',
      }),
    );
    expect(long.body).toMatchObject({ name: { formatted: 'Oppenheime' }, displayName: 'Maximilian Oppenheime'.slice(0, 20) });
    expectScimError(await scim('GET', '/Users/99999999999999999999'), 404);
    expectScimError(await scim('GET', '/Users/9999999999999999999'), 404);

    const again = await scim('POST', '/Users', newUser('ALICE'));
    expectScimError(again, 409, 'uniqueness');
    expectScimError(await scim('POST', '/Users', newUser('weak', { password: 'short' })), 400, 'invalidValue');
  });

  it('keeps the externalId each application gives a user, for that application only', async () => {
    const first = await scimOfNewApp(suite);
    const second = await scimOfNewApp(suite);
    const user = await created(first.scim, 'ext_user', { externalId: 'entra-0001' });
    expect((await first.scim('GET', `/Users/${user.id}`)).body.externalId).toBe('entra-0001');
    expect((await second.scim('GET', `/Users/${user.id}`)).body).not.toHaveProperty('externalId');
    const found = await first.scim('GET', `/Users?filter=${encodeURIComponent('externalId eq "ENTRA-0001"')}`);
    expect(found.body.Resources.map((u: { id: string }) => u.id)).toEqual([user.id]);
    expect((await second.scim('GET', `/Users?filter=${encodeURIComponent('externalId eq "entra-0001"')}`)).body.totalResults).toBe(0);
    await second.scim('PATCH', `/Users/${user.id}`, patchBody({ op: 'add', path: 'externalId', value: 'okta-9' }));
    expect((await second.scim('GET', `/Users/${user.id}`)).body.externalId).toBe('okta-9');
    expect((await first.scim('GET', `/Users/${user.id}`)).body.externalId).toBe('entra-0001');
    // PUT replaces: without externalId the application's one is forgotten.
    expect((await first.scim('PUT', `/Users/${user.id}`, newUser('ext_user'))).body).not.toHaveProperty('externalId');
    expectScimError(await first.scim('POST', '/Users', newUser('ext_long', { externalId: 'x'.repeat(256) })), 400, 'invalidValue');
    expectScimError(await first.scim('POST', '/Users', newUser('ext_type', { externalId: 12 })), 400, 'invalidValue');
  });

  it('filters with every operator, and/or, not and parentheses, case-insensitive names, and pages', async () => {
    const { scim } = await scimOfNewApp(suite);
    const names = ['flt_amy', 'flt_bob', 'flt_cat', 'flt_dan', 'flt_eve'];
    const users = [];
    for (const name of names) users.push(await created(scim, name));
    const find = async (filter: string) => {
      const answer = await scim('GET', `/Users?filter=${encodeURIComponent(filter)}&count=500`);
      expect(answer.status).toBe(200);
      return (answer.body.Resources as { userName: string }[]).map((u) => u.userName).filter((n) => n.startsWith('flt_'));
    };
    expect(await find('userName eq "flt_bob"')).toEqual(['flt_bob']);
    expect(await find('USERNAME Eq "FLT_BOB"')).toEqual(['flt_bob']);
    expect(await find('userName sw "flt_" and userName ne "flt_bob"')).toEqual(['flt_amy', 'flt_cat', 'flt_dan', 'flt_eve']);
    expect(await find('userName co "_c" or userName ew "eve"')).toEqual(['flt_cat', 'flt_eve']);
    expect(await find('userName sw "flt_" and not (userName eq "flt_amy" or userName eq "flt_dan")')).toEqual([
      'flt_bob',
      'flt_cat',
      'flt_eve',
    ]);
    expect(await find('(userName eq "flt_amy" or userName eq "flt_bob") and emails pr')).toEqual(['flt_amy', 'flt_bob']);
    expect(await find('emails[type eq "work" and value sw "flt_dan@"]')).toEqual(['flt_dan']);
    expect(await find(`${ENTERPRISE}:employeeNumber eq "e-FLT_cat"`)).toEqual(['flt_cat']);
    expect(await find(`id eq "${users[3]?.id}" and userName pr`)).toEqual(['flt_dan']);
    expect(await find('id eq "abc" or userName eq "flt_eve"')).toEqual(['flt_eve']);
    expect(await find('id eq "abc"')).toEqual([]);
    expect(await find('userName sw "flt_" and phoneNumbers.value eq "13800000000"')).toEqual(names);

    // meta.lastModified compares as an instant.
    await suite.server.ctx.db
      .updateTable('blade_user')
      .set({ updateTime: new Date('2001-01-01T00:00:00Z') })
      .where('account', '=', 'flt_amy')
      .execute();
    expect(await find('userName sw "flt_" and meta.lastModified lt "2002-01-01T00:00:00Z"')).toEqual(['flt_amy']);
    expect(await find('userName sw "flt_" and meta.lastModified ge "2002-01-01T00:00:00+08:00"')).toEqual(names.slice(1));
    expect(
      await find('userName sw "flt_" and meta.lastModified gt "2000-12-31T23:59:59Z" and meta.lastModified le "2001-01-01T00:00:00Z"'),
    ).toEqual(['flt_amy']);

    const page = await scim('GET', `/Users?filter=${encodeURIComponent('userName sw "flt_"')}&startIndex=2&count=2`);
    expect(page.body).toMatchObject({ totalResults: 5, startIndex: 2, itemsPerPage: 2 });
    expect(page.body.Resources.map((u: { userName: string }) => u.userName)).toEqual(['flt_bob', 'flt_cat']);
    const beyond = await scim('GET', `/Users?filter=${encodeURIComponent('userName sw "flt_"')}&startIndex=9`);
    expect(beyond.body).toMatchObject({ totalResults: 5, itemsPerPage: 0, Resources: [] });

    const narrow = await scim('GET', `/Users/${users[0]?.id}?attributes=userName,name.formatted`);
    expect(Object.keys(narrow.body).sort()).toEqual(['id', 'meta', 'name', 'schemas', 'userName']);
    const without = await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "flt_eve"')}&excludedAttributes=emails,groups`);
    expect(without.body.Resources[0]).not.toHaveProperty('emails');
    expect(without.body.Resources[0]).toHaveProperty('userName', 'flt_eve');
  });

  it('patches attributes, the active flag and the password, ending the user’s sessions', async () => {
    const { scim } = await scimOfNewApp(suite);
    const user = await created(scim, 'patchy', { password: GOOD_PASSWORD });
    const session = await signIn(suite.server, { account: 'patchy', password: GOOD_PASSWORD });
    expect(await accessStatus(suite.server, session)).toBe(200);

    const patched = await scim(
      'PATCH',
      `/Users/${user.id}`,
      patchBody(
        { op: 'replace', path: 'displayName', value: '新昵称' },
        { op: 'replace', path: 'name.formatted', value: '李四' },
        { op: 'replace', path: 'emails[type eq "work"].value', value: 'patchy@new.example.com' },
        { op: 'add', value: { [ENTERPRISE]: { employeeNumber: 'E-9' } } },
        { op: 'remove', path: 'phoneNumbers' },
      ),
    );
    const primary = await scim(
      'PATCH',
      `/Users/${user.id}`,
      patchBody({ op: 'add', path: 'emails', value: [{ value: 'primary@new.example.com', primary: true }] }),
    );
    expect(primary.body.emails).toEqual([{ value: 'primary@new.example.com', type: 'work', primary: true }]);
    await scim(
      'PATCH',
      `/Users/${user.id}`,
      patchBody({ op: 'replace', path: 'emails', value: [{ value: 'patchy@new.example.com', type: 'work' }] }),
    );
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      displayName: '新昵称',
      name: { formatted: '李四' },
      emails: [{ value: 'patchy@new.example.com' }],
      phoneNumbers: [],
      [ENTERPRISE]: { employeeNumber: 'E-9' },
    });
    expect(patched.body.meta.version).not.toBe(user.meta.version);

    const newPassword = 'Another#2024x';
    expectScimError(
      await scim('PATCH', `/Users/${user.id}`, patchBody({ op: 'replace', path: 'password', value: 'weak' })),
      400,
      'invalidValue',
    );
    expect((await scim('PATCH', `/Users/${user.id}`, patchBody({ op: 'replace', value: { password: newPassword } }))).status).toBe(200);
    expect(await accessStatus(suite.server, session)).toBe(401);
    const fresh = await signIn(suite.server, { account: 'patchy', password: newPassword });

    const disabled = await scim('PATCH', `/Users/${user.id}`, patchBody({ op: 'Replace', path: 'active', value: 'False' }));
    expect(disabled.body.active).toBe(false);
    expect(await accessStatus(suite.server, fresh)).toBe(401);
    expect((await scim('PATCH', `/Users/${user.id}`, patchBody({ op: 'replace', path: 'active', value: true }))).body.active).toBe(true);
  });

  it('replaces with PUT under If-Match: a stale version is 412 and changes nothing', async () => {
    const { scim } = await scimOfNewApp(suite);
    const user = await created(scim, 'etag_user');
    const stale = user.meta.version;
    const put = await scim('PUT', `/Users/${user.id}`, newUser('etag_user', { displayName: '第一次' }), { 'if-match': stale });
    expect(put.status).toBe(200);
    expect(put.body.displayName).toBe('第一次');
    const conflict = await scim('PUT', `/Users/${user.id}`, newUser('etag_user', { displayName: '第二次' }), { 'if-match': stale });
    expectScimError(conflict, 412);
    expectScimError(
      await scim('PATCH', `/Users/${user.id}`, patchBody({ op: 'replace', path: 'displayName', value: 'x' }), { 'if-match': stale }),
      412,
    );
    expectScimError(await scim('DELETE', `/Users/${user.id}`, undefined, { 'if-match': stale }), 412);
    expect((await scim('GET', `/Users/${user.id}`)).body.displayName).toBe('第一次');
    expect((await scim('PUT', `/Users/${user.id}`, newUser('etag_user'), { 'if-match': put.body.meta.version })).status).toBe(200);
  });

  it('DELETE disables the account and ends its sessions; the user stays, inactive', async () => {
    const { scim } = await scimOfNewApp(suite);
    const user = await created(scim, 'leaver', { password: GOOD_PASSWORD });
    const session = await signIn(suite.server, { account: 'leaver', password: GOOD_PASSWORD });
    const gone = await scim('DELETE', `/Users/${user.id}`);
    expect(gone.status).toBe(204);
    expect(await accessStatus(suite.server, session)).toBe(401);
    const row = await suite.server.ctx.db
      .selectFrom('blade_user')
      .select(['status', 'isDeleted'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 0, isDeleted: 0 });
    expect((await scim('GET', `/Users/${user.id}`)).body.active).toBe(false);
  });
});

describe('bad input', () => {
  it.each([
    'userName eq',
    'userName xx "a"',
    '(userName eq "a"',
    'userName eq "a")',
    'userName eq a',
    'userName co true',
    'meta.lastModified gt true',
    'userName eq "a" and',
    'emails[type eq "work"',
    'not userName eq "a"',
    '"userName" eq "a"',
    'user..name eq "a"',
    `${'('.repeat(60)}userName pr${')'.repeat(60)}`,
    `userName eq "${'x'.repeat(3000)}"`,
  ])('refuses the filter %s with 400 invalidFilter', async (filter) => {
    const { scim } = await scimOfNewApp(suite);
    expectScimError(await scim('GET', `/Users?filter=${encodeURIComponent(filter)}`), 400, 'invalidFilter');
  });

  it('refuses malformed bodies and parameters with SCIM errors, never a 500', async () => {
    const { scim } = await scimOfNewApp(suite);
    const user = await created(scim, 'target');
    expectScimError(await scim('POST', '/Users', '{not json'), 400, 'invalidSyntax');
    expectScimError(await scim('POST', '/Users', []), 400, 'invalidSyntax');
    expectScimError(await scim('POST', '/Users', { userName: 'noschema' }), 400, 'invalidSyntax');
    expectScimError(await scim('POST', '/Users', { schemas: [USER] }), 400, 'invalidValue');
    expectScimError(await scim('POST', '/Users', newUser('badphone', { phoneNumbers: [{ value: '12' }] })), 400, 'invalidValue');
    expectScimError(await scim('POST', '/Users', newUser('bademail', { emails: 'x' })), 400, 'invalidValue');
    expectScimError(await scim('POST', '/Users', newUser('badactive', { active: 'maybe' })), 400, 'invalidValue');
    expectScimError(await scim('GET', '/Users?startIndex=abc'), 400, 'invalidValue');
    expectScimError(await scim('GET', '/Users?attributes=emails..value'), 400, 'invalidValue');
    expectScimError(await scim('PATCH', `/Users/${user.id}`, { Operations: [] }), 400, 'invalidSyntax');
    expectScimError(
      await scim('PATCH', `/Users/${user.id}`, patchBody({ op: 'move', path: 'userName', value: 'x' })),
      400,
      'invalidSyntax',
    );
    expectScimError(await scim('PATCH', `/Users/${user.id}`, patchBody({ op: 'remove' })), 400, 'noTarget');
    expectScimError(
      await scim('PATCH', `/Users/${user.id}`, patchBody({ op: 'replace', path: 'emails[type eq "home"].value', value: 'a@b.cn' })),
      400,
      'noTarget',
    );
    expectScimError(await scim('PATCH', `/Users/${user.id}`, patchBody({ op: 'replace', path: 'id', value: '1' })), 400, 'mutability');
    expectScimError(
      await scim('PATCH', `/Users/${user.id}`, patchBody({ op: 'replace', path: 'emails[type eq]', value: 'x' })),
      400,
      'invalidPath',
    );
    expectScimError(await scim('GET', '/Users/not-an-id'), 404);
    expectScimError(await scim('GET', '/Users/999999999999'), 404);
    expectScimError(await scim('GET', '/Nope'), 404);
    expectScimError(await scim('POST', '/Users', newUser('nul\u0000char')), 400, 'invalidValue');
    expectScimError(
      await scim('POST', '/Users', newUser('deep', { nested: JSON.parse(`${'['.repeat(40)}${']'.repeat(40)}`) })),
      400,
      'invalidSyntax',
    );
    const badEncoding = await scim('GET', '/Users?filter=%E0%A4%A');
    expectScimError(badEncoding, 400, 'invalidSyntax');
    expectScimError(await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "\u0001"')}`), 400, 'invalidSyntax');

    const odd: [string, string, unknown][] = [
      ['POST', '/Users', { schemas: [USER], userName: 7 }],
      ['POST', '/Users', { schemas: [USER], userName: 'x'.repeat(500) }],
      ['POST', '/Users', { schemas: [USER], userName: 'ok_odd', name: 'string', emails: [null, 3] }],
      ['PUT', `/Users/${user.id}`, { schemas: 'x' }],
      ['PATCH', `/Users/${user.id}`, patchBody({ op: 'add', path: 'name.formatted.x', value: 1 })],
      ['PATCH', `/Users/${user.id}`, patchBody({ op: 'add', path: 'emails', value: [{ value: { nested: true } }] })],
      ['PATCH', `/Users/${user.id}`, patchBody(null, 1)],
      ['PATCH', `/Users/${user.id}`, patchBody({ op: 'add', value: { [ENTERPRISE]: 'x' } })],
      ['PATCH', `/Users/${user.id}`, patchBody({ op: 'replace', path: 'active', value: [true] })],
    ];
    for (const [method, path, body] of odd) {
      const answer = await scim(method, path, body);
      expect({ path, method, body, status: answer.status }).toEqual({ path, method, body, status: 400 });
      expect(answer.body.schemas).toEqual(['urn:ietf:params:scim:api:messages:2.0:Error']);
    }
  });
});

describe('discovery', () => {
  it('answers ServiceProviderConfig, Schemas and ResourceTypes', async () => {
    const scim = scimClient(suite.server, undefined);
    const config = await scim('GET', '/ServiceProviderConfig');
    expect(config.body).toMatchObject({
      patch: { supported: true },
      filter: { supported: true },
      etag: { supported: true },
      sort: { supported: true },
      bulk: { supported: true, maxOperations: 1000, maxPayloadSize: 1048576 },
    });
    const schemas = await scim('GET', '/Schemas');
    expect(schemas.body.Resources.map((s: { id: string }) => s.id)).toContain(USER);
    expect((await scim('GET', `/Schemas/${ENTERPRISE}`)).body.id).toBe(ENTERPRISE);
    const types = await scim('GET', '/ResourceTypes');
    expect(types.body.Resources.map((t: { endpoint: string }) => t.endpoint)).toEqual(['/Users', '/Groups']);
  });
});
