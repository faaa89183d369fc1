import { createHash, getHashes } from 'node:crypto';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import smCrypto from 'sm-crypto';
import type { Db } from '../db/database.js';

/**
 * The security records are chained per tenant so that an altered, removed or slipped-in record is
 * found: every security event (usual log, level `security`) and sign-in attempt (sign-in log) gets
 * a link, in the order written, whose hash is the digest of the previous link's hash and the
 * record's content. Links are written in the transaction of their records, one writer per tenant
 * at a time (the head row is locked), so the chain never forks. The digest is SM3 (GB/T 32905,
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

/**
 * Writes records (`insert`, an insert statement into `table` without `returning`) and links them
 * to their tenants' chains, in id order; call inside a transaction, which commits both or neither.
 * The records' insert also takes each tenant's head (made at its first link) and locks it until the
 * transaction ends, in the same statement: a second writer of the tenant waits there for the
 * first to commit and then reads the head it moved, so the chain never forks. The links and the
 * heads' moves are a second statement. Answers the records as stored.
 */
export async function insertChained(
  trx: Executor,
  table: ChainedTable,
  insert: RawBuilder<unknown>,
  digest: ChainDigest,
): Promise<Record<string, unknown>[]> {
  const { rows } = await sql<Record<string, unknown>>`with written as (${insert} returning *),
    head as (insert into blade_log_chain_head (tenant_id, seq, hash)
      select distinct coalesce(tenant_id, ''), 0::bigint, ${GENESIS} from written order by 1
      on conflict (tenant_id) do update set tenant_id = excluded.tenant_id
      returning tenant_id, seq, hash)
    select written.*, head.seq as chain_head_seq, head.hash as chain_head_hash
    from written join head on head.tenant_id = coalesce(written.tenant_id, '')`.execute(trx);
  const heads = new Map<string, { seq: number; hash: string }>();
  const records = rows.map(({ chainHeadSeq, chainHeadHash, ...record }) => {
    heads.set(String(record.tenantId ?? ''), { seq: Number(chainHeadSeq), hash: String(chainHeadHash) });
    return record;
  });
  await linkToHeads(trx, table, records, heads, digest);
  return records;
}

/** The links of records to the locked heads they follow, and the heads' moves: one statement per tenant. */
async function linkToHeads(
  trx: Executor,
  table: ChainedTable,
  written: readonly Record<string, unknown>[],
  heads: ReadonlyMap<string, { seq: number; hash: string }>,
  digest: ChainDigest,
): Promise<void> {
  const rows = [...written].sort((a, b) => (BigInt(String(a.id)) < BigInt(String(b.id)) ? -1 : 1));
  const byTenant = new Map<string, Record<string, unknown>[]>();
  for (const row of rows) {
    const tenantId = String(row.tenantId ?? '');
    byTenant.set(tenantId, [...(byTenant.get(tenantId) ?? []), row]);
  }
  for (const [tenantId, records] of byTenant) {
    const head = heads.get(tenantId);
    if (!head) throw new Error(`no chain head taken for tenant ${tenantId}`);
    let seq = head.seq;
    let prevHash = head.hash;
    const links = records.map((row) => {
      seq += 1;
      const hash = linkHash(digest, prevHash, row);
      const link = { tenantId, seq, logTable: table, logId: String(row.id), digest, prevHash, hash };
      prevHash = hash;
      return link;
    });
    // The links and the head's move in one statement.
    await trx
      .with('linked', (db) => db.insertInto('blade_log_chain').values(links))
      .updateTable('blade_log_chain_head')
      .set({ seq, hash: prevHash })
      .where('tenantId', '=', tenantId)
      .execute();
  }
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
