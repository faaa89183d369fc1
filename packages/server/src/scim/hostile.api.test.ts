import fc from 'fast-check';
import { expect, it } from 'vitest';
import { useTestServer } from '../api-suite.testkit.js';
import { hostileString, hostileValue } from '../fuzz/hostile.js';
import { writeCounter } from '../fuzz/write-counter.js';
import { ENTERPRISE, GROUP, PATCH, PLATFORM_GROUP, scimOfNewApp, USER } from './scim.testkit.js';

/**
 * Hostile requests to every SCIM endpoint, generated (the same on every run; FUZZ_SEED explores
 * others): malformed filters, sort parameters, bodies, PATCH operations, search requests and bulk
 * requests of every shape, odd ids and parameters.
 * No answer may be a 5xx, every refusal is a SCIM error, and a refused request writes nothing.
 */
const suite = useTestServer();
const SEED = Number(process.env.FUZZ_SEED ?? 20261127);
const CASES = 500;

const FILTER_PIECES = [
  'userName',
  'displayName',
  'emails',
  'emails.value',
  'meta.lastModified',
  `${ENTERPRISE}:employeeNumber`,
  `${PLATFORM_GROUP}:kind`,
  'members',
  'eq',
  'ne',
  'co',
  'sw',
  'gt',
  'le',
  'pr',
  'and',
  'or',
  'not',
  '(',
  ')',
  '[',
  ']',
  '"x"',
  '"2024-01-01T00:00:00Z"',
  'true',
  'null',
  '1',
  '"',
];
const SEARCH = 'urn:ietf:params:scim:api:messages:2.0:SearchRequest';
const BULK = 'urn:ietf:params:scim:api:messages:2.0:BulkRequest';
const SORTS = ['userName', 'displayName', 'meta.lastModified', 'emails', `${ENTERPRISE}:employeeNumber`, 'members', 'nickName'];
const PATHS = [
  'externalId',
  'userName',
  'name',
  'name.formatted',
  'displayName',
  'emails',
  'emails[type eq "work"].value',
  'phoneNumbers',
  'active',
  'password',
  `${ENTERPRISE}:employeeNumber`,
  'members',
  'members[value eq "1"]',
  `${PLATFORM_GROUP}:parent`,
  `${PLATFORM_GROUP}:kind`,
  'id',
  'meta',
  'groups',
  'schemas',
];

/** Percent-encodes a value; a lone surrogate (which cannot be encoded) goes as the bytes a client would send. */
const encode = (value: string) => {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
};

