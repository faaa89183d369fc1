import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * Every statement this process sends to its database while `work` runs, in order, transaction
 * control included: read at the client (pg's, or PGlite's), under everything the server adds
 * (transactions, raw SQL, the personal-data plugin). What a test asserts is a count of them.
 */
export async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
  const statements: string[] = [];
  const pgQuery = pg.Client.prototype.query;
  const pgliteQuery = PGlite.prototype.query;
  const pgliteExec = PGlite.prototype.exec;
  const note = (text: unknown) => {
    const sql = typeof text === 'string' ? text : (text as { text?: string } | undefined)?.text;
    if (sql) statements.push(sql.replace(/\s+/g, ' ').trim());
  };
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    note(args[0]);
    return (pgQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pgQuery;
  PGlite.prototype.query = function (this: PGlite, ...args: Parameters<PGlite['query']>) {
    note(args[0]);
    return pgliteQuery.apply(this, args);
  } as typeof pgliteQuery;
  PGlite.prototype.exec = function (this: PGlite, ...args: Parameters<PGlite['exec']>) {
    note(args[0]);
    return pgliteExec.apply(this, args);
  } as typeof pgliteExec;
  try {
    await work();
  } finally {
    pg.Client.prototype.query = pgQuery;
    PGlite.prototype.query = pgliteQuery;
    PGlite.prototype.exec = pgliteExec;
  }
  return statements;
}
