import type { Kysely } from 'kysely';
import type { Db } from '../db/database.js';
import type { ResourceCache } from '../kernel/cache.js';
import type { IdGenerator } from '../kernel/ids.js';
import { type ChainDigest, type ChainedTable, insertChained } from './audit-chain.js';
import { insertColumnsStatement, type Value } from './batch-insert.js';
import { type CityResolver, OfflineCityResolver } from './ip-city.js';
import { COMMON_CONSTANTS } from './log-recorder.js';
import { type SignInAttempt, signInSpec, type TableSpec, usualSpec } from './log-rows.js';
import { eventData, originFields, type SecurityEvent } from './security-events.js';
import { serverInfo } from './server-info.js';

const SECURITY_LEVEL = 'security';

// biome-ignore lint/suspicious/noExplicitAny: a transaction of any schema (the repository's) or the database
type Executor = Kysely<any>;

/**
 * Security events are written before the call answers, unlike the batched audit logs (which a
 * crash may cut short by what waits). Sign-in attempts go to the sign-in log, as the screen
 * reads them; every other event to the usual log with the level `security` and the event type
 * as entry id. The usual log was chosen over a table of its own because administrators already
 * read it (level and entry-id filters, detail drawer, retention, tenant scoping) and its
 * request columns (actor, address, user agent, URL) are those an event needs; outcome, target
 * and detail go to its JSON data.
 *
 * A change made in a transaction writes its event in that transaction (`write(trx, event)`):
 * both are committed or neither. Otherwise `record(event)` is one awaited transaction. Either way
 * each record is linked to its tenant's tamper-evident chain (audit-chain.ts) as it is written.
 */
export class SecurityAudit {
  private readonly signInRows: TableSpec<SignInAttempt>;
  private readonly eventRows;

  constructor(
    private readonly db: Db,
    private readonly ids: IdGenerator,
    private readonly cache: ResourceCache,
    cities: CityResolver = new OfflineCityResolver(),
  ) {
    this.signInRows = signInSpec((ip) => cities.city(ip));
    this.eventRows = usualSpec(serverInfo());
  }

  /** A sign-in attempt of any grant type, granted or refused: one row of the sign-in log. */
  async signIn(attempt: SignInAttempt): Promise<void> {
    await this.insert(this.db, this.signInRows, [this.signInRows.values(attempt)]);
  }

  /** An event inside the caller's transaction: committed with the change it describes. */
  async write(trx: Executor, event: SecurityEvent): Promise<void> {
    if (!event.targets.length) return;
    const request = originFields(event);
    const rows = event.targets.map((target) =>
      this.eventRows.values({ request, level: SECURITY_LEVEL, id: event.type, data: eventData(event, target) }),
    );
    await this.insert(trx, this.eventRows, rows);
  }

  /** An event of a change that had no transaction: one awaited insert. */
  record(event: SecurityEvent): Promise<void> {
    return this.write(this.db, event);
  }

  private async insert<E>(db: Executor, spec: TableSpec<E>, rows: Value[][]): Promise<void> {
    // The records and their links to the tenant's chain are committed together or not at all.
    const write = async (executor: Executor) => {
      const digest = await chainDigest(executor, this.cache);
      await insertRecords(executor, this.ids, spec, rows, digest);
    };
    if (db.isTransaction) await write(db);
    else await db.transaction().execute(write);
    this.cache.invalidate(spec.table);
  }
}

/**
 * Writes log records in batches of at most 4096 (what one id reservation holds; an event names as
 * many targets as a bulk call carries). With `chain`, each batch's insert also links its records to
 * their tenants' chains under that digest (audit-chain.ts; the executor must be a transaction).
 * Without it this is the bare write the chain adds to: the audit-chain bench's baseline.
 */
export async function insertRecords<E>(
  executor: Executor,
  ids: IdGenerator,
  spec: TableSpec<E>,
  rows: Value[][],
  chain?: ChainDigest,
): Promise<void> {
  for (let start = 0; start < rows.length; start += 4096) {
    const chunk = rows.slice(start, start + 4096);
    const at = chunk.map(() => Date.now());
    const columns = spec.columns.map((_, k) => chunk.map((row) => row[k] ?? null));
    const firstId = ids.reserve(chunk.length);
    const constants = { ...COMMON_CONSTANTS, ...spec.constants };
    const insert = insertColumnsStatement(spec.table, spec.columns, { firstId, at, columns }, constants);
    if (chain) await insertChained(executor, spec.table as ChainedTable, insert, chain);
    else await insert.execute(executor);
  }
}

/**
 * `audit.chainDigest`: `sha256`, or SM3 (the default). Kept in the parameters' cache (the key
 * `Params.get` uses, dropped when a parameter is saved); a miss is read through the writer's own
 * transaction: on the embedded database a read beside an open transaction would wait for it to end.
 */
async function chainDigest(executor: Executor, cache: ResourceCache): Promise<ChainDigest> {
  const value = await cache.get('blade_param', 'key:audit.chainDigest', async () => {
    const row = await executor
      .selectFrom('blade_param')
      .select('paramValue')
      .where('paramKey', '=', 'audit.chainDigest')
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
    return row?.paramValue as string | undefined;
  });
  return String(value ?? '')
    .trim()
    .toLowerCase() === 'sha256'
    ? 'sha256'
    : 'sm3';
}
