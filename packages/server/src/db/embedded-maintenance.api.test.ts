import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../api-suite.testkit.js';
import { maintainEmbeddedDatabase } from './embedded-maintenance.js';

/**
 * The embedded database starts no autovacuum: a maintenance pass leaves every table analysed (the
 * planner's statistics) and vacuumed (its deleted rows reclaimed).
 */
const suite = useTestServer();

const statsOf = async (table: string) =>
  (
    await sql<{ analysed: boolean; vacuumed: boolean }>`select c.reltuples >= 0 and s.last_analyze is not null as analysed,
      s.last_vacuum is not null as vacuumed from pg_class c left join pg_stat_user_tables s on s.relid = c.oid where c.relname = ${table}`.execute(
      suite.server.ctx.db,
    )
  ).rows[0];

describe('maintenance of the embedded database', () => {
  it('vacuums and analyses every table, one after the other', async () => {
    const db = suite.server.ctx.db;
    const rows = Array.from({ length: 200 }, (_, i) => ({ model: 'Maintenance', id: `m${i}`, payload: '{}' }));
    await db.insertInto('sso_oidc_object').values(rows).execute();
    await db.deleteFrom('sso_oidc_object').where('model', '=', 'Maintenance').execute();

    const tables = await maintainEmbeddedDatabase(db);

    expect(tables).toBeGreaterThan(50);
    expect(await statsOf('sso_oidc_object')).toMatchObject({ analysed: true, vacuumed: true });
    expect(await statsOf('blade_user')).toMatchObject({ analysed: true, vacuumed: true });
  });
});
