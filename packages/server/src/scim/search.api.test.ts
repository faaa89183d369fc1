import { describe, expect, it } from 'vitest';
import { useTestServer } from '../api-suite.testkit.js';
import { ENTERPRISE, expectScimError, GROUP, PLATFORM_GROUP, type ScimCall, scimClient, scimOfNewApp, USER } from './scim.testkit.js';

/** SCIM sorting (RFC 7644 §3.4.2.3), POST .search (§3.4.3) and /Me (§3.11), on Users, Groups and the root. */
const suite = useTestServer();

const SEARCH = 'urn:ietf:params:scim:api:messages:2.0:SearchRequest';

async function user(scim: ScimCall, userName: string, over: Record<string, unknown> = {}): Promise<string> {
  const answer = await scim('POST', '/Users', { schemas: [USER, ENTERPRISE], userName, ...over });
  expect(answer.status).toBe(201);
  return answer.body.id;
}

const names = (answer: { body: { Resources: { userName?: string; displayName?: string }[] } }) =>
  answer.body.Resources.map((resource) => resource.userName ?? resource.displayName);

const list = (scim: ScimCall, path: string, params: Record<string, string>) => scim('GET', `${path}?${new URLSearchParams(params)}`);

describe('sorting', () => {
  it('sorts users by userName, a nickname, the primary email and the employee number, either way, absent values last ascending', async () => {
    const { scim } = await scimOfNewApp(suite);
    await user(scim, 'srt_Carol', {
      displayName: 'beta',
      emails: [{ value: 'z@corp.example.com' }],
      [ENTERPRISE]: { employeeNumber: 'E-2' },
    });
    await user(scim, 'srt_alice', {
      displayName: 'Alpha',
      emails: [{ value: 'b@corp.example.com' }, { value: 'a@corp.example.com', primary: true }],
    });
    await user(scim, 'srt_bob', {
      displayName: 'gamma',
      emails: [{ value: 'm@corp.example.com' }],
      [ENTERPRISE]: { employeeNumber: 'E-1' },
    });
    const filter = 'userName sw "srt_"';

    // Case-insensitive, in code point order.
    expect(names(await list(scim, '/Users', { filter, sortBy: 'userName' }))).toEqual(['srt_alice', 'srt_bob', 'srt_Carol']);
    expect(names(await list(scim, '/Users', { filter, sortBy: 'UserName', sortOrder: 'descending' }))).toEqual([
      'srt_Carol',
      'srt_bob',
      'srt_alice',
    ]);
    expect(names(await list(scim, '/Users', { filter, sortBy: 'displayName', sortOrder: 'Ascending' }))).toEqual([
      'srt_alice',
      'srt_Carol',
      'srt_bob',
    ]);
    // A multi-valued attribute sorts by its primary value: alice's is a@…, before Carol's z@ and bob's m@.
    expect(names(await list(scim, '/Users', { filter, sortBy: 'emails.value' }))).toEqual(['srt_alice', 'srt_bob', 'srt_Carol']);
    // alice has no employee number: last ascending, first descending.
    const byCode = `${ENTERPRISE}:employeeNumber`;
    expect(names(await list(scim, '/Users', { filter, sortBy: byCode }))).toEqual(['srt_bob', 'srt_Carol', 'srt_alice']);
    expect(names(await list(scim, '/Users', { filter, sortBy: byCode, sortOrder: 'descending' }))).toEqual([
      'srt_alice',
      'srt_Carol',
      'srt_bob',
    ]);
    // Sorting comes before paging.
    const page = await list(scim, '/Users', { filter, sortBy: 'userName', sortOrder: 'descending', startIndex: '2', count: '1' });
    expect(page.body).toMatchObject({ totalResults: 3, startIndex: 2, itemsPerPage: 1 });
    expect(names(page)).toEqual(['srt_bob']);
  });

  it('sorts groups by displayName and refuses attributes it does not sort by with 400 invalidValue', async () => {
    const { scim } = await scimOfNewApp(suite);
    for (const name of ['排序乙', '排序甲', '排序丙']) {
      expect((await scim('POST', '/Groups', { schemas: [GROUP, PLATFORM_GROUP], displayName: name })).status).toBe(201);
    }
    const filter = 'displayName sw "排序"';
    expect(names(await list(scim, '/Groups', { filter, sortBy: 'displayName' }))).toEqual(['排序丙', '排序乙', '排序甲']);
    expect(names(await list(scim, '/Groups', { filter, sortBy: 'displayName', sortOrder: 'descending' }))).toEqual([
      '排序甲',
      '排序乙',
      '排序丙',
    ]);

    expectScimError(await list(scim, '/Users', { sortBy: 'nickName' }), 400, 'invalidValue');
    expectScimError(await list(scim, '/Users', { sortBy: 'password' }), 400, 'invalidValue');
    expectScimError(await list(scim, '/Groups', { sortBy: 'members' }), 400, 'invalidValue');
    expectScimError(await list(scim, '/Groups', { sortBy: 'userName' }), 400, 'invalidValue');
    expectScimError(await list(scim, '/Users', { sortBy: 'user..name' }), 400, 'invalidValue');
    expectScimError(await list(scim, '/Users', { sortBy: 'userName', sortOrder: 'sideways' }), 400, 'invalidValue');
    expectScimError(await scim('GET', '/Users?sortBy=userName&sortBy=displayName'), 400, 'invalidValue');

    const config = await scimClient(suite.server, undefined)('GET', '/ServiceProviderConfig');
    expect(config.body.sort).toEqual({ supported: true });
  });
});

