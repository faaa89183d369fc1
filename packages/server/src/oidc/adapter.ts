import { CompiledQuery } from 'kysely';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/database.js';
import { type ObjectRow, writeTogether } from './group-writes.js';
import { currentBatch, type StoredRow, type WriteBatch } from './write-batch.js';

/** How often, at most, expired rows are deleted (on a write, never on a timer). */
const PURGE_EVERY_MS = 60_000;

/**
 * The statements of the adapter, written once: the provider stores or reads an object several
 * times per sign-on, so none is built and compiled again per call. Times are sent as ISO strings
 * of this node's clock (the clock that set every expiry).
 */
const selectWhere = (column: string) =>
  `select payload, consumed_at from sso_oidc_object where model = $1 and ${column} = $2 and (expires_at is null or expires_at > $3) limit 1`;
export const FIND = { id: selectWhere('id'), uid: selectWhere('uid'), userCode: selectWhere('user_code') };
const live = (alias: string) => `(${alias}.expires_at is null or ${alias}.expires_at > $3)`;
/**
 * The grant and the session each come from a lateral subquery on their own key with `limit 1`, so
 * that the planner takes that key's index whatever the table's statistics say. As joins, on a
 * table never analysed (a new install; the embedded database, which has no autovacuum), it read
 * every live grant and session instead, and each sign-on cost more the more tokens were live. The
 * session's model is compared as an expression (`|| ''`) that the primary key (model, id) cannot
 * serve: otherwise that key's `model = 'Session'` prefix still looks as good as the uid.
 */
const RELATED = `union all select 'Grant', g.id, g.payload, g.consumed_at from t cross join lateral (select id, payload, consumed_at
    from sso_oidc_object g where g.model = 'Grant' and g.id = coalesce(t.grant_id, t.payload::json->'result'->'consent'->>'grantId') and ${live('g')} limit 1) g
  union all select 'Session', s.uid, s.payload, s.consumed_at from t cross join lateral (select uid, payload, consumed_at
    from sso_oidc_object s where s.uid is not null and s.uid = t.payload::json->>'sessionUid' and ${live('s')} and s.model || '' = 'Session' limit 1) s`;
/**
 * A token or interaction by id together with the grant it names (its grant id, or an interaction's
 * result) and the session it belongs to (its session uid): the provider looks both up next in the
 * same request, so they come with it in one statement, all as of the same moment.
 */
export const FIND_WITH_RELATED = `with t as (select payload, consumed_at, grant_id from sso_oidc_object where model = $1 and id = $2 and ${live('sso_oidc_object')})
  select 'self' as kind, null as key, payload, consumed_at from t
  ${RELATED}`;
/**
 * FIND_WITH_RELATED for a code or refresh token that the token endpoint is about to spend: the same
 * row is marked consumed in the same statement (locked, so two redemptions of one code or token
 * are served one after the other), and answered with its consumption as it was before: the first
 * use reads "unconsumed" and goes on, a replay reads "consumed" and the provider revokes the grant.
 * One round trip instead of a read and then a separate consumption, and no window in which two
 * redemptions both read "unconsumed". A redemption the provider then refuses (a wrong PKCE
 * verifier, another client) has still spent the code: a code is good for one attempt, never two.
 */
export const SPEND_WITH_RELATED = `with prior as (select consumed_at from sso_oidc_object where model = $1 and id = $2 and ${live('sso_oidc_object')} for update),
  spent as (update sso_oidc_object set consumed_at = coalesce(consumed_at, $4) where model = $1 and id = $2 and exists (select 1 from prior)
    returning payload, grant_id),
  t as (select spent.payload, prior.consumed_at, spent.grant_id from spent, prior)
  select 'self' as kind, null as key, payload, consumed_at from t
  ${RELATED}`;
/** The models whose lookups by id bring their grant and session along. */
const WITH_RELATED = new Set(['AuthorizationCode', 'AccessToken', 'RefreshToken', 'Interaction']);
/** The models the token endpoint reads only to spend them. */
const SPENT_BY_TOKEN_ENDPOINT = new Set(['AuthorizationCode', 'RefreshToken']);
const CONSUME = 'update sso_oidc_object set consumed_at = $1 where model = $2 and id = $3';
const REVOKE_GRANT = 'delete from sso_oidc_object where grant_id = $1';
/** Expired objects, and the links of expired grants to their platform sessions (grant-sessions.ts), in one statement. */
const PURGE = `with links as (delete from sso_oidc_grant_session where expires_at < $1)
  delete from sso_oidc_object where expires_at < $1`;

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function payloadOf(row: StoredRow): AdapterPayload {
  const payload = JSON.parse(row.payload) as AdapterPayload;
  // The provider refuses a consumed code or token (a replay) by this field.
  return row.consumedAt ? { ...payload, consumed: Math.floor(new Date(row.consumedAt).getTime() / 1000) } : payload;
}

