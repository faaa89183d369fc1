import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/**
 * Server-side prepared statements for PostgreSQL, as its JDBC driver does them (`prepareThreshold`):
 * a statement text the platform has sent `PREPARE_AFTER` times is given a name, and each
 * connection parses and plans it once, then only binds and runs it. Parsing and planning is most
 * of what PostgreSQL spends on the platform's short statements (a sign-on's token lookup with its
 * grant and session: about 230 µs of the backend's CPU sent unnamed, 22 µs prepared), and the
 * hot paths send the same few texts over and over. Only statements with parameters are named:
 * their values never appear in the text, so the set of texts is small (the caps below bound it
 * anyway), and a text without any may hold several commands, which a prepared statement cannot.
 */
const PREPARE_AFTER = 5;
/** At most this many named statements (per connection, PostgreSQL keeps each one's plan). */
const MAX_NAMED = 500;
/** Texts longer than this (multi-row inserts of a bulk import) are sent unnamed: rare and large. */
const MAX_TEXT = 8_000;
/** Texts counted but not yet named; forgotten all at once when it grows this large (one-off texts). */
const MAX_COUNTED = 5_000;
/**
 * PostgreSQL refuses a prepared statement whose result columns changed since it was planned
 * (a column added by a migration run by another node): code 0A000, "cached plan must not change
 * result type". Nothing ran; the statement is sent again unnamed and that connection forgets it.
 */
const CACHED_PLAN_CHANGED = '0A000';

class StatementNames {
  private readonly names = new Map<string, string>();
  private readonly counts = new Map<string, number>();

  /** The name for `text`, once it has been sent often enough to be worth preparing. */
  nameFor(text: string): string | undefined {
    const named = this.names.get(text);
    if (named || text.length > MAX_TEXT || this.names.size >= MAX_NAMED) return named;
    const count = (this.counts.get(text) ?? 0) + 1;
    if (count < PREPARE_AFTER) {
      if (this.counts.size >= MAX_COUNTED) this.counts.clear();
      this.counts.set(text, count);
      return undefined;
    }
    this.counts.delete(text);
    const name = `sso_${this.names.size + 1}`;
    this.names.set(text, name);
    return name;
  }
}

/** pg keeps the names a connection has prepared here (not in its typings). */
type PreparedOn = { connection?: { parsedStatements?: Record<string, string> } };

function preparingClient(client: pg.PoolClient, names: StatementNames): PostgresPoolClient {
  const query = async (text: string, values: readonly unknown[]) => {
    const name = values.length ? names.nameFor(text) : undefined;
    if (!name) return client.query(text, values as unknown[]);
    try {
      return await client.query({ name, text, values: values as unknown[] });
    } catch (error) {
      if ((error as { code?: string }).code !== CACHED_PLAN_CHANGED) throw error;
      // The connection's prepared copy is stale: drop it there, then send the text as it is.
      delete (client as unknown as PreparedOn).connection?.parsedStatements?.[name];
      await client.query(`deallocate ${name}`).catch(() => {});
      return client.query(text, values as unknown[]);
    }
  };
  // A cursor (streamed reads) goes to pg as it is; a text is named when it is frequent.
  const either = (textOrCursor: unknown, values?: readonly unknown[]): unknown =>
    typeof textOrCursor === 'string' ? query(textOrCursor, values ?? []) : client.query(textOrCursor as never);
  return { query: either as PostgresPoolClient['query'], release: () => client.release() };
}

/** The pool Kysely reads from: `pool`'s connections, each preparing the platform's frequent statements. */
export function preparingPool(pool: pg.Pool): PostgresPool {
  const names = new StatementNames();
  return {
    connect: async () => preparingClient(await pool.connect(), names),
    end: () => pool.end(),
  };
}
