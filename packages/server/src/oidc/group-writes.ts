import { CompiledQuery } from 'kysely';
import { type Db, plansEveryStatement } from '../db/database.js';

/**
 * One stored object as the adapter writes it: model, id, payload as JSON, grant id, uid, user code,
 * account id and expiry, taken when the provider saved it.
 */
export type ObjectRow = [string, string, string, string | null, string | null, string | null, string | null, string | null];
/** A grant's link to the platform session that made it (grant id, session id, expiry): see grant-sessions.ts. */
export type GrantLink = [string, string, string];

/** What one request has to write: the last write of each object by `model id` (null: delete it), and its grants' links. */
export interface PendingWrites {
  writes: ReadonlyMap<string, ObjectRow | null>;
  links: readonly GrantLink[];
}

const UPSERT_COLUMNS = '(model, id, payload, grant_id, uid, user_code, account_id, expires_at, consumed_at)';
const UPSERT_TAIL = `on conflict (model, id) do update set payload = excluded.payload, grant_id = excluded.grant_id, uid = excluded.uid,
    user_code = excluded.user_code, account_id = excluded.account_id, expires_at = excluded.expires_at, consumed_at = null`;
const UPSERT_FIELDS = 8;
const LINK_FIELDS = 3;

/**
 * On PostgreSQL, every write of any number of requests goes in one statement whose text never
 * changes: the rows go as one array per column, so PostgreSQL prepares the statement once per
 * connection whatever the number of rows. Deletions and links run beside the upsert as
 * data-modifying CTEs (PostgreSQL runs every one). No object may appear twice: the group below
 * keeps the keys of its requests apart.
 */
export const GROUP_STATEMENT = `with gone as (delete from sso_oidc_object o using unnest($9::varchar[], $10::varchar[]) as d(model, id)
    where o.model = d.model and o.id = d.id),
  linked as (insert into sso_oidc_grant_session (grant_id, session_id, expires_at)
    select * from unnest($11::varchar[], $12::varchar[], $13::timestamptz[]) on conflict (grant_id) do nothing)
  insert into sso_oidc_object ${UPSERT_COLUMNS}
  select model, id, payload, grant_id, uid, user_code, account_id, expires_at, null
    from unnest($1::varchar[], $2::varchar[], $3::text[], $4::varchar[], $5::varchar[], $6::varchar[], $7::varchar[], $8::timestamptz[])
    as r(model, id, payload, grant_id, uid, user_code, account_id, expires_at)
  ${UPSERT_TAIL}`;

/** Appends `values` to the columns from `first` on, one value each. */
function addTo(columns: unknown[][], first: number, values: readonly unknown[]): void {
  for (const [i, value] of values.entries()) columns[first + i]?.push(value);
}

/** GROUP_STATEMENT's parameters for `group`: upsert columns, deletion keys, link columns. */
function columnsOf(group: readonly PendingWrites[]): unknown[][] {
  const columns: unknown[][] = Array.from({ length: UPSERT_FIELDS + 2 + LINK_FIELDS }, () => []);
  for (const { writes, links } of group) {
    for (const [key, row] of writes) addTo(columns, row ? 0 : UPSERT_FIELDS, row ?? key.split(' ', 2));
    for (const link of links) addTo(columns, UPSERT_FIELDS + 2, link);
  }
  return columns;
}

const placeholders = (from: number, rows: number, fields: number, tail = '') =>
  Array.from(
    { length: rows },
    (_, row) => `(${Array.from({ length: fields }, (_, i) => `$${from + row * fields + i}`).join(', ')}${tail})`,
  ).join(', ');

const shapedTexts = new Map<string, string>();
const MAX_SHAPED_TEXTS = 200;

/**
 * The embedded database plans every statement it is sent, and there the unnest statement costs
 * twice a plain one (measured: 520–730 µs against 210–270 for one row): it gets the smallest text
 * for the rows at hand instead, with only the parts they need, one text per shape.
 */
function shapedStatement(upserts: number, deletes: number, links: number): string {
  const key = `${upserts}:${deletes}:${links}`;
  let text = shapedTexts.get(key);
  if (text) return text;
  const parts: string[] = [];
  let next = upserts * UPSERT_FIELDS + 1;
  if (deletes) {
    parts.push(`delete from sso_oidc_object where (model, id) in (${placeholders(next, deletes, 2)})`);
    next += 2 * deletes;
  }
  if (links) {
    parts.push(
      `insert into sso_oidc_grant_session (grant_id, session_id, expires_at) values ${placeholders(next, links, LINK_FIELDS)} on conflict (grant_id) do nothing`,
    );
  }
  if (upserts)
    parts.push(`insert into sso_oidc_object ${UPSERT_COLUMNS} values ${placeholders(1, upserts, UPSERT_FIELDS, ', null')} ${UPSERT_TAIL}`);
  // The last part is the statement; the others run beside it as CTEs.
  const main = parts.pop() ?? '';
  text = parts.length ? `with ${parts.map((part, i) => `w${i} as (${part})`).join(', ')} ${main}` : main;
  // The common shapes are kept; the texts of rare large groups are made again when they recur.
  if (shapedTexts.size < MAX_SHAPED_TEXTS) shapedTexts.set(key, text);
  return text;
}

