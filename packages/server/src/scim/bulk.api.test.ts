import { describe, expect, it } from 'vitest';
import { createTenantWithAdmin, useTestServer } from '../api-suite.testkit.js';
import {
  createApp,
  expectScimError,
  GROUP,
  mintToken,
  PLATFORM_GROUP,
  patchBody,
  type ScimCall,
  scimClient,
  scimOfNewApp,
  USER,
} from './scim.testkit.js';

/** SCIM Bulk (RFC 7644 §3.7): cross-references, failOnErrors, the limits, and each operation as its own request would be. */
const suite = useTestServer();

const BULK = 'urn:ietf:params:scim:api:messages:2.0:BulkRequest';
const BULK_RESPONSE = 'urn:ietf:params:scim:api:messages:2.0:BulkResponse';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

const bulk = (Operations: unknown[], more: Record<string, unknown> = {}) => ({ schemas: [BULK], Operations, ...more });
const newUser = (bulkId: string, userName: string, more: Record<string, unknown> = {}) => ({
  method: 'POST',
  path: '/Users',
  bulkId,
  data: { schemas: [USER], userName, ...more },
});

const accountOf = async (id: string) =>
  await suite.server.ctx.db.selectFrom('blade_user').select(['account', 'deptId', 'name']).where('id', '=', id).executeTakeFirst();

async function runBulk(scim: ScimCall, body: unknown) {
  const answer = await scim('POST', '/Bulk', body);
  expect(answer.status).toBe(200);
  expect(answer.body.schemas).toEqual([BULK_RESPONSE]);
  return answer.body.Operations as {
    method: string;
    bulkId?: string;
    status: string;
    location?: string;
    version?: string;
    response?: { schemas: string[]; status: string; scimType?: string; detail: string };
  }[];
}

