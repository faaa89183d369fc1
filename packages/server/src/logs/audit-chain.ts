import { createHash, getHashes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import smCrypto from 'sm-crypto';
import type { Db } from '../db/database.js';
import { type Column, type ColumnBatch, insertColumnsStatement, type Value } from './batch-insert.js';

/**
 * The security records are chained per tenant so that an altered, removed or slipped-in record is
 * found: every security event (usual log, level `security`) and sign-in attempt (sign-in log) gets
 * a link, in the order written, whose hash is the digest of the previous link's hash and the
 * record's content. Links are written in the statement of their records, which moves the tenant's
 * head only from the link they follow (one writer per tenant at a time: the head row is locked
 * until the transaction ends), so the chain never forks. The digest is SM3 (GB/T 32905,
 * the commercial-cryptography standard) unless the parameter `audit.chainDigest` says `sha256`;
 * each link names its own, so a change of setting verifies across.
 */
export type ChainedTable = 'blade_log_usual' | 'blade_log_login';
export type ChainDigest = 'sm3' | 'sha256';
export const CHAINED_TABLES: readonly ChainedTable[] = ['blade_log_usual', 'blade_log_login'];

/** The previous hash of a tenant's first link. */
const GENESIS = '0'.repeat(64);
const PAGE = 1000;

// biome-ignore lint/suspicious/noExplicitAny: a transaction of any schema (the repository's) or the database
type Executor = Kysely<any>;

/**
 * SM3 is OpenSSL's when Node's has it (about ten times faster than sm-crypto's, which is the chain's
 * largest cost per event otherwise), else sm-crypto's; both digest the text's UTF-8 bytes alike.
 * sm-crypto is CommonJS: its functions are properties of the default export under Node's ESM loader.
 */
const sm3: (text: string) => string = getHashes().includes('sm3')
  ? (text) => createHash('sm3').update(text, 'utf8').digest('hex')
  : (text) => smCrypto.sm3(text);
const digestOf = (digest: string, text: string) =>
  digest === 'sha256' ? createHash('sha256').update(text, 'utf8').digest('hex') : sm3(text);

/** A record's content as a link vouches for it: every column, names sorted, values as text (times in ISO form). */
export function recordContent(row: Record<string, unknown>): string {
  const text = (value: unknown) =>
    value instanceof Date ? value.toISOString() : value === null || value === undefined ? null : String(value);
  return JSON.stringify(
    Object.keys(row)
      .sort()
      .map((key) => [key, text(row[key])]),
  );
}

export const linkHash = (digest: string, prevHash: string, row: Record<string, unknown>) => digestOf(digest, prevHash + recordContent(row));

/** A tenant's chain head as a writer believes it: the sequence number and hash of its last link. */
interface Head {
  seq: number;
  hash: string;
}

/**
 * The heads a writer last moved or read, per tenant. A chained write names the head it believes
 * and moves it only where the database still holds it (compare-and-swap), so the usual write
 * needs no read and no lock first: one statement. A belief goes stale when another node (or
 * another writer of this one) moved the head, or when the transaction that moved it rolled back:
 * the write then moves nothing and writes nothing, and the writer locks the head, reads it and
 * writes again, which cannot miss (the head is locked until its transaction ends).
 */
export class ChainHeads {
  readonly believed = new Map<string, Head>();
}

/** Records of one tenant to write and link, as insertColumnsStatement takes them (ids from firstId up). */
export interface ChainedBatch {
  table: ChainedTable;
  tenantId: string;
  columns: Column[];
  constants: Record<string, Value>;
  batch: ColumnBatch;
}

const SURROGATE = /[\uD800-\uDFFF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const camelNames = new Map<string, string>();
/** The camel-case plugin's name of a column (remembered: a handful of names, on every record). */
function camelOf(name: string): string {
  let camel = camelNames.get(name);
  if (camel === undefined) {
    camel = name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
    camelNames.set(name, camel);
  }
  return camel;
}
/** What the database stores of a value the writer sends: whole numbers in canonical form, text as its UTF-8 holds it. */
function storedText(column: Column | undefined, value: Value): Value {
  if (value === null) return null;
  if (column && column.type !== 'text' && /^\s*[+-]?\d+\s*$/.test(String(value))) return BigInt(String(value).trim()).toString();
  // A lone surrogate reaches the database as U+FFFD (UTF-8 has no other way to carry it).
  return typeof value === 'string' && SURROGATE.test(value) ? value.replace(LONE_SURROGATE, '\uFFFD') : value;
}

/**
 * The records of a batch as the database will hold them (and verifyChain read them), known before
 * they are written so that their links go in the same statement: every column of the chained
 * tables (migrations 0001 and 0007) is set by the writer (create and update time alike) or left to
 * a constant default. audit-chain-content.api.test.ts compares this with the stored rows.
 */
export function recordsAsStored({ columns, constants, batch }: ChainedBatch): Record<string, unknown>[] {
  const common: Record<string, Value> = { create_dept: null, update_user: null, status: 1, is_deleted: 0, ...constants };
  return batch.at.map((at, i) => {
    const time = new Date(at);
    const row: Record<string, unknown> = { id: (batch.firstId + BigInt(i)).toString(), createTime: time, updateTime: time };
    for (const [name, value] of Object.entries(common)) row[camelOf(name)] = storedText(undefined, value);
    columns.forEach((column, k) => {
      row[camelOf(column.name)] = storedText(column, batch.columns[k]?.[i] ?? null);
    });
    return row;
  });
}

/**
 * Writes one tenant's records and links them to its chain, in one statement: the head's move
 * (only from the head this writer believes), the links and the records, the last two written only
 * if the head moved. On a stale belief, the head is taken under lock (inside the caller's
 * transaction, or one of its own) and the write made again. Answers nothing; the records are
 * those recordsAsStored describes.
 */
export async function insertChained(executor: Executor, heads: ChainHeads, chained: ChainedBatch, digest: ChainDigest): Promise<void> {
  const records = recordsAsStored(chained);
  const believed = heads.believed.get(chained.tenantId);
  if (believed && (await linkFrom(executor, believed, chained, records, digest, heads))) return;
  const locked = async (trx: Executor) => {
    const head = await takeHead(trx, chained.tenantId);
    if (!(await linkFrom(trx, head, chained, records, digest, heads)))
      throw new Error(`the chain head of tenant ${chained.tenantId} moved while locked`);
  };
  if (executor.isTransaction) await locked(executor);
  else await executor.transaction().execute(locked);
}

/** The tenant's head, made at its first link, locked until the transaction ends. */
async function takeHead(trx: Executor, tenantId: string): Promise<Head> {
  const { rows } = await sql<{ seq: string; hash: string }>`insert into blade_log_chain_head (tenant_id, seq, hash)
    values (${tenantId}, 0, ${GENESIS})
    on conflict (tenant_id) do update set tenant_id = excluded.tenant_id returning seq, hash`.execute(trx);
  const [row] = rows;
  if (!row) throw new Error(`no chain head taken for tenant ${tenantId}`);
  return { seq: Number(row.seq), hash: row.hash };
}

/** The one statement: true when the head was where this writer believed, and the links and records are written. */
async function linkFrom(
  executor: Executor,
  head: Head,
  { table, tenantId, columns, constants, batch }: ChainedBatch,
  records: readonly Record<string, unknown>[],
  digest: ChainDigest,
  heads: ChainHeads,
): Promise<boolean> {
  const prevs: string[] = [];
  const hashes: string[] = [];
  let prevHash = head.hash;
  for (const record of records) {
    prevs.push(prevHash);
    prevHash = linkHash(digest, prevHash, record);
    hashes.push(prevHash);
  }
  const moved = { seq: head.seq + records.length, hash: prevHash };
  const onlyIf = sql`exists (select 1 from moved)`;
  const insert = insertColumnsStatement(table, columns, batch, constants, { updateTimeIsCreateTime: true, onlyIf });
  // The links as a list of values (cheaper to plan than arrays to unnest), taken once per moved head: none if it did not move.
  const links = records.map(
    (_, i) => sql`(${(head.seq + i + 1).toString()}::bigint, ${(batch.firstId + BigInt(i)).toString()}::bigint, ${prevs[i]}, ${hashes[i]})`,
  );
  // Snake_case SQL of log tables, no personal data: sent past the handle's plugins (their walk of
  // every parameter node is a tenth of the chain's cost on the embedded database).
  const result = await sql`with moved as (update blade_log_chain_head set seq = ${moved.seq}, hash = ${moved.hash}
      where tenant_id = ${tenantId} and seq = ${head.seq} and hash = ${head.hash} returning 1),
    linked as (insert into blade_log_chain (tenant_id, seq, log_table, log_id, digest, prev_hash, hash)
      select ${tenantId}, l.seq, ${table}, l.log_id, ${digest}, l.prev_hash, l.hash
      from moved, (values ${sql.join(links)}) as l(seq, log_id, prev_hash, hash))
    ${insert}`.execute(executor.withoutPlugins());
  // The records' insert is the statement's own: it wrote them all, or nothing when the head was elsewhere.
  if (Number(result.numAffectedRows ?? 0) !== records.length) return false;
  heads.believed.set(tenantId, moved);
  return true;
}

export type ChainProblem = 'altered' | 'missing' | 'inserted';

/** The answer of GET /api/blade-log/security/verify and `sso audit verify`. */
export interface ChainVerdict {
  intact: boolean;
  /** Links checked. */
  checked: number;
  firstBroken: { seq: number | null; logTable: ChainedTable; logId: string; problem: ChainProblem } | null;
}

/**
 * Walks a tenant's chain from its first kept link (retention purges the oldest) to its head: a
 * link whose record is gone is `missing`, a record whose content no longer gives its link's hash
 * is `altered`, a gap in the sequence or a broken link is `missing` at that place; then a security
 * record written since the chain began that no link names is `inserted`. The first problem found is answered.
 */
export async function verifyChain(db: Db, tenantId: string): Promise<ChainVerdict> {
  const head = await db.selectFrom('blade_log_chain_head').selectAll().where('tenantId', '=', tenantId).executeTakeFirst();
  if (!head) return { intact: true, checked: 0, firstBroken: null };
  let expectedSeq = Number(head.purgedSeq) + 1;
  let prevHash: string | undefined;
  let checked = 0;
  const broken = (seq: number | null, logTable: string, logId: string, problem: ChainProblem): ChainVerdict => ({
    intact: false,
    checked,
    firstBroken: { seq, logTable: logTable as ChainedTable, logId: String(logId), problem },
  });
  for (;;) {
    const links = await db
      .selectFrom('blade_log_chain')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where('seq', '>=', String(expectedSeq))
      .orderBy('seq')
      .limit(PAGE)
      .execute();
    if (!links.length) break;
    const records = new Map<string, Record<string, unknown>>();
    for (const table of CHAINED_TABLES) {
      const ids = links.filter((l) => l.logTable === table).map((l) => String(l.logId));
      if (!ids.length) continue;
      const rows = (await db.selectFrom(table).selectAll().where('id', 'in', ids).execute()) as Record<string, unknown>[];
      for (const row of rows) records.set(`${table}:${String(row.id)}`, row);
    }
    for (const link of links) {
      const seq = Number(link.seq);
      // A link removed from the middle leaves a gap; one removed and the rest rewritten leaves a wrong previous hash.
      if (seq !== expectedSeq || (prevHash !== undefined && link.prevHash !== prevHash))
        return broken(expectedSeq, link.logTable, link.logId, 'missing');
      const record = records.get(`${link.logTable}:${String(link.logId)}`);
      if (!record) return broken(seq, link.logTable, link.logId, 'missing');
      if (linkHash(link.digest, link.prevHash, record) !== link.hash) return broken(seq, link.logTable, link.logId, 'altered');
      prevHash = link.hash;
      expectedSeq = seq + 1;
      checked += 1;
    }
  }
  // The head names the last link written: links cut off the end are missing too.
  if (expectedSeq - 1 !== Number(head.seq)) return broken(expectedSeq, 'blade_log_usual', '', 'missing');
  for (const table of CHAINED_TABLES) {
    const securityOnly = table === 'blade_log_usual' ? sql`and r.log_level = 'security'` : sql``;
    const found = await sql<{ id: string }>`select r.id from ${sql.table(table)} r
      where r.tenant_id = ${tenantId} and r.create_time >= ${head.startedAt} ${securityOnly}
        and not exists (select 1 from blade_log_chain c where c.log_table = ${table} and c.log_id = r.id)
      order by r.id limit 1`.execute(db);
    const stray = found.rows[0];
    if (stray) return broken(null, table, String(stray.id), 'inserted');
  }
  return { intact: true, checked, firstBroken: null };
}

/**
 * Before retention removes records older than `cutoff`, their links go and each tenant's head
 * remembers how far: the chain then verifies from its first kept link. A tenant in `keptFrom`
 * keeps its records from an earlier date (the compliance profile's floor): its links go only
 * before that date.
 */
export async function purgeChainBefore(db: Db, cutoff: Date, keptFrom: ReadonlyMap<string, Date> = new Map()): Promise<void> {
  const endsBefore = (before: Date, tenantId?: string) =>
    db
      .selectFrom('blade_log_chain')
      .select(['tenantId', (eb) => eb.fn.max('seq').as('lastSeq')])
      .where('createTime', '<', before)
      .$if(tenantId !== undefined, (q) => q.where('tenantId', '=', tenantId as string))
      .groupBy('tenantId')
      .execute();
  const ends = (await endsBefore(cutoff)).filter(({ tenantId }) => !keptFrom.has(tenantId));
  for (const [tenantId, floor] of keptFrom) ends.push(...(await endsBefore(floor < cutoff ? floor : cutoff, tenantId)));
  for (const { tenantId, lastSeq } of ends) {
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('blade_log_chain').where('tenantId', '=', tenantId).where('seq', '<=', String(lastSeq)).execute();
      await trx
        .updateTable('blade_log_chain_head')
        .set({ purgedSeq: String(lastSeq) })
        .where('tenantId', '=', tenantId)
        .execute();
    });
  }
}
