import { createHash, randomBytes } from 'node:crypto';
import { type Selectable, sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import type { ClusterBus } from '../kernel/bus.js';
import type { IdGenerator } from '../kernel/ids.js';
import { FRESH_FOR_MS } from './fresh-sign-in.js';
import { LAST_SEEN_WRITE_MS, limitReached, NO_SESSION_LIMITS, type SessionLimitReached, type SessionLimits } from './session-limits.js';
import { type HeldByUser, heldGrants, type SessionMessage, type SessionState } from './session-state.js';
import { loadSessionState } from './session-store.js';

type SessionRow = Selectable<Database['sso_session']>;

interface NewSession {
  tenantId: string;
  userId: string;
  clientId: string;
  roleId: string;
  deptId: string;
  ip?: string;
  userAgent?: string;
  refreshTtlSeconds: number;
  /** Signed in with a password that must be changed first. */
  mustChangePassword?: boolean;
  /** The access token of a sign-in that presented a credential: the session is fresh for it (see fresh-sign-in.ts). */
  freshTokenId?: string;
}

/** The session's user (undefined when removed) and tenant as read with the rotation: what a refresh checks and signs. */
interface SessionHolder {
  user?: Pick<
    Selectable<Database['blade_user']>,
    'id' | 'tenantId' | 'account' | 'name' | 'realName' | 'postId' | 'avatar' | 'mustChangePassword' | 'roleId' | 'deptId' | 'status'
  >;
  tenant?: { status: number; expireTime: Date | null };
}

/** Platform sessions that have just ended, and the users they belonged to. */
export interface EndedSessions {
  sessionIds: string[];
  userIds: string[];
}

type RotateResult =
  | { ok: true; session: SessionRow; holder: SessionHolder; refreshToken: string }
  | { ok: false; reason: 'invalid' | 'reused' };

/** A rotated session row with its holder's columns beside it (see rotate). */
type RotatedRow = SessionRow & {
  holderId: string | null;
  holderAccount: string;
  holderName: string | null;
  holderRealName: string | null;
  holderPostId: string | null;
  holderAvatar: string | null;
  holderMustChangePassword: number;
  holderRoleId: string | null;
  holderDeptId: string | null;
  holderStatus: number;
  tenantFound: string | null;
  tenantStatus: number;
  tenantExpireTime: Date | null;
};

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const newRefreshToken = () => randomBytes(32).toString('base64url');
const TOPIC = 'sessions';
const MAX_STATES = 200_000;

/**
 * Server-side sessions behind the tokens. Refresh tokens are stored hashed and rotate on every
 * use; presenting a used one revokes the whole session (reuse detection).
 *
 * Each node keeps what it knows of a session (live, what its user still holds, whether the
 * password must be changed) in memory, for the auth hook to read without an await. Every change
 * goes through one of the functions below: the database first, then a message on the cluster
 * bus that every node (this one included, before the function returns) applies to its memory.
 * What is in memory is read again from the database after SSO_CACHE_TTL_MS, which bounds how
 * long a node that missed messages (bus down) can be wrong; an ended session is never revived.
 */
export class Sessions {
  private readonly states = new Map<string, SessionState>();
  private bus: ClusterBus | undefined;
  /** Bumped by every message: a database read that overlapped one is not trusted. */
  private generation = 0;

  /** The last request this node saw of each session, and when it last wrote one down (ms). */
  private readonly seen = new Map<string, { at: number; written: number }>();

  constructor(
    private readonly db: Db,
    private readonly ids: IdGenerator,
    private readonly recheckMs: number,
    /** The session limits of a tenant (its compliance profile): read when a session is. */
    private readonly limitsOf: (tenantId: string) => Promise<SessionLimits> = async () => NO_SESSION_LIMITS,
  ) {}

  shareThrough(bus: ClusterBus): void {
    this.bus = bus;
    bus.subscribe(TOPIC, (payload) => this.apply(payload as SessionMessage));
    // Messages may have been missed: read every live session again at its next request.
    bus.onResync(() => {
      this.generation++;
      for (const [id, state] of this.states) if (state.active) this.states.delete(id);
    });
  }

  async create(input: NewSession): Promise<{ sessionId: string; refreshToken: string }> {
    const sessionId = this.ids.next();
    const refreshToken = newRefreshToken();
    // One start time, stored and kept here alike: the session's sign-in time (an ID token's
    // auth_time, a fresh sign-in's check) reads the same second from the row and from memory.
    const startedAt = Date.now();
    const expiresAt = new Date(startedAt + input.refreshTtlSeconds * 1000);
    // One statement: the session, its first refresh token and, for a sign-in that presented a
    // credential, its fresh mark (with the marks that ran out) are stored together or not at all.
    const fresh = input.freshTokenId
      ? sql`, purged as (delete from sso_fresh_sign_in where expires_at < ${new Date(startedAt)}),
          fresh as (insert into sso_fresh_sign_in (session_id, token_id, expires_at)
            select id, ${input.freshTokenId}, ${new Date(startedAt + FRESH_FOR_MS)} from session)`
      : sql``;
    await sql`with session as (
        insert into sso_session (id, created_at, tenant_id, user_id, client_id, role_id, dept_id, ip, user_agent, expires_at)
        values (${sessionId}, ${new Date(startedAt)}, ${input.tenantId}, ${input.userId}, ${input.clientId}, ${input.roleId},
          ${input.deptId}, ${input.ip?.slice(0, 64) ?? null}, ${input.userAgent?.slice(0, 500) ?? null}, ${expiresAt})
        returning id
      ), refresh as (
        insert into sso_refresh_token (token_hash, session_id, expires_at) select ${sha256(refreshToken)}, id, ${expiresAt} from session
      )${fresh}
      select id from session`.execute(this.db);
    const now = Date.now();
    this.remember(sessionId, {
      active: true,
      checkedAt: now,
      userId: input.userId,
      tenantId: input.tenantId,
      mustChangePassword: input.mustChangePassword ?? false,
      startedAt,
      lastSeenAt: now,
      limits: await this.limitsOf(input.tenantId),
    });
    return { sessionId, refreshToken };
  }

  /**
   * Spends a refresh token and hands out its successor, in one statement: the token is marked
   * used only if it was unused and unexpired and its session not ended, and the successor is
   * stored in the same statement, which also reads the session's user and tenant (a refresh
   * checks both): one round trip. A used token presented again ends the session.
   */
  async rotate(
    refreshToken: string,
    refreshTtlSeconds: number,
    switchTo: { roleId?: string; deptId?: string } = {},
  ): Promise<RotateResult> {
    const hash = sha256(refreshToken);
    const successor = newRefreshToken();
    const expiresAt = new Date(Date.now() + refreshTtlSeconds * 1000);
    const { rows } = await sql<RotatedRow>`
      with spent as (
        update sso_refresh_token set used_at = now()
        where token_hash = ${hash} and used_at is null and expires_at > now()
        returning session_id
      ), session as (
        update sso_session as s
        set refreshed_at = now(), expires_at = ${expiresAt},
          role_id = coalesce(${switchTo.roleId ?? null}::varchar, s.role_id),
          dept_id = coalesce(${switchTo.deptId ?? null}::varchar, s.dept_id)
        from spent
        where s.id = spent.session_id and s.revoked_at is null
        returning s.*
      ), successor as (
        insert into sso_refresh_token (token_hash, session_id, expires_at)
        select ${sha256(successor)}, id, ${expiresAt} from session
      )
      select session.*,
        u.id as holder_id, u.account as holder_account, u.name as holder_name, u.real_name as holder_real_name,
        u.post_id as holder_post_id, u.avatar as holder_avatar, u.must_change_password as holder_must_change_password,
        u.role_id as holder_role_id, u.dept_id as holder_dept_id, u.status as holder_status,
        t.tenant_id as tenant_found, t.status as tenant_status, t.expire_time as tenant_expire_time
      from session
      left join blade_user u on u.id = session.user_id and u.is_deleted = 0
      left join blade_tenant t on t.tenant_id = session.tenant_id and t.is_deleted = 0`.execute(this.db);
    const row = rows[0];
    if (row) return { ok: true, ...splitRotated(row), refreshToken: successor };
    const old = await this.db
      .selectFrom('sso_refresh_token as t')
      .leftJoin('sso_session as s', 's.id', 't.sessionId')
      .select(['t.sessionId', 't.usedAt', 's.revokedAt'])
      .where('t.tokenHash', '=', hash)
      .executeTakeFirst();
    // A token of a session that has ended (sign-out, password change…) is merely invalid.
    if (old?.usedAt && !old.revokedAt) {
      await this.revoke(old.sessionId, 'refresh-token-reuse');
      return { ok: false, reason: 'reused' };
    }
    return { ok: false, reason: 'invalid' };
  }

  /** Ends one session (sign-out, reuse of a refresh token) on every node. */
  async revoke(sessionId: string, reason: string): Promise<void> {
    await this.endWhere(reason, (query) => query.where('id', '=', sessionId));
    await this.publish({ type: 'ended', sessionIds: [sessionId] });
  }

  /**
   * Ends every session of these users on every node (password changed or reset, account
   * disabled or removed), except `except`: the session that changed its own password.
   */
  async endForUser(userIds: string | readonly string[], options: { except?: string; reason: string }): Promise<void> {
    const ids = [userIds].flat();
    if (!ids.length) return;
    await this.endWhere(options.reason, (query) => {
      const mine = query.where('userId', 'in', ids);
      return options.except ? mine.where('id', '<>', options.except) : mine;
    });
    await this.publish({ type: 'user-ended', userIds: ids, except: options.except });
  }

  /** Ends every session of a tenant on every node (disabled, expired or removed). */
  async endForTenant(tenantId: string, reason: string): Promise<void> {
    await this.endWhere(reason, (query) => query.where('tenantId', '=', tenantId));
    await this.publish({ type: 'tenant-ended', tenantId });
  }

  /**
   * The user now holds only these roles and departments: live sessions act with what they named
   * and the user still holds, from their next request on, on every node (refresh does the same).
   */
  async narrowForUser(userId: string, roleIds: readonly string[], deptIds: readonly string[]): Promise<void> {
    await this.narrowForUsers([{ userId, roleIds: [...roleIds], deptIds: [...deptIds] }]);
  }

  /** narrowForUser for many users at once (an import): only users with live sessions are announced. */
  async narrowForUsers(users: readonly HeldByUser[]): Promise<void> {
    if (!users.length) return;
    const live = new Set(
      (
        await this.db
          .selectFrom('sso_session')
          .select('userId')
          .distinct()
          .where(
            'userId',
            'in',
            users.map((u) => u.userId),
          )
          .where('revokedAt', 'is', null)
          .where('expiresAt', '>', new Date())
          .execute()
      ).map((row) => row.userId),
    );
    const announced = users.filter((u) => live.has(u.userId));
    const roleIds = [...new Set(announced.flatMap((u) => u.roleIds))];
    const roles = roleIds.length
      ? await this.db.selectFrom('blade_role').select(['id', 'roleAlias']).where('id', 'in', roleIds).execute()
      : [];
    const aliases = Object.fromEntries(roles.map((role) => [role.id, role.roleAlias]));
    // A few users per message keeps each one well under the size a notification may have.
    for (let i = 0; i < announced.length; i += 20) {
      const batch = announced.slice(i, i + 20);
      const used = new Set(batch.flatMap((u) => u.roleIds));
      await this.publish({
        type: 'narrowed',
        users: batch,
        aliases: Object.fromEntries(Object.entries(aliases).filter(([id]) => used.has(id))),
      });
    }
  }

  /** Live sessions of these users must (or need no longer) change the password first. */
  async setMustChangePassword(userIds: readonly string[], value: boolean): Promise<void> {
    if (userIds.length) await this.publish({ type: 'must-change', userIds: [...userIds], value });
  }

  /** What is known of a session without an await, or undefined when the database must be asked. */
  known(sessionId: string): SessionState | undefined {
    const state = this.states.get(sessionId);
    return state && (!state.active || Date.now() - state.checkedAt < this.recheckMs) ? state : undefined;
  }

  /** What is known of a session, reading the database when memory is not fresh. */
  async state(sessionId: string): Promise<SessionState | undefined> {
    const known = this.known(sessionId);
    if (known) return known;
    // A message that arrives while the row is read may make what was read out of date: read
    // again. When messages keep coming (a bulk change), the last read answers this request but
    // is not remembered.
    for (let attempt = 1; ; attempt++) {
      const generation = this.generation;
      const loaded = await loadSessionState(this.db, sessionId, this.limitsOf);
      const previous = this.states.get(sessionId);
      // An ended session stays ended whatever a read that started earlier says.
      if (previous && !previous.active) return previous;
      if (generation === this.generation) {
        if (loaded) this.remember(sessionId, loaded);
        return loaded;
      }
      if (attempt === 3) return loaded;
    }
  }

  /**
   * Which of its tenant's limits a live session has reached, from what this node knows: the last
   * request is the later of the one the database had and the last one this node saw.
   */
  limitReachedBy(sessionId: string, state: SessionState): SessionLimitReached | undefined {
    if (!state.limits.idleMs && !state.limits.maxMs) return undefined;
    const seenHere = this.seen.get(sessionId)?.at ?? 0;
    return limitReached(state.limits, { startedAt: state.startedAt, lastSeenAt: Math.max(state.lastSeenAt, seenHere) });
  }

  /**
   * A request of a live session: remembered here, and written down at most once a minute per
   * session (LAST_SEEN_WRITE_MS) so that other nodes and refreshes see it. Only sessions under an
   * idle limit are tracked; the write is not awaited (a lost one costs a minute at most).
   */
  touch(sessionId: string, state: SessionState): void {
    if (!state.limits.idleMs) return;
    const now = Date.now();
    if (this.seen.size >= MAX_STATES && !this.seen.has(sessionId)) {
      const oldest = this.seen.keys().next().value;
      if (oldest !== undefined) this.seen.delete(oldest);
    }
    const written = Math.max(this.seen.get(sessionId)?.written ?? 0, state.lastSeenAt);
    if (now - written < LAST_SEEN_WRITE_MS) {
      this.seen.set(sessionId, { at: now, written });
      return;
    }
    this.seen.set(sessionId, { at: now, written: now });
    const write = this.db
      .updateTable('sso_session')
      .set({ lastSeenAt: new Date(now) })
      .where('id', '=', sessionId)
      .where('lastSeenAt', '<', new Date(now))
      .execute()
      .then(
        () => undefined,
        () => undefined,
      );
    this.writing = this.writing.then(() => write);
  }

  /** Settles once the requests noted so far are written down (touch does not wait for it). */
  writtenDown(): Promise<void> {
    return this.writing;
  }

  private writing: Promise<void> = Promise.resolve();

  /**
   * Ends a session that reached a limit by what this node knew, once the database agrees (another
   * node may have seen a later request): answers the limit it ended for, or undefined.
   */
  async endIfOverLimit(sessionId: string, state: SessionState): Promise<SessionLimitReached | undefined> {
    if (!this.limitReachedBy(sessionId, state)) return undefined;
    const row = await this.db.selectFrom('sso_session').select(['createdAt', 'lastSeenAt']).where('id', '=', sessionId).executeTakeFirst();
    if (!row) return undefined;
    const seenHere = this.seen.get(sessionId)?.at ?? 0;
    const reached = limitReached(state.limits, {
      startedAt: row.createdAt.getTime(),
      lastSeenAt: Math.max(row.lastSeenAt.getTime(), seenHere),
    });
    if (reached) await this.revoke(sessionId, reached === 'idle' ? 'idle' : 'max-age');
    else this.remember(sessionId, { ...state, lastSeenAt: row.lastSeenAt.getTime() });
    return reached;
  }

  /**
   * A refresh of a session (its row as the rotation left it): ended and refused when it reached
   * its tenant's idle or longest time. A refresh is no activity of the user: it does not count
   * as a request.
   */
  async refusedRefresh(
    session: Pick<SessionRow, 'id' | 'tenantId' | 'createdAt' | 'lastSeenAt'>,
  ): Promise<SessionLimitReached | undefined> {
    const limits = await this.limitsOf(session.tenantId);
    const seenHere = this.seen.get(session.id)?.at ?? 0;
    const reached = limitReached(limits, {
      startedAt: session.createdAt.getTime(),
      lastSeenAt: Math.max(session.lastSeenAt.getTime(), seenHere),
    });
    if (reached) await this.revoke(session.id, reached === 'idle' ? 'idle' : 'max-age');
    return reached;
  }

  /** Drops what this node knows of a session and its requests: the next request reads the database. */
  forget(sessionId: string): void {
    this.states.delete(sessionId);
    this.seen.delete(sessionId);
  }

  async isActive(sessionId: string): Promise<boolean> {
    return (await this.state(sessionId))?.active ?? false;
  }

  /**
   * Called with the sessions that have just ended (and their users), after the database says so:
   * sign-ons made from those sessions (OpenID Connect, CAS) end with them. A listener's failure is
   * logged by the listener and never keeps a session alive.
   */
  onEnded(listener: (ended: EndedSessions) => Promise<void>): void {
    this.endedListeners.push(listener);
  }

  private readonly endedListeners: ((ended: EndedSessions) => Promise<void>)[] = [];

  private async endWhere(reason: string, narrow: (query: SessionUpdate) => SessionUpdate): Promise<void> {
    const now = new Date();
    const ended = await narrow(updateSessions(this.db, now, reason))
      .returning(['id', 'userId'])
      .execute();
    if (!ended.length) return;
    const userIds = [...new Set(ended.map((row) => row.userId))];
    const sessionIds = ended.map((row) => row.id);
    for (const listener of this.endedListeners) await listener({ sessionIds, userIds }).catch(() => undefined);
    await this.db
      .updateTable('sso_refresh_token')
      .set({ usedAt: now })
      .where('sessionId', 'in', sessionIds)
      .where('usedAt', 'is', null)
      .execute();
  }

  private async publish(message: SessionMessage): Promise<void> {
    if (this.bus) await this.bus.publish(TOPIC, message);
    else this.apply(message);
  }

  /** Applies a message from this node or another to what this node knows. */
  private apply(message: SessionMessage): void {
    this.generation++;
    if (message.type === 'ended') {
      // By id: no need to look at every session.
      for (const id of message.sessionIds) {
        const state = this.states.get(id);
        if (state) this.states.set(id, { ...state, active: false });
        this.seen.delete(id);
      }
      return;
    }
    const [matches, change] = effectOf(message);
    for (const [id, state] of this.states) if (matches(id, state)) this.states.set(id, { ...state, ...change(state) });
  }

  private remember(sessionId: string, state: SessionState): void {
    if (this.states.size >= MAX_STATES && !this.states.has(sessionId)) {
      const oldest = this.states.keys().next().value;
      if (oldest !== undefined) this.states.delete(oldest);
    }
    this.states.set(sessionId, state);
  }
}

/** Ends the sessions a caller narrows down to, and those not ended yet only. */
function updateSessions(db: Db, now: Date, reason: string) {
  return db
    .updateTable('sso_session')
    .set({ revokedAt: now, revokeReason: reason.slice(0, 64) })
    .where('revokedAt', 'is', null);
}

type SessionUpdate = ReturnType<typeof updateSessions>;

type Effect = [matches: (sessionId: string, state: SessionState) => boolean, change: (state: SessionState) => Partial<SessionState>];

/** Which sessions a message is about, and what it changes in each. */
function effectOf(message: SessionMessage): Effect {
  const end = () => ({ active: false });
  switch (message.type) {
    case 'ended': {
      const ids = new Set(message.sessionIds);
      return [(id) => ids.has(id), end];
    }
    case 'user-ended': {
      const users = new Set(message.userIds);
      return [(id, s) => users.has(s.userId) && id !== message.except, end];
    }
    case 'tenant-ended':
      return [(_id, s) => s.tenantId === message.tenantId, end];
    case 'narrowed': {
      const byUser = new Map(message.users.map((u) => [u.userId, heldGrants(u.roleIds, u.deptIds, message.aliases)]));
      return [(_id, s) => byUser.has(s.userId), (s) => ({ held: byUser.get(s.userId) })];
    }
    case 'must-change': {
      const users = new Set(message.userIds);
      return [(_id, s) => users.has(s.userId), () => ({ mustChangePassword: message.value })];
    }
  }
}

/** The session row and its holder out of one rotated row. */
function splitRotated(row: RotatedRow): { session: SessionRow; holder: SessionHolder } {
  const {
    holderId,
    holderAccount,
    holderName,
    holderRealName,
    holderPostId,
    holderAvatar,
    holderMustChangePassword,
    holderRoleId,
    holderDeptId,
    holderStatus,
    tenantFound,
    tenantStatus,
    tenantExpireTime,
    ...session
  } = row;
  const user = holderId
    ? {
        id: holderId,
        tenantId: session.tenantId,
        account: holderAccount,
        name: holderName,
        realName: holderRealName,
        postId: holderPostId,
        avatar: holderAvatar,
        mustChangePassword: holderMustChangePassword,
        roleId: holderRoleId,
        deptId: holderDeptId,
        status: holderStatus,
      }
    : undefined;
  return { session, holder: { user, tenant: tenantFound ? { status: tenantStatus, expireTime: tenantExpireTime } : undefined } };
}
