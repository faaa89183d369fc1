import { AsyncLocalStorage } from 'node:async_hooks';
import type { AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/database.js';
import { type GrantLink, type ObjectRow, writeTogether } from './group-writes.js';

const UID = 4;
const USER_CODE = 5;
/** A row as read: the payload's JSON and when it was consumed. */
export interface StoredRow {
  payload: string;
  consumedAt: Date | string | null;
}

/**
 * The writes of the provider within one HTTP request (or one step of the interaction API), kept
 * until the request's work is done and then sent as one statement, before the answer leaves: every
 * node sees them as soon as the browser or application can act on the answer. Objects written in
 * the request are answered from here when the same request looks them up again.
 */
export class WriteBatch {
  /** The last write of each object, by `model id`: the row to store, or null for a deletion. */
  private writes = new Map<string, ObjectRow | null>();
  /** Grants made in the request, linked to the platform sessions that made them. */
  private links: GrantLink[] = [];
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

  /** Sends what is pending, with what other requests are writing at the same moment (nothing when nothing is). */
  async flush(): Promise<void> {
    if (!this.writes.size && !this.links.length) return;
    const pending = { writes: this.writes, links: this.links };
    this.writes = new Map();
    this.links = [];
    await writeTogether(this.db, pending);
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
