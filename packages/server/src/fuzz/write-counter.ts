import { type Kysely, sql } from 'kysely';

/**
 * A fingerprint of every business table: its row count and the newest transaction id among its
 * rows (`xmin`). Any insert, update (soft deletes included) or delete changes it, on PGlite and on
 * PostgreSQL alike, without reading the rows' contents. Audit logs are left out: they record
 * refused requests by design. So are the session, key and failed sign-in tables of the token
 * endpoint, which a wrong password must update.
 */
export async function writeCounter(db: Kysely<unknown>): Promise<() => Promise<string>> {
  const tables = await sql<{ name: string }>`select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name like 'blade\\_%'
      and table_name not like 'blade\\_log\\_%' order by table_name`.execute(db);
  const parts = tables.rows.map(
    ({ name }) =>
      sql`select ${name}::text as name, count(*)::text as n, coalesce(max(xmin::text::bigint), 0)::text as x from ${sql.table(name)}`,
  );
  const query = sql<{ name: string; n: string; x: string }>`${sql.join(parts, sql` union all `)}`;
  return async () =>
    (await query.execute(db)).rows
      .map((r) => `${r.name}:${r.n}:${r.x}`)
      .sort()
      .join(' ');
}

/** The tables whose fingerprints differ between two readings. */
export function changedTables(before: string, after: string): string[] {
  const old = new Set(before.split(' '));
  return after
    .split(' ')
    .filter((part) => !old.has(part))
    .map((part) => part.split(':')[0] ?? part);
}