it('answers every hostile SCIM request below 500, as a SCIM error, without writing on a refusal', { timeout: 600_000 }, async () => {
  const { scim } = await scimOfNewApp(suite);
  const target = (await scim('POST', '/Users', { schemas: [USER], userName: 'fuzz_target' })).body.id as string;
  const member = (await scim('POST', '/Users', { schemas: [USER], userName: 'fuzz_member' })).body.id as string;
  const group = (await scim('POST', '/Groups', { schemas: [GROUP], displayName: '模糊部' })).body.id as string;
  const writes = await writeCounter(suite.server.ctx.db as never);

  /** Mostly a sound value, sometimes a hostile one: so that requests reach the handlers and not only the edge. */
  const mostly = <T>(sound: fc.Arbitrary<T>, hostile: fc.Arbitrary<unknown>) =>
    fc.oneof({ arbitrary: sound, weight: 3 }, { arbitrary: hostile, weight: 1 });
  const text = fc.oneof(hostileString(), fc.string({ maxLength: 20 }));
  const account = fc.stringMatching(/^fz[a-z0-9]{2,10}$/);
  const filter = fc.oneof(
    fc.constantFrom('userName sw "fz"', 'displayName eq "模糊部"', 'emails pr or active eq true', `${PLATFORM_GROUP}:kind eq "role"`),
    hostileString(),
    fc.array(fc.constantFrom(...FILTER_PIECES), { minLength: 1, maxLength: 9 }).map((parts) => parts.join(' ')),
  );
  const members = fc.array(fc.record({ value: mostly(fc.constant(member), hostileValue()) }), { maxLength: 2 });
  const value = fc.oneof(
    hostileValue(),
    text,
    fc.boolean(),
    members,
    fc.array(fc.record({ value: mostly(fc.constantFrom('fz@corp.example.com', '13900000000'), hostileValue()), primary: fc.boolean() }), {
      maxLength: 2,
    }),
    fc.record({ formatted: text, employeeNumber: text, parent: fc.oneof(text, fc.constant(group)) }, { requiredKeys: [] }),
  );
  const operation = fc.record(
    {
      op: mostly(fc.constantFrom('add', 'replace', 'remove', 'Replace'), hostileString()),
      path: mostly(fc.constantFrom(...PATHS), hostileString()),
      value,
    },
    { requiredKeys: ['op'] },
  );
  const patch = fc.record({
    schemas: mostly(fc.constant([PATCH]), hostileValue()),
    Operations: mostly(fc.array(operation, { minLength: 1, maxLength: 3 }), hostileValue()),
  });
  const user = fc.record(
    {
      schemas: mostly(fc.constant([USER, ENTERPRISE]), hostileValue()),
      userName: mostly(account, text),
      externalId: mostly(fc.string({ maxLength: 20 }), value),
      name: mostly(fc.record({ formatted: fc.string({ minLength: 1, maxLength: 12 }) }), value),
      displayName: mostly(fc.string({ minLength: 1, maxLength: 25 }), text),
      emails: mostly(fc.constant([{ value: 'fz@corp.example.com' }]), value),
      phoneNumbers: mostly(fc.constant([{ value: '13900000000' }]), value),
      active: mostly(fc.boolean(), value),
      password: mostly(fc.constant('Fuzz@2024pass'), text),
      [ENTERPRISE]: mostly(fc.record({ employeeNumber: fc.string({ maxLength: 10 }) }), value),
    },
    { requiredKeys: ['schemas', 'userName'] },
  );
  const groupBody = fc.record(
    {
      schemas: mostly(fc.constant([GROUP]), hostileValue()),
      displayName: mostly(fc.string({ minLength: 1, maxLength: 20 }), text),
      externalId: mostly(fc.string({ maxLength: 20 }), value),
      members: mostly(members, value),
      [PLATFORM_GROUP]: mostly(fc.record({ parent: fc.constantFrom('', group) }), value),
    },
    { requiredKeys: ['schemas', 'displayName'] },
  );
  const body = (shape: fc.Arbitrary<unknown>) => fc.oneof({ arbitrary: shape, weight: 4 }, hostileValue(), hostileString());
  const id = fc.oneof(fc.constantFrom(target, group, `dept-${target}`, 'role-1'), hostileString());
  const query = fc
    .record(
      {
        filter,
        startIndex: mostly(fc.constantFrom('1', '2'), text),
        count: mostly(fc.constantFrom('1', '10'), text),
        attributes: mostly(fc.constantFrom('userName', 'displayName,members'), text),
        excludedAttributes: mostly(fc.constantFrom('emails', 'members'), text),
        sortBy: mostly(fc.constantFrom(...SORTS), text),
        sortOrder: mostly(fc.constantFrom('ascending', 'descending'), text),
      },
      { requiredKeys: [] },
    )
    .map((q) =>
      Object.entries(q)
        .map(([k, v]) => `${k}=${encode(String(v))}`)
        .join('&'),
    );
  const search = fc.record(
    {
      schemas: mostly(fc.constant([SEARCH]), hostileValue()),
      filter: mostly(filter, hostileValue()),
      startIndex: mostly(fc.constantFrom(1, 2), hostileValue()),
      count: mostly(fc.constantFrom(1, 10), hostileValue()),
      sortBy: mostly(fc.constantFrom(...SORTS), hostileValue()),
      sortOrder: mostly(fc.constantFrom('ascending', 'descending'), hostileValue()),
      attributes: mostly(fc.constantFrom(['userName'], ['displayName', 'members']), hostileValue()),
      excludedAttributes: mostly(fc.constant(['emails']), hostileValue()),
    },
    { requiredKeys: ['schemas'] },
  );
  const bulkOperation = fc.record(
    {
      method: mostly(fc.constantFrom('POST', 'PUT', 'PATCH', 'DELETE'), hostileString()),
      path: mostly(
        fc.constantFrom('/Users', '/Groups', `/Users/${target}`, `/Groups/${group}`, '/Users/bulkId:a', '/Bulk'),
        hostileString(),
      ),
      bulkId: mostly(fc.constantFrom('a', 'b'), hostileValue()),
      version: mostly(fc.constant('W/"x"'), hostileValue()),
      data: mostly(fc.oneof(user, groupBody, patch), hostileValue()),
    },
    { requiredKeys: ['method', 'path'] },
  );
  const bulk = fc.record({
    schemas: mostly(fc.constant([BULK]), hostileValue()),
    failOnErrors: mostly(fc.constantFrom(1, 2), hostileValue()),
    Operations: mostly(fc.array(bulkOperation, { minLength: 1, maxLength: 4 }), hostileValue()),
  });
  const request = fc.oneof(
    fc.tuple(fc.constant('GET'), fc.constantFrom('/Users', '/Groups'), query).map(([m, p, q]) => ({ method: m, path: `${p}?${q}` })),
    fc.tuple(fc.constantFrom('/Users', '/Groups'), id, query).map(([p, i, q]) => ({ method: 'GET', path: `${p}/${encode(i)}?${q}` })),
    body(user).map((b) => ({ method: 'POST', path: '/Users', body: b })),
    body(groupBody).map((b) => ({ method: 'POST', path: '/Groups', body: b })),
    body(user).map((b) => ({ method: 'PUT', path: `/Users/${target}`, body: b })),
    body(groupBody).map((b) => ({ method: 'PUT', path: `/Groups/${group}`, body: b })),
    body(patch).map((b) => ({ method: 'PATCH', path: `/Users/${target}`, body: b })),
    body(patch).map((b) => ({ method: 'PATCH', path: `/Groups/${group}`, body: b })),
    fc.tuple(fc.constantFrom('/Users', '/Groups'), hostileString()).map(([p, i]) => ({ method: 'DELETE', path: `${p}/${encode(i)}` })),
    fc
      .tuple(fc.constantFrom('/Users/.search', '/Groups/.search', '/.search'), body(search))
      .map(([p, b]) => ({ method: 'POST', path: p, body: b })),
    body(bulk).map((b) => ({ method: 'POST', path: '/Bulk', body: b })),
  );

  const failures: string[] = [];
  const statuses = new Map<number, number>();
  let last = await writes.mark();
  for (const [n, sent] of fc.sample(request, { numRuns: CASES, seed: SEED }).entries()) {
    const payload = 'body' in sent ? (typeof sent.body === 'string' ? sent.body : JSON.stringify(sent.body)) : undefined;
    const answer = await scim(sent.method, sent.path, payload);
    statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    const now = await writes.mark();
    const where = `case ${n} (seed ${SEED}): ${sent.method} ${sent.path.slice(0, 200)} ${payload?.slice(0, 300) ?? ''}`;
    if (answer.status >= 500) failures.push(`${answer.status} ${where} -> ${JSON.stringify(answer.body)}`);
    else if (answer.status >= 400) {
      if (answer.body?.schemas?.[0] !== 'urn:ietf:params:scim:api:messages:2.0:Error') failures.push(`not a SCIM error: ${where}`);
      if (now !== last) failures.push(`${answer.status} wrote ${await writes.tablesWrittenBetween(last, now)} ${where}`);
    }
    last = now;
  }
  console.log(
    `SCIM fuzz: ${CASES} requests; answers ${[...statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}: ${count}`)
      .join(', ')}`,
  );
  expect(failures).toEqual([]);
  // The generated requests reach the handlers' success paths too, not only the edge's refusals.
  expect([...statuses.keys()].filter((status) => status < 300).length).toBeGreaterThan(1);
});

it('answers bodies over the limit with 413 and broken or mistyped bodies with 400, as SCIM errors, on every endpoint that reads one', async () => {
  const { scim } = await scimOfNewApp(suite);
  const target = (await scim('POST', '/Users', { schemas: [USER], userName: 'size_target' })).body.id as string;
  const huge = JSON.stringify({ schemas: [USER], userName: 'huge', displayName: 'x'.repeat(1_100_000) });
  const endpoints: [string, string][] = [
    ['POST', '/Users'],
    ['PUT', `/Users/${target}`],
    ['PATCH', `/Users/${target}`],
    ['POST', '/Groups'],
    ['POST', '/Users/.search'],
    ['POST', '/.search'],
    ['POST', '/Bulk'],
  ];
  for (const [method, path] of endpoints) {
    const tooLarge = await scim(method, path, huge);
    expect({ path, status: tooLarge.status, schemas: tooLarge.body?.schemas }).toEqual({
      path,
      status: 413,
      schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
    });
    for (const broken of ['{"schemas": [', '', 'null', '"text"', '[1,2]', '{"schemas": "x"}']) {
      const answer = await scim(method, path, broken);
      expect({ path, broken, status: answer.status, scimType: answer.body?.scimType }).toEqual({
        path,
        broken,
        status: 400,
        scimType: 'invalidSyntax',
      });
    }
  }
  expect((await scim('GET', `/Users/${target}`)).body.displayName).not.toBe('huge');
});