/**
 * Every object the OpenID Connect provider stores (sessions, interactions, codes, tokens, grants…)
 * lives in one table keyed by model and id, so that every node of a cluster shares them and a
 * restart forgets nothing. Each read is one statement; within a provider request, saves and
 * deletions wait in the request's write batch (write-batch.ts) and go out together before the
 * answer, and every write goes out with those of other requests of the moment (group-writes.ts). Expired rows are never answered and are purged at most once a minute on a write.
 * Clients are not stored here: they come from the application catalogue.
 */
export class DatabaseAdapter implements Adapter {
  private static lastPurge = 0;

  constructor(
    private readonly db: Db,
    private readonly model: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000).toISOString() : null;
    const values: ObjectRow = [
      this.model,
      id,
      JSON.stringify(payload),
      str(payload.grantId),
      str(payload.uid),
      str(payload.userCode),
      str(payload.accountId),
      expiresAt,
    ];
    const batch = currentBatch();
    if (batch) batch.upsert(values);
    else await writeTogether(this.db, { writes: new Map([[`${this.model} ${id}`, values]]), links: [] });
    await this.purgeExpired();
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    const batch = currentBatch();
    const written = batch?.lookup(this.model, id);
    if (written !== undefined) return written ?? undefined;
    const known = batch?.recall(this.model, 'id', id);
    if (known) return payloadOf(known);
    if (batch && WITH_RELATED.has(this.model)) return this.findWithRelated(batch, id);
    return this.findBy('id', id);
  }

  private async findWithRelated(batch: WriteBatch, id: string): Promise<AdapterPayload | undefined> {
    const now = new Date().toISOString();
    const spends = batch.spendsOnRead && SPENT_BY_TOKEN_ENDPOINT.has(this.model);
    const result = await this.db.executeQuery<StoredRow & { kind: string; key: string | null }>(
      spends
        ? CompiledQuery.raw(SPEND_WITH_RELATED, [this.model, id, now, now])
        : CompiledQuery.raw(FIND_WITH_RELATED, [this.model, id, now]),
    );
    if (spends && result.rows.some((row) => row.kind === 'self')) batch.spentOnRead.add(`${this.model} ${id}`);
    let found: StoredRow | undefined;
    for (const row of result.rows) {
      if (row.kind === 'self') found = row;
      else if (row.key) batch.remember(row.kind, row.kind === 'Grant' ? 'id' : 'uid', row.key, row);
    }
    return found && payloadOf(found);
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findWritten('uid', uid);
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findWritten('userCode', userCode);
  }

  /** By uid or user code: an object saved in this request first; a deletion pending here is written before the database is asked. */
  private async findWritten(field: 'uid' | 'userCode', value: string): Promise<AdapterPayload | undefined> {
    const batch = currentBatch();
    const written = batch?.lookupBy(this.model, field, value);
    if (written) return written;
    if (batch?.deletes(this.model)) await batch.flush();
    else {
      const known = field === 'uid' ? batch?.recall(this.model, 'uid', value) : undefined;
      if (known) return payloadOf(known);
    }
    return this.findBy(field, value);
  }

  async consume(id: string): Promise<void> {
    // Consumed at once (not batched): a replay must find it consumed.
    const batch = currentBatch();
    // Spent already by the statement that read it in this request.
    if (batch?.spentOnRead.has(`${this.model} ${id}`)) return;
    batch?.forgetReads();
    await batch?.flush();
    await this.db.executeQuery(CompiledQuery.raw(CONSUME, [new Date().toISOString(), this.model, id]));
  }

  async destroy(id: string): Promise<void> {
    const batch = currentBatch();
    if (batch) return batch.destroy(this.model, id);
    await writeTogether(this.db, { writes: new Map([[`${this.model} ${id}`, null]]), links: [] });
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    const batch = currentBatch();
    batch?.forgetReads();
    await batch?.flush();
    await this.db.executeQuery(CompiledQuery.raw(REVOKE_GRANT, [grantId]));
  }

  private async findBy(key: keyof typeof FIND, value: string): Promise<AdapterPayload | undefined> {
    const result = await this.db.executeQuery<StoredRow>(CompiledQuery.raw(FIND[key], [this.model, value, new Date().toISOString()]));
    const row = result.rows[0];
    return row && payloadOf(row);
  }

  private async purgeExpired(): Promise<void> {
    const now = Date.now();
    if (now - DatabaseAdapter.lastPurge < PURGE_EVERY_MS) return;
    DatabaseAdapter.lastPurge = now;
    await this.db.executeQuery(CompiledQuery.raw(PURGE, [new Date(now).toISOString()]));
  }
}
