import { CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../api-suite.testkit.js';
import { type Db, plansEveryStatement } from '../db/database.js';
import { DatabaseAdapter } from './adapter.js';
import { GROUP_STATEMENT, type ObjectRow, writeTogether } from './group-writes.js';
import { rowsReadFrom } from './plan-rows.testkit.js';
import { countingStatements } from './statement-count.testkit.js';
import { withWriteBatch } from './write-batch.js';

/**
 * The provider's writes of requests that finish at the same moment go as one statement (group
 * commit); each request still answers once its own writes are stored, and only its own failure
 * fails it.
 */
const suite = useTestServer();

const stored = async (model: string, id: string) =>
  suite.server.ctx.db.selectFrom('sso_oidc_object').select('payload').where('model', '=', model).where('id', '=', id).executeTakeFirst();

/** `db`, counting the statements sent through it (the minutely purge of expired rows left out). */
const counting = (db: Db) => countingStatements(db, (text) => !text.startsWith('with links as'));

const row = (model: string, id: string, payload: object): ObjectRow => [model, id, JSON.stringify(payload), null, null, null, null, null];

describe('group commit of the provider writes', () => {
  it('writes the batches of requests finishing together in fewer statements than requests', async () => {
    const counter = counting(suite.server.ctx.db);
    const grants = new DatabaseAdapter(counter.db, 'Grant');
    const ids = Array.from({ length: 8 }, (_, i) => `gw-${i}`);
    await Promise.all(ids.map((id) => withWriteBatch(counter.db, () => grants.upsert(id, { jti: id }, 60))));
    for (const id of ids) expect(await stored('Grant', id)).toBeDefined();
    expect(counter.statements).toBeGreaterThan(0);
    expect(counter.statements).toBeLessThan(ids.length);
  });

  it('puts a hundred requests in a group at most', async () => {
    const counter = counting(suite.server.ctx.db);
    const ids = Array.from({ length: 250 }, (_, i) => `gw-many-requests-${i}`);
    await Promise.all(ids.map((id) => writeTogether(counter.db, { writes: new Map([[`Grant ${id}`, row('Grant', id, {})]]), links: [] })));
    // The first alone, then the 249 that waited behind it: 100, 100 and 49.
    expect(counter.statements).toBe(4);
    expect(await stored('Grant', ids[249] ?? '')).toBeDefined();
  });

  it('sends the embedded database, which plans every statement, the plain statement for the rows at hand', () => {
    expect(plansEveryStatement(suite.server.ctx.db)).toBe(suite.server.ctx.database.kind === 'pglite');
  });

  it('keeps writes of one object by two requests in their order, in separate statements', async () => {
    const counter = counting(suite.server.ctx.db);
    const writes = ['first', 'second', 'third'].map((value) =>
      writeTogether(counter.db, { writes: new Map([['Grant gw-same', row('Grant', 'gw-same', { value })]]), links: [] }),
    );
    await Promise.all(writes);
    expect(JSON.parse((await stored('Grant', 'gw-same'))?.payload ?? '{}')).toEqual({ value: 'third' });
    expect(counter.statements).toBe(3);
  });

  it("fails only the request whose writes the database refuses, and stores the others'", async () => {
    const db = suite.server.ctx.db;
    // A model name longer than its column: refused by the database.
    const refused = row('M'.repeat(80), 'gw-bad', {});
    const outcomes = await Promise.allSettled([
      writeTogether(db, { writes: new Map([['Grant gw-ok-1', row('Grant', 'gw-ok-1', {})]]), links: [] }),
      writeTogether(db, { writes: new Map([['Grant gw-ok-2', row('Grant', 'gw-ok-2', {})]]), links: [] }),
      writeTogether(db, { writes: new Map([[`${refused[0]} gw-bad`, refused]]), links: [] }),
      writeTogether(db, {
        writes: new Map<string, ObjectRow | null>([
          ['Grant gw-ok-3', row('Grant', 'gw-ok-3', {})],
          ['Grant gw-ok-1x', null],
        ]),
        links: [['gw-ok-3', 'gw-platform', new Date(Date.now() + 60_000).toISOString()]],
      }),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    for (const id of ['gw-ok-1', 'gw-ok-2', 'gw-ok-3']) expect(await stored('Grant', id)).toBeDefined();
  });

  it('fails a whole group at once when the database cannot be reached, without trying each request again', async () => {
    let statements = 0;
    const unreachable = new Proxy(suite.server.ctx.db, {
      get: (target, name) =>
        name === 'executeQuery'
          ? async () => {
              statements++;
              throw new Error('Connection terminated unexpectedly');
            }
          : Reflect.get(target, name),
    });
    const writes = ['a', 'b', 'c', 'd'].map((id) =>
      writeTogether(unreachable, { writes: new Map([[`Grant gw-down-${id}`, row('Grant', `gw-down-${id}`, {})]]), links: [] }),
    );
    const outcomes = await Promise.allSettled(writes);
    expect(outcomes.every((o) => o.status === 'rejected')).toBe(true);
    // The first request alone, then the three that waited behind it: two statements, not seven.
    expect(statements).toBe(2);
  });

  it('deletes by key, without reading the other live objects', async () => {
    const db = suite.server.ctx.db;
    for (let i = 0; i < 300; i++)
      await db.executeQuery(
        CompiledQuery.raw(`insert into sso_oidc_object (model, id, payload) values ('Grant', $1, '{}')`, [`gw-many-${i}`]),
      );
    // The group statement for one deletion (and one upsert, one link): explained, and so run.
    const parameters = [
      ['Grant'],
      ['gw-many-new'],
      ['{}'],
      [null],
      [null],
      [null],
      [null],
      [null],
      ['Grant'],
      ['gw-many-7'],
      ['gw-many-new'],
      ['gw-platform'],
      [new Date(Date.now() + 60_000).toISOString()],
    ];
    const plan = await db.executeQuery<{ 'QUERY PLAN': unknown }>(
      CompiledQuery.raw(`explain (analyze, format json) ${GROUP_STATEMENT}`, parameters),
    );
    expect(rowsReadFrom(plan.rows[0]?.['QUERY PLAN'], 'sso_oidc_object')).toBeLessThanOrEqual(2);
    expect(await stored('Grant', 'gw-many-7')).toBeUndefined();
    expect(await stored('Grant', 'gw-many-new')).toBeDefined();
    expect(await stored('Grant', 'gw-many-8')).toBeDefined();
  });
});
