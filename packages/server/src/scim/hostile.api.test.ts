import fc from 'fast-check';
import { expect, it } from 'vitest';
import { useTestServer } from '../api-suite.testkit.js';
import { hostileString, hostileValue } from '../fuzz/hostile.js';
import { writeCounter } from '../fuzz/write-counter.js';
import { ENTERPRISE, GROUP, PATCH, PLATFORM_GROUP, scimOfNewApp, USER } from './scim.testkit.js';

/**
 * Hostile requests to every SCIM endpoint, generated (the same on every run; FUZZ_SEED explores
 * others): malformed filters, bodies and PATCH operations of every shape, odd ids and parameters.
 * No answer may be a 5xx, every refusal is a SCIM error, and a refused request writes nothing.
 */
const suite = useTestServer();
const SEED = Number(process.env.FUZZ_SEED ?? 20261127);
const CASES = 400;

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
      },
      { requiredKeys: [] },
    )
    .map((q) =>
      Object.entries(q)
        .map(([k, v]) => `${k}=${encode(String(v))}`)
        .join('&'),
    );
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
