import type { Kysely } from 'kysely';
import type { Db } from '../db/database.js';
import type { ResourceCache } from '../kernel/cache.js';
import type { IdGenerator } from '../kernel/ids.js';
import { type ChainDigest, type ChainedTable, ChainHeads, insertChained } from './audit-chain.js';
import { type ColumnBatch, insertColumnsStatement, type Value } from './batch-insert.js';
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
 * both are committed or neither. Otherwise `record(event)` is one awaited statement (a transaction
 * when it takes more). Either way each record is linked to its tenant's tamper-evident chain
 * (audit-chain.ts) in the statement that writes it.
 */
export class SecurityAudit {
  private readonly signInRows: TableSpec<SignInAttempt>;
  private readonly eventRows;
  /** This writer's belief of each tenant's chain head (see ChainHeads). */
  private readonly heads = new ChainHeads();

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

  /** An event of a change that had no transaction: one awaited statement. */
  record(event: SecurityEvent): Promise<void> {
    return this.write(this.db, event);
  }

  private async insert<E>(db: Executor, spec: TableSpec<E>, rows: Value[][]): Promise<void> {
    // The records and their links to the tenant's chain are committed together or not at all.
    const digest = await chainDigest(db, this.cache);
    await insertRecords(db, this.ids, spec, rows, { digest, heads: this.heads });
    this.cache.invalidate(spec.table);
  }
}

/**
 * Writes log records in batches of at most 4096 (what one id reservation holds; an event names as
 * many targets as a bulk call carries). With `chain`, each batch's records are linked to their
 * tenants' chains under that digest as they are written (audit-chain.ts), one statement per batch
 * and tenant: a write of more than one is made in a transaction (the caller's, or its own), so that
 * all of it is committed or none. Without it this is the bare write the chain adds to: the
 * audit-chain bench's baseline.
 */
export async function insertRecords<E>(
  executor: Executor,
  ids: IdGenerator,
  spec: TableSpec<E>,
  rows: Value[][],
  chain?: { digest: ChainDigest; heads: ChainHeads },
): Promise<void> {
  const constants = { ...COMMON_CONSTANTS, ...spec.constants };
  const chunks: Value[][][] = [];
  for (let start = 0; start < rows.length; start += 4096) chunks.push(rows.slice(start, start + 4096));
  const batchOf = (chunk: Value[][]): ColumnBatch => ({
    firstId: ids.reserve(chunk.length),
    at: chunk.map(() => Date.now()),
    columns: spec.columns.map((_, k) => chunk.map((row) => row[k] ?? null)),
  });
  if (!chain) {
    for (const chunk of chunks) await insertColumnsStatement(spec.table, spec.columns, batchOf(chunk), constants).execute(executor);
    return;
  }
  const tenantAt = spec.columns.findIndex((column) => column.name === 'tenant_id');
  const byTenant = chunks.flatMap((chunk) => {
    const groups = new Map<string, Value[][]>();
    for (const row of chunk) {
      const tenantId = String(row[tenantAt] ?? '');
      groups.set(tenantId, [...(groups.get(tenantId) ?? []), row]);
    }
    return [...groups];
  });
  const write = async (writer: Executor) => {
    for (const [tenantId, group] of byTenant) {
      const chained = { table: spec.table as ChainedTable, tenantId, columns: spec.columns, constants, batch: batchOf(group) };
      await insertChained(writer, chain.heads, chained, chain.digest);
    }
  };
  if (byTenant.length > 1 && !executor.isTransaction) await executor.transaction().execute(write);
  else await write(executor);
}

/**
 * `audit.chainDigest`: `sha256`, or SM3 (the default). Kept in the parameters' cache (the key
 * `Params.get` uses, dropped when a parameter is saved); a miss is read through the writer's own
 * executor (its transaction when it has one): on the embedded database a read beside an open
 * transaction would wait for it to end.
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
