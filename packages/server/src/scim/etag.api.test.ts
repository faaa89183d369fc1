import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../api-suite.testkit.js';
import { postgresUnderTest } from '../testing.js';
import { expectScimError, GROUP, patchBody, type ScimCall, scimOfNewApp, USER } from './scim.testkit.js';

/**
 * ETags under concurrency: If-Match is checked in the transaction that writes, under the lock of
 * the resource, so that of several writes naming the same version exactly one succeeds; and a
 * PATCH is applied to the resource as it is when written, so that concurrent PATCHes lose nothing.
 */
const suite = useTestServer();

async function newUser(scim: ScimCall, userName: string) {
  const answer = await scim('POST', '/Users', { schemas: [USER], userName });
  expect(answer.status).toBe(201);
  return answer.body as { id: string; meta: { version: string } };
}

const rename = (value: string) => patchBody({ op: 'replace', path: 'displayName', value });

describe('If-Match under concurrency', () => {
  it('lets one of two concurrent PATCHes with the same ETag succeed; the other is 412 and changes nothing', async () => {
    const { scim } = await scimOfNewApp(suite);
    const user = await newUser(scim, 'race_user');
    const headers = { 'if-match': user.meta.version };
    const [first, second] = await Promise.all([
      scim('PATCH', `/Users/${user.id}`, rename('第一'), headers),
      scim('PATCH', `/Users/${user.id}`, rename('第二'), headers),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 412]);
    const winner = first.status === 200 ? first : second;
    expectScimError(first.status === 412 ? first : second, 412);
    const now = await scim('GET', `/Users/${user.id}`);
    expect(now.body.displayName).toBe(winner.body.displayName);
    expect(now.body.meta.version).toBe(winner.body.meta.version);
  });

  it('lets exactly one of a burst of writes (PATCH, PUT, DELETE) naming the same ETag succeed', async () => {
    const { scim } = await scimOfNewApp(suite);
    const user = await newUser(scim, 'burst_user');
    const headers = { 'if-match': user.meta.version };
    const answers = await Promise.all([
      ...['一', '二', '三', '四'].map((name) => scim('PATCH', `/Users/${user.id}`, rename(name), headers)),
      scim('PUT', `/Users/${user.id}`, { schemas: [USER], userName: 'burst_user', displayName: '五' }, headers),
      scim('DELETE', `/Users/${user.id}`, undefined, headers),
    ]);
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200 || status === 204)).toHaveLength(1);
    expect(statuses.filter((status) => status === 412)).toHaveLength(answers.length - 1);
  });

  it('serialises two concurrent PATCHes of a group with the same ETag: one 200, one 412', async () => {
    const { scim } = await scimOfNewApp(suite);
    const [ann, ben] = [await newUser(scim, 'race_ann'), await newUser(scim, 'race_ben')];
    const group = await scim('POST', '/Groups', { schemas: [GROUP], displayName: '竞争部' });
    const headers = { 'if-match': group.body.meta.version };
    const add = (id: string) => patchBody({ op: 'add', path: 'members', value: [{ value: id }] });
    const answers = await Promise.all([
      scim('PATCH', `/Groups/${group.body.id}`, add(ann.id), headers),
      scim('PATCH', `/Groups/${group.body.id}`, add(ben.id), headers),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 412]);
    const members = (await scim('GET', `/Groups/${group.body.id}`)).body.members.map((m: { value: string }) => m.value);
    expect(members).toEqual([answers[0]?.status === 200 ? ann.id : ben.id]);
  });

  // PGlite runs one transaction at a time, so two writes cannot interleave there at all; on
  // PostgreSQL they can. The suite holds the user's row lock until both requests wait for it:
  // each has read the user by then, and still only one may write.
  it.skipIf(!postgresUnderTest())(
    'checks If-Match under the row lock: of two PATCHes waiting on the same row, one 200, one 412',
    async () => {
      const { scim } = await scimOfNewApp(suite);
      const user = await newUser(scim, 'locked_user');
      const headers = { 'if-match': user.meta.version };
      const db = suite.server.ctx.db;
      const waitingOnLocks = async () => {
        const { rows } = await sql<{ waiting: string }>`select count(*) as waiting from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
        return Number(rows[0]?.waiting);
      };
      let sent: Promise<Awaited<ReturnType<ScimCall>>[]> | undefined;
      await db.transaction().execute(async (trx) => {
        await trx.selectFrom('blade_user').select('id').where('id', '=', user.id).forUpdate().execute();
        sent = Promise.all([
          scim('PATCH', `/Users/${user.id}`, rename('锁一'), headers),
          scim('PATCH', `/Users/${user.id}`, rename('锁二'), headers),
        ]);
        let waiting = 0;
        while (waiting < 2) waiting = await waitingOnLocks();
      });
      const answers = (await sent) ?? [];
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 412]);
    },
  );
});

describe('PATCH without If-Match under concurrency', () => {
  it('loses no member: concurrent adds to one group and to two groups of one user all stay', async () => {
    const { scim } = await scimOfNewApp(suite);
    const users = [];
    for (const name of ['lost_a', 'lost_b', 'lost_c', 'lost_d']) users.push(await newUser(scim, name));
    const group = (await scim('POST', '/Groups', { schemas: [GROUP], displayName: '并发部' })).body.id as string;
    const other = (await scim('POST', '/Groups', { schemas: [GROUP], displayName: '并发二部' })).body.id as string;
    const add = (id: string) => patchBody({ op: 'add', path: 'members', value: [{ value: id }] });
    const answers = await Promise.all([
      ...users.map((user) => scim('PATCH', `/Groups/${group}`, add(user.id))),
      scim('PATCH', `/Groups/${other}`, add(users[0]?.id as string)),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    const members = (await scim('GET', `/Groups/${group}`)).body.members.map((m: { value: string }) => m.value).sort();
    expect(members).toEqual(users.map((user) => user.id).sort());
    const held = (await scim('GET', `/Users/${users[0]?.id}`)).body.groups.map((g: { value: string }) => g.value).sort();
    expect(held).toEqual([group, other].sort());
  });
});
