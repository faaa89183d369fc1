// CPU time a server spends on a load: its own process and, on PostgreSQL, the database backends
// serving its database (from /proc, so PostgreSQL has to run on this machine). A request's cost on
// PostgreSQL is both halves; on PGlite the database runs inside the server process already.
import pg from 'pg';
import { cpuSeconds } from './processes.mjs';

/** CPU seconds of each backend connected to `url`'s database (this reader's own left out), by process id. */
async function backendSeconds(client, database) {
  const { rows } = await client.query('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database]);
  const seconds = new Map();
  for (const { pid } of rows) seconds.set(pid, await cpuSeconds(pid).catch(() => 0));
  return seconds;
}

/** Backend seconds from `before` to `after`: a backend that ended meanwhile is left out, a new one counts whole. */
const backendDelta = (before, after) => [...after].reduce((sum, [pid, seconds]) => sum + seconds - (before.get(pid) ?? 0), 0);

/** A meter of process `pid` and, when `databaseUrl` is given, of the backends of that database. */
export async function cpuMeter(pid, databaseUrl) {
  const client = databaseUrl ? new pg.Client({ connectionString: databaseUrl }) : undefined;
  await client?.connect();
  const database = databaseUrl && new URL(databaseUrl).pathname.slice(1);
  const snapshot = async () => ({
    server: await cpuSeconds(pid),
    backends: client ? await backendSeconds(client, database) : new Map(),
  });
  return {
    snapshot,
    /** Server and database CPU seconds spent since `before` (a snapshot). */
    async since(before) {
      const now = await snapshot();
      return { server: now.server - before.server, database: backendDelta(before.backends, now.backends) };
    },
    close: async () => client?.end(),
  };
}
