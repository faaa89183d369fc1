import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../api-suite.testkit.js';
import { postgresUnderTest } from '../testing.js';

/** SSO_PG_PREPARED_STATEMENTS=false: for a pooler that does not keep a client's prepared statements. */
const onPostgres = Boolean(postgresUnderTest());
if (!onPostgres) console.info('prepared statements switched off: PostgreSQL only (set SSO_TEST_PG_URL); skipped on PGlite');

describe.runIf(onPostgres)('with SSO_PG_PREPARED_STATEMENTS=false', () => {
  const suite = useTestServer({ SSO_PG_PREPARED_STATEMENTS: 'false' });

  it('prepares nothing, however often a statement is sent', async () => {
    const prepared = await suite.server.ctx.db.connection().execute(async (connection) => {
      for (let i = 0; i < 8; i++) expect((await sql`select ${i}::int as n`.execute(connection)).rows).toEqual([{ n: i }]);
      return (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(connection)).rows;
    });
    expect(prepared).toEqual([]);
  });
});