/** The shaped statement's parameters for `group`: the upserted rows, then the deleted keys, then the links, each in order. */
function rowsOf(group: readonly PendingWrites[]): { upserts: unknown[]; deletes: unknown[]; links: unknown[] } {
  const [upserts, deletes, links]: unknown[][] = [[], [], []];
  for (const pending of group) {
    for (const [key, row] of pending.writes) {
      if (row) upserts.push(...row);
      else deletes.push(...key.split(' ', 2));
    }
    for (const link of pending.links) links.push(...link);
  }
  return { upserts, deletes, links };
}

/** The statement writing `group` on `db`. */
function groupStatement(db: Db, group: readonly PendingWrites[]): CompiledQuery {
  if (!plansEveryStatement(db)) return CompiledQuery.raw(GROUP_STATEMENT, columnsOf(group));
  const { upserts, deletes, links } = rowsOf(group);
  const text = shapedStatement(upserts.length / UPSERT_FIELDS, deletes.length / 2, links.length / LINK_FIELDS);
  return CompiledQuery.raw(text, [...upserts, ...deletes, ...links]);
}

/**
 * Whether the database refused the statement for a value it holds (SQLSTATE classes 22, data
 * exception, and 23, integrity constraint): one request's rows, which the others should not
 * share. Anything else (a lost connection, a timeout) would fail each request again, one at a
 * time, while every other write waits: the whole group fails at once instead.
 */
const refusedForItsData = (error: unknown): boolean => /^2[23]/.test(String((error as { code?: unknown })?.code ?? ''));

/** Requests per group at most: a statement's size (and its parameters: at most 65,535) stays bounded under any load. */
const MAX_GROUP = 100;

interface Waiting extends PendingWrites {
  done: (error?: unknown) => void;
}

/**
 * Group commit of the provider's writes: a request whose writes are ready while another group's
 * statement is on its way joins the next group, and the next group goes as one statement as soon
 * as that one is back. Alone, a request's writes go at once; under load, PostgreSQL commits one
 * transaction for many requests instead of one each. Each request still answers only after its
 * own writes are stored. A group refused for its data is sent again request by request, so one
 * request's bad rows fail that request alone.
 */
class GroupWriter {
  private readonly waiting: Waiting[] = [];
  private sending = false;

  constructor(private readonly db: Db) {}

  write(pending: PendingWrites): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ ...pending, done: (error) => (error === undefined ? resolve() : reject(error)) });
      if (!this.sending) void this.sendGroups();
    });
  }

  private async sendGroups(): Promise<void> {
    this.sending = true;
    try {
      while (this.waiting.length) {
        const group = this.takeGroup();
        await this.send(group);
      }
    } finally {
      this.sending = false;
    }
  }

  /** The longest run of waiting requests, in order, that write no object and link no grant twice (MAX_GROUP at most). */
  private takeGroup(): Waiting[] {
    const keys = new Set<string>();
    let size = 0;
    for (const entry of this.waiting) {
      if (size === MAX_GROUP) break;
      const own = [...entry.writes.keys(), ...entry.links.map(([grantId]) => `link ${grantId}`)];
      if (size > 0 && own.some((key) => keys.has(key))) break;
      for (const key of own) keys.add(key);
      size++;
    }
    return this.waiting.splice(0, size);
  }

  private async send(group: Waiting[]): Promise<void> {
    try {
      await this.db.executeQuery(groupStatement(this.db, group));
      for (const entry of group) entry.done();
    } catch (error) {
      if (group.length > 1 && refusedForItsData(error)) {
        for (const entry of group) await this.send([entry]);
      } else {
        for (const entry of group) entry.done(error);
      }
    }
  }
}

const writers = new WeakMap<Db, GroupWriter>();

/** Writes `pending` with whatever other requests on `db` are writing at the same moment; resolves once stored. */
export function writeTogether(db: Db, pending: PendingWrites): Promise<void> {
  let writer = writers.get(db);
  if (!writer) {
    writer = new GroupWriter(db);
    writers.set(db, writer);
  }
  return writer.write(pending);
}