describe('SCIM Bulk', () => {
  it('creates users and departments that refer to each other by bulkId, in any order, and patches one by its bulkId', async () => {
    const { scim } = await scimOfNewApp(suite);
    const results = await runBulk(
      scim,
      bulk([
        // The child names its parent and its member before either exists: it waits for both.
        {
          method: 'POST',
          path: '/Groups',
          bulkId: 'child',
          data: {
            schemas: [GROUP, PLATFORM_GROUP],
            displayName: '批量子部',
            members: [{ value: 'bulkId:ann' }],
            [PLATFORM_GROUP]: { parent: 'bulkId:parent' },
          },
        },
        newUser('ann', 'bulk_ann', { name: { formatted: '安' } }),
        { method: 'POST', path: '/Groups', bulkId: 'parent', data: { schemas: [GROUP], displayName: '批量父部' } },
        { method: 'PATCH', path: '/Users/bulkId:ann', data: patchBody({ op: 'replace', path: 'displayName', value: '批量改名' }) },
      ]),
    );
    expect(results.map((r) => [r.method, r.bulkId, r.status])).toEqual([
      ['POST', 'ann', '201'],
      ['POST', 'parent', '201'],
      ['POST', 'child', '201'],
      ['PATCH', undefined, '200'],
    ]);
    const [ann, parent, child] = results.map((r) => r.location?.split('/').pop() as string);
    expect(results[0]?.location).toBe(`${suite.server.baseUrl}/scim/v2/Users/${ann}`);
    for (const result of results) expect(result.version).toMatch(/^W\/".+"$/);

    const childGroup = await scim('GET', `/Groups/${child}`);
    expect(childGroup.body).toMatchObject({
      displayName: '批量子部',
      members: [{ value: ann }],
      [PLATFORM_GROUP]: { kind: 'department', parent },
    });
    expect(await accountOf(ann as string)).toEqual({ account: 'bulk_ann', deptId: child?.slice('dept-'.length), name: '批量改名' });
    // The version the bulk answer gives is the resource's ETag.
    expect((await scim('GET', `/Users/${ann}`)).body.meta.version).toBe(results[3]?.version);
  });

  it('answers each operation as its own request would: uniqueness, a stale version, a missing resource, bad data', async () => {
    const { scim } = await scimOfNewApp(suite);
    const existing = await scim('POST', '/Users', { schemas: [USER], userName: 'bulk_taken' });
    const stale = existing.body.meta.version as string;
    await scim('PATCH', `/Users/${existing.body.id}`, patchBody({ op: 'replace', path: 'displayName', value: '新的' }));
    const results = await runBulk(
      scim,
      bulk([
        newUser('dup', 'BULK_TAKEN'),
        {
          method: 'PATCH',
          path: `/Users/${existing.body.id}`,
          version: stale,
          data: patchBody({ op: 'replace', path: 'displayName', value: 'x' }),
        },
        { method: 'DELETE', path: '/Users/999999999999' },
        newUser('bad', 'bulk_bad', { emails: 'not-a-list' }),
        { method: 'PUT', path: '/Nowhere/1', data: {} },
        { method: 'GET', path: '/Users' },
        { method: 'POST', path: '/Users', data: { schemas: [USER], userName: 'no_bulk_id' } },
        newUser('fine', 'bulk_fine'),
      ]),
    );
    expect(results.map((r) => [r.status, r.response?.scimType])).toEqual([
      ['409', 'uniqueness'],
      ['412', undefined],
      ['404', undefined],
      ['400', 'invalidValue'],
      ['404', undefined],
      ['400', 'invalidSyntax'],
      ['400', 'invalidValue'],
      ['201', undefined],
    ]);
    for (const result of results.slice(0, 7)) expect(result.response).toMatchObject({ schemas: [ERROR], status: result.status });
    expect((await scim('GET', `/Users/${existing.body.id}`)).body.displayName).toBe('新的');
  });

  it('stops after failOnErrors failures, and refuses what refers to a failed, absent or circular bulkId with 409', async () => {
    const { scim } = await scimOfNewApp(suite);
    const stopped = await runBulk(
      scim,
      bulk([newUser('a', 'BULK_STOP'), newUser('b', 'bulk_stop'), newUser('c', 'bulk_stop'), newUser('d', 'bulk_never')], {
        failOnErrors: 1,
      }),
    );
    expect(stopped.map((r) => [r.bulkId, r.status])).toEqual([
      ['a', '201'],
      ['b', '409'],
    ]);
    expect((await scim('GET', '/Users?filter=userName eq "bulk_never"')).body.totalResults).toBe(0);

    const refs = await runBulk(
      scim,
      bulk([
        newUser('broken', 'bulk_broken', { active: 'maybe' }),
        {
          method: 'POST',
          path: '/Groups',
          bulkId: 'g1',
          data: { schemas: [GROUP], displayName: '引用甲', members: [{ value: 'bulkId:broken' }] },
        },
        {
          method: 'POST',
          path: '/Groups',
          bulkId: 'g2',
          data: { schemas: [GROUP], displayName: '引用乙', members: [{ value: 'bulkId:nobody' }] },
        },
        {
          method: 'POST',
          path: '/Groups',
          bulkId: 'x',
          data: { schemas: [GROUP], displayName: '循环甲', [PLATFORM_GROUP]: { parent: 'bulkId:y' } },
        },
        {
          method: 'POST',
          path: '/Groups',
          bulkId: 'y',
          data: { schemas: [GROUP], displayName: '循环乙', [PLATFORM_GROUP]: { parent: 'bulkId:x' } },
        },
      ]),
    );
    expect(refs.map((r) => [r.bulkId, r.status, r.response?.scimType])).toEqual([
      ['broken', '400', 'invalidValue'],
      ['g1', '409', 'invalidValue'],
      ['g2', '409', 'invalidValue'],
      ['x', '409', 'invalidValue'],
      ['y', '409', 'invalidValue'],
    ]);
    expect(refs[1]?.response?.detail).toContain('bulkId:broken failed');
    expect(refs[2]?.response?.detail).toContain('not in this request');
    expect(refs[3]?.response?.detail).toContain('circular');
    const made = await scim('GET', `/Groups?filter=${encodeURIComponent('displayName sw "引用" or displayName sw "循环"')}`);
    expect(made.body.totalResults).toBe(0);
  });

  it('keeps the token’s tenant and application: another tenant’s bulk finds none of this tenant’s users', async () => {
    const { scim } = await scimOfNewApp(suite);
    const mine = await scim('POST', '/Users', { schemas: [USER], userName: 'bulk_mine', externalId: 'ext-mine' });
    const other = await createTenantWithAdmin(suite.server, '700031');
    const foreign = scimClient(suite.server, await mintToken(other.sdk, await createApp(other.sdk)));
    const results = await runBulk(
      foreign,
      bulk([
        { method: 'PATCH', path: `/Users/${mine.body.id}`, data: patchBody({ op: 'replace', path: 'active', value: false }) },
        { method: 'DELETE', path: `/Users/${mine.body.id}` },
        newUser('theirs', 'bulk_mine'),
      ]),
    );
    expect(results.map((r) => r.status)).toEqual(['404', '404', '201']);
    const theirs = await suite.server.ctx.db
      .selectFrom('blade_user')
      .select('tenantId')
      .where('account', '=', 'bulk_mine')
      .orderBy('id')
      .execute();
    expect(theirs.map((row) => row.tenantId)).toEqual(['000000', '700031']);
    expect((await scim('GET', `/Users/${mine.body.id}`)).body).toMatchObject({ active: true, externalId: 'ext-mine' });
    // A second application of the same tenant sees the user but not the first one's externalId.
    const second = await scimOfNewApp(suite);
    const [read] = await runBulk(
      second.scim,
      bulk([{ method: 'PATCH', path: `/Users/${mine.body.id}`, data: patchBody({ op: 'add', path: 'externalId', value: 'ext-2' }) }]),
    );
    expect(read?.status).toBe('200');
    expect((await scim('GET', `/Users/${mine.body.id}`)).body.externalId).toBe('ext-mine');
  });

  it('advertises its limits and refuses a request beyond them with 413, and a malformed one with 400', async () => {
    const { scim } = await scimOfNewApp(suite);
    const config = await scimClient(suite.server, undefined)('GET', '/ServiceProviderConfig');
    expect(config.body.bulk).toEqual({ supported: true, maxOperations: 1000, maxPayloadSize: 1048576 });

    const many = Array.from({ length: 1001 }, (_, i) => ({ method: 'DELETE', path: `/Users/${i + 1}` }));
    const tooMany = await scim('POST', '/Bulk', bulk(many));
    expectScimError(tooMany, 413);
    expect(tooMany.body.detail).toContain('maxOperations');
    const tooLarge = await scim('POST', '/Bulk', bulk([newUser('big', 'bulk_big', { displayName: 'x'.repeat(1_100_000) })]));
    expectScimError(tooLarge, 413);
    expect(tooLarge.body.detail).toContain('maxPayloadSize');
    expect((await scim('GET', '/Users?filter=userName eq "bulk_big"')).body.totalResults).toBe(0);

    expectScimError(await scim('POST', '/Bulk', '{"schemas": ['), 400, 'invalidSyntax');
    expectScimError(await scim('POST', '/Bulk', { Operations: [] }), 400, 'invalidSyntax');
    expectScimError(await scim('POST', '/Bulk', bulk([])), 400, 'invalidSyntax');
    expectScimError(await scim('POST', '/Bulk', bulk('x' as never)), 400, 'invalidSyntax');
    expectScimError(await scim('POST', '/Bulk', bulk([newUser('a', 'bulk_x')], { failOnErrors: 0 })), 400, 'invalidValue');
    expectScimError(await scim('POST', '/Bulk', bulk([newUser('a', 'bulk_y'), newUser('a', 'bulk_z')])), 400, 'invalidValue');
    expectScimError(await scimClient(suite.server, undefined)('POST', '/Bulk', bulk([newUser('a', 'bulk_anon')])), 401);
    const nothing = await scim(
      'GET',
      `/Users?filter=${encodeURIComponent('userName sw "bulk_x" or userName sw "bulk_y" or userName eq "bulk_anon"')}`,
    );
    expect(nothing.body.totalResults).toBe(0);
  });
});
