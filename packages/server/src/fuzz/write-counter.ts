import { type Kysely, sql } from 'kysely';

/** Where the write log's marks are read: the newest committed write, or 0 before any. */
export interface WriteCounter {
  /** A mark of the writes committed so far: it changes with every insert, update or delete. */
  mark(): Promise<string>;
  /** The tables written between two marks, by name. */
  tablesWrittenBetween(before: string, after: string): Promise<string[]>;
}

/**
 * Counts the writes to every business table: a row trigger on each logs every inserted, updated
 * (soft deletes included) or deleted row, and a statement trigger every truncate, into a
 * `fuzz_write` table of the test database. A mark is the newest id of that log, read through its
 * primary key, so reading one costs the same however large the tables are (scanning each table for
 * its row count and newest transaction id took most of the fuzz suite's time). A write rolled back
 * leaves no row, as it leaves the table as it was; this holds on PGlite and on PostgreSQL alike.
 * Audit logs are left out: they record refused requests by design. So are the session, key and
 * failed sign-in tables of the token endpoint, which a wrong password must update.
 */
export async function writeCounter(db: Kysely<unknown>): Promise<WriteCounter> {
  const tables = await sql<{ name: string }>`select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name like 'blade\\_%'
      and table_name not like 'blade\\_log\\_%' order by table_name`.execute(db);
  await sql`create table fuzz_write (id bigserial primary key, name text not null)`.execute(db);
  await sql`create function fuzz_log_write() returns trigger language plpgsql as $$
    begin
      insert into fuzz_write (name) values (tg_table_name);
      return null;
    end $$`.execute(db);
  for (const { name } of tables.rows) {
    const table = sql.table(name);
    await sql`create trigger fuzz_log_row_write after insert or update or delete on ${table}
      for each row execute function fuzz_log_write()`.execute(db);
    await sql`create trigger fuzz_log_truncate after truncate on ${table}
      for each statement execute function fuzz_log_write()`.execute(db);
  }
  return {
    mark: async () => {
      const { rows } = await sql<{ id: string }>`select coalesce(max(id), 0)::text as id from fuzz_write`.execute(db);
      return rows[0]?.id ?? '0';
    },
    tablesWrittenBetween: async (before, after) => {
      const { rows } = await sql<{ name: string }>`select distinct name from fuzz_write
        where id > ${before}::bigint and id <= ${after}::bigint order by name`.execute(db);
      return rows.map((row) => row.name);
    },
  };
}
