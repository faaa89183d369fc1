import { CompiledQuery, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../api-suite.testkit.js';
import { postgresUnderTest } from '../testing.js';

/**
 * Frequent statements are prepared once per PostgreSQL connection (prepared-statements.ts). PGlite
 * runs in the process and parses every statement itself: the suite runs on PostgreSQL only.
 */
const onPostgres = Boolean(postgresUnderTest());
if (!onPostgres) console.info('prepared statements: PostgreSQL only (set SSO_TEST_PG_URL); skipped on PGlite');

describe.runIf(onPostgres)('statements sent to PostgreSQL', () => {
  const suite = useTestServer();

  /** Runs `work` on one connection of the server's pool, with that connection's prepared statements after it. */
  async function onOneConnection(work: (run: (text: string, ...values: unknown[]) => Promise<unknown[]>) => Promise<void>) {
    return suite.server.ctx.db.connection().execute(async (connection) => {
      // `$n` in the text are the values, sent as parameters.
      const run = async (text: string, ...values: unknown[]) => (await connection.executeQuery(CompiledQuery.raw(text, values))).rows;
      await work(run);
      const prepared = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(connection);
      return prepared.rows.map((row) => row.statement);
    });
  }

  it('are prepared once sent five times with parameters; one sent once, or without parameters, is not', async () => {
    const frequent = "select 'frequent' as kind, $1::int as n";
    const once = "select 'once' as kind, $1::int as n";
    const bare = "select 'no parameters' as kind";
    const prepared = await onOneConnection(async (run) => {
      for (let i = 0; i < 6; i++) expect(await run(frequent, i)).toEqual([{ kind: 'frequent', n: i }]);
      expect(await run(once, 2)).toEqual([{ kind: 'once', n: 2 }]);
      for (let i = 0; i < 6; i++) expect(await run(bare)).toEqual([{ kind: 'no parameters' }]);
    });
    expect(prepared).toContain(frequent);
    expect(prepared).not.toContain(once);
    expect(prepared).not.toContain(bare);
  });

  it('still answer after a migration adds a column to a table a prepared statement reads', async () => {
    await onOneConnection(async (run) => {
      await run('create table prepared_probe (a int)');
      await run('insert into prepared_probe values (1)');
      const read = 'select * from prepared_probe where a = $1';
      for (let i = 0; i < 6; i++) expect(await run(read, 1)).toEqual([{ a: 1 }]);
      await run('alter table prepared_probe add column b int default 7');
      // PostgreSQL refuses the prepared copy (its result type changed); the text is sent again.
      expect(await run(read, 1)).toEqual([{ a: 1, b: 7 }]);
      expect(await run(read, 1)).toEqual([{ a: 1, b: 7 }]);
      await run('drop table prepared_probe');
    });
  });
});
