import { AsyncLocalStorage } from 'node:async_hooks';
import { CompiledQuery } from 'kysely';
import type { AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/database.js';

/**
 * One stored object as the adapter writes it: the values of UPSERT_COLUMNS (model, id, payload as
 * JSON, grant id, uid, user code, account id, expiry), taken when the provider saved it.
 */
export type ObjectRow = [string, string, string, string | null, string | null, string | null, string | null, string | null];
const UID = 4;
/** A row as read: the payload's JSON and when it was consumed. */
export interface StoredRow {
  payload: string;
  consumedAt: Date | string | null;
}
const USER_CODE = 5;

export const UPSERT_COLUMNS = '(model, id, payload, grant_id, uid, user_code, account_id, expires_at, consumed_at)';
const UPSERT_TAIL = `on conflict (model, id) do update set payload = excluded.payload, grant_id = excluded.grant_id, uid = excluded.uid,
  user_code = excluded.user_code, account_id = excluded.account_id, expires_at = excluded.expires_at, consumed_at = null`;
const FIELDS_PER_ROW = 8;

const rowPlaceholders = (row: number) =>
  `(${Array.from({ length: FIELDS_PER_ROW }, (_, i) => `$${row * FIELDS_PER_ROW + i + 1}`).join(', ')}, null)`;

const statements = new Map<string, string>();

/** A grant's link to the platform session that made it (grant id, session id, expiry): see grant-sessions.ts. */
export type GrantLink = [string, string, string];
const LINK_FIELDS = 3;

/**
 * One statement for `upserts` rows, `deletes` objects and `links` grant links: the deletes and the
 * links in data-modifying CTEs beside a multi-row upsert. Each object appears once (the batch
 * keeps only an object's last write), so no row is touched twice by the statement.
 */
function batchStatement(upserts: number, deletes: number, links: number): string {
  const key = `${upserts}:${deletes}:${links}`;
  let text = statements.get(key);
  if (text) return text;
  const parts: string[] = [];
  let next = upserts * FIELDS_PER_ROW + 1;
  if (deletes) {
    const pairs = Array.from({ length: deletes }, (_, i) => `($${next + 2 * i}, $${next + 2 * i + 1})`).join(', ');
    parts.push(`delete from sso_oidc_object where (model, id) in (${pairs})`);
    next += 2 * deletes;
  }
  if (links) {
    const rows = Array.from(
      { length: links },
      (_, i) => `($${next + LINK_FIELDS * i}, $${next + LINK_FIELDS * i + 1}, $${next + LINK_FIELDS * i + 2})`,
    );
    parts.push(
      `insert into sso_oidc_grant_session (grant_id, session_id, expires_at) values ${rows.join(', ')} on conflict (grant_id) do nothing`,
    );
  }
  if (upserts) {
    parts.push(
      `insert into sso_oidc_object ${UPSERT_COLUMNS} values ${Array.from({ length: upserts }, (_, i) => rowPlaceholders(i)).join(', ')} ${UPSERT_TAIL}`,
    );
  }
  // The last part is the statement; the others run beside it as CTEs (PostgreSQL runs every data-modifying CTE).
  const main = parts.pop() ?? '';
  text = parts.length ? `with ${parts.map((part, i) => `w${i} as (${part})`).join(', ')} ${main}` : main;
  statements.set(key, text);
  return text;
}

/**
 * The writes of the provider within one HTTP request (or one step of the interaction API), kept
 * until the request's work is done and then sent as one statement, before the answer leaves: every
 * node sees them as soon as the browser or application can act on the answer. Objects written in
 * the request are answered from here when the same request looks them up again.
 */
export class WriteBatch {
  /** The last write of each object, by `model id`: the row to store, or null for a deletion. */
  private readonly writes = new Map<string, ObjectRow | null>();
  /** Grants made in the request, linked to the platform sessions that made them. */
  private readonly links: GrantLink[] = [];
  /** Grants and sessions read in the same statement as the token or interaction that names them. */
  private readonly reads = new Map<string, StoredRow>();

  /** Set once the request's work is done: work it left running in the background writes directly. */
  closed = false;

  /**
   * A token-endpoint request: the authorization code or refresh token it reads is spent by the same
   * statement (see the adapter), and the provider's later `consume` of it has nothing left to write.
   */
  spendsOnRead = false;
  /** Objects spent by the statement that read them in this request, by `model id`. */
  readonly spentOnRead = new Set<string>();

  constructor(private readonly db: Db) {}

  upsert(row: ObjectRow): void {
    const key = `${row[0]} ${row[1]}`;
    this.writes.delete(key);
    this.writes.set(key, row);
  }

  destroy(model: string, id: string): void {
    const key = `${model} ${id}`;
    this.writes.delete(key);
    this.writes.set(key, null);
  }

  /** Links a grant made in this request to its platform session, written with the grant. */
  linkGrant(link: GrantLink): void {
    this.links.push(link);
  }

  /** A row read in this request, with the object it was read for, by `model field value`. */
  remember(model: string, field: 'id' | 'uid', value: string, row: StoredRow): void {
    this.reads.set(`${model} ${field} ${value}`, row);
  }

  recall(model: string, field: 'id' | 'uid', value: string): StoredRow | undefined {
    return this.reads.get(`${model} ${field} ${value}`);
  }

  /** Rows read earlier no longer count (after a consumption or a revocation written at once). */
  forgetReads(): void {
    this.reads.clear();
  }

  /** What this batch holds for the object: a copy of its payload, `null` when deleted, `undefined` when not written here. */
  lookup(model: string, id: string): AdapterPayload | null | undefined {
    const row = this.writes.get(`${model} ${id}`);
    return row ? (JSON.parse(row[2]) as AdapterPayload) : row;
  }

  /** The object of this model whose `field` is `value`, written in this batch. */
  lookupBy(model: string, field: 'uid' | 'userCode', value: string): AdapterPayload | undefined {
    const column = field === 'uid' ? UID : USER_CODE;
    for (const row of this.writes.values()) {
      if (row && row[0] === model && row[column] === value) return JSON.parse(row[2]) as AdapterPayload;
    }
    return undefined;
  }

  /** Whether an object of this model is to be deleted. */
  deletes(model: string): boolean {
    for (const [key, row] of this.writes) if (row === null && key.startsWith(`${model} `)) return true;
    return false;
  }

  /** Sends what is pending as one statement (nothing when nothing is). */
  async flush(): Promise<void> {
    if (!this.writes.size && !this.links.length) return;
    const upserts: unknown[] = [];
    const deletes: unknown[] = [];
    for (const [key, row] of this.writes) {
      if (row) upserts.push(...row);
      else deletes.push(...key.split(' ', 2));
    }
    const links = this.links.flat();
    this.writes.clear();
    this.links.length = 0;
    const text = batchStatement(upserts.length / FIELDS_PER_ROW, deletes.length / 2, links.length / LINK_FIELDS);
    await this.db.executeQuery(CompiledQuery.raw(text, [...upserts, ...deletes, ...links]));
  }
}

const current = new AsyncLocalStorage<WriteBatch>();

/** The batch of the request being handled, if its writes are batched. */
export const currentBatch = (): WriteBatch | undefined => {
  const batch = current.getStore();
  return batch?.closed ? undefined : batch;
};

/**
 * Runs `work` with its provider writes batched, then writes them; the work's answer waits for
 * them. Writes made before the work failed are still written, as they would have been unbatched.
 */
export async function withWriteBatch<T>(db: Db, work: () => Promise<T>): Promise<T> {
  const batch = new WriteBatch(db);
  let result: T;
  try {
    result = await current.run(batch, work);
  } catch (error) {
    batch.closed = true;
    await batch.flush().catch(() => {});
    throw error;
  }
  batch.closed = true;
  await batch.flush();
  return result;
}