describe('POST .search', () => {
  it('answers a SearchRequest on /Users/.search and /Groups/.search as the same query would by GET', async () => {
    const { scim } = await scimOfNewApp(suite);
    for (const name of ['srch_dan', 'srch_amy', 'srch_cid', 'srch_ben']) await user(scim, name, { displayName: `昵称${name}` });
    const found = await scim('POST', '/Users/.search', {
      schemas: [SEARCH],
      filter: 'userName sw "srch_"',
      sortBy: 'userName',
      sortOrder: 'descending',
      startIndex: 2,
      count: 2,
      attributes: ['userName', 'emails'],
    });
    expect(found.status).toBe(200);
    expect(found.headers.get('content-type')).toContain('application/scim+json');
    expect(found.body).toMatchObject({ totalResults: 4, startIndex: 2, itemsPerPage: 2 });
    expect(names(found)).toEqual(['srch_cid', 'srch_ben']);
    expect(Object.keys(found.body.Resources[0]).sort()).toEqual(['emails', 'id', 'meta', 'schemas', 'userName']);
    const same = await list(scim, '/Users', {
      filter: 'userName sw "srch_"',
      sortBy: 'userName',
      sortOrder: 'descending',
      startIndex: '2',
      count: '2',
      attributes: 'userName,emails',
    });
    expect(found.body).toEqual(same.body);

    const without = await scim('POST', '/Users/.search', {
      schemas: [SEARCH],
      filter: 'userName eq "srch_amy"',
      excludedAttributes: ['groups', 'displayName'],
    });
    expect(without.body.Resources).toHaveLength(1);
    expect(without.body.Resources[0]).not.toHaveProperty('displayName');
    expect(without.body.Resources[0]).toHaveProperty('userName', 'srch_amy');

    await scim('POST', '/Groups', { schemas: [GROUP], displayName: '检索部' });
    const groups = await scim('POST', '/Groups/.search', {
      schemas: [SEARCH],
      filter: 'displayName eq "检索部"',
      attributes: ['displayName'],
    });
    expect(groups.body.totalResults).toBe(1);
    expect(groups.body.Resources[0]).toEqual({
      schemas: expect.any(Array),
      id: expect.stringMatching(/^dept-/),
      displayName: '检索部',
      meta: expect.any(Object),
    });
  });

  it('searches users and groups together at the root /.search', async () => {
    const { scim } = await scimOfNewApp(suite);
    await user(scim, 'root_one', { displayName: 'both_b' });
    await scim('POST', '/Groups', { schemas: [GROUP], displayName: 'both_a' });
    await user(scim, 'root_two', { displayName: 'both_c' });
    const found = await scim('POST', '/.search', { schemas: [SEARCH], filter: 'displayName sw "both_"', sortBy: 'displayName' });
    expect(found.status).toBe(200);
    expect(found.body.totalResults).toBe(3);
    expect(
      found.body.Resources.map((r: { displayName: string; meta: { resourceType: string } }) => [r.displayName, r.meta.resourceType]),
    ).toEqual([
      ['both_a', 'Group'],
      ['both_b', 'User'],
      ['both_c', 'User'],
    ]);
    // userName is a User attribute: the root sorts by it, groups (without one) last.
    const byAccount = await scim('POST', '/.search', { schemas: [SEARCH], filter: 'displayName sw "both_"', sortBy: 'userName', count: 2 });
    expect(byAccount.body).toMatchObject({ totalResults: 3, itemsPerPage: 2 });
    expect(names(byAccount)).toEqual(['root_one', 'root_two']);
    expectScimError(await scim('POST', '/.search', { schemas: [SEARCH], sortBy: 'members' }), 400, 'invalidValue');
  });

  it('refuses malformed search requests with SCIM errors', async () => {
    const { scim } = await scimOfNewApp(suite);
    expectScimError(await scim('POST', '/Users/.search', '{"schemas":'), 400, 'invalidSyntax');
    expectScimError(await scim('POST', '/Users/.search', { filter: 'userName pr' }), 400, 'invalidSyntax');
    expectScimError(await scim('POST', '/Users/.search', ['x']), 400, 'invalidSyntax');
    expectScimError(await scim('POST', '/Groups/.search', { schemas: [SEARCH], filter: 'displayName eq' }), 400, 'invalidFilter');
    expectScimError(await scim('POST', '/.search', { schemas: [SEARCH], filter: 7 }), 400, 'invalidValue');
    expectScimError(await scim('POST', '/Users/.search', { schemas: [SEARCH], count: '10' }), 400, 'invalidValue');
    expectScimError(await scim('POST', '/Users/.search', { schemas: [SEARCH], startIndex: 1.5 }), 400, 'invalidValue');
    expectScimError(await scim('POST', '/Users/.search', { schemas: [SEARCH], attributes: [1] }), 400, 'invalidValue');
    expectScimError(await scim('POST', '/Users/.search', { schemas: [SEARCH], attributes: ['a..b'] }), 400, 'invalidValue');
    expectScimError(await scim('POST', '/Users/.search', { schemas: [SEARCH], sortOrder: ['descending'] }), 400, 'invalidValue');
    expectScimError(await scimClient(suite.server, undefined)('POST', '/.search', { schemas: [SEARCH] }), 401);
    expectScimError(await scimClient(suite.server, 'scim_wrong')('POST', '/Users/.search', { schemas: [SEARCH] }), 401);
  });
});

describe('/Me', () => {
  it('answers 501 with a SCIM error to an application token, whatever the method, and 401 without a good token', async () => {
    const { scim } = await scimOfNewApp(suite);
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE', 'POST']) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : { schemas: [USER], userName: 'me' };
      const answer = await scim(method, '/Me', body);
      expectScimError(answer, 501);
      expect(answer.body.detail).toContain('application');
    }
    expectScimError(await scimClient(suite.server, undefined)('GET', '/Me'), 401);
    expectScimError(await scimClient(suite.server, 'scim_wrong')('GET', '/Me'), 401);
  });
});
