import { createHash, randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import type { IdGenerator } from '../ids.js';

export type SessionRow = Selectable<Database['sso_session']>;

export interface NewSession {
  tenantId: string;
  userId: string;
  clientId: string;
  roleId: string;
  deptId: string;
  ip?: string;
  userAgent?: string;
  refreshTtlSeconds: number;
}

export type RotateResult = { ok: true; session: SessionRow; refreshToken: string } | { ok: false; reason: 'invalid' | 'reused' };

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const newRefreshToken = () => randomBytes(32).toString('base64url');

/**
 * Server-side sessions behind the tokens. Refresh tokens are stored hashed and rotate on every
 * use; presenting a used one revokes the whole session (reuse detection). Whether a session is
 * still live is cached briefly; a revocation in this process is seen at once.
 */
export class Sessions {
  private readonly liveness = new Map<string, { active: boolean; checkedAt: number }>();

  constructor(
    private readonly db: Db,
    private readonly ids: IdGenerator,
    private readonly recheckMs: number,
  ) {}

  async create(input: NewSession): Promise<{ sessionId: string; refreshToken: string }> {
    const sessionId = this.ids.next();
    const refreshToken = newRefreshToken();
    const expiresAt = new Date(Date.now() + input.refreshTtlSeconds * 1000);
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('sso_session')
        .values({
          id: sessionId,
          tenantId: input.tenantId,
          userId: input.userId,
          clientId: input.clientId,
          roleId: input.roleId,
          deptId: input.deptId,
          ip: input.ip?.slice(0, 64) ?? null,
          userAgent: input.userAgent?.slice(0, 500) ?? null,
          expiresAt,
        })
        .execute();
      await trx
        .insertInto('sso_refresh_token')
        .values({ tokenHash: sha256(refreshToken), sessionId, expiresAt })
        .execute();
    });
    this.liveness.set(sessionId, { active: true, checkedAt: Date.now() });
    return { sessionId, refreshToken };
  }

  /** Spends a refresh token and hands out its successor. */
  async rotate(
    refreshToken: string,
    refreshTtlSeconds: number,
    switchTo: { roleId?: string; deptId?: string } = {},
  ): Promise<RotateResult> {
    const hash = sha256(refreshToken);
    const spent = await this.db
      .updateTable('sso_refresh_token')
      .set({ usedAt: new Date() })
      .where('tokenHash', '=', hash)
      .where('usedAt', 'is', null)
      .where('expiresAt', '>', new Date())
      .returning('sessionId')
      .executeTakeFirst();
    if (!spent) {
      const old = await this.db
        .selectFrom('sso_refresh_token')
        .select(['sessionId', 'usedAt'])
        .where('tokenHash', '=', hash)
        .executeTakeFirst();
      if (old?.usedAt) {
        await this.revoke(old.sessionId, 'refresh-token-reuse');
        return { ok: false, reason: 'reused' };
      }
      return { ok: false, reason: 'invalid' };
    }
    const session = await this.db.selectFrom('sso_session').selectAll().where('id', '=', spent.sessionId).executeTakeFirst();
    if (!session || session.revokedAt) return { ok: false, reason: 'invalid' };
    const successor = newRefreshToken();
    const expiresAt = new Date(Date.now() + refreshTtlSeconds * 1000);
    const updated = await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('sso_refresh_token')
        .values({ tokenHash: sha256(successor), sessionId: session.id, expiresAt })
        .execute();
      return trx
        .updateTable('sso_session')
        .set({
          refreshedAt: new Date(),
          expiresAt,
          ...(switchTo.roleId ? { roleId: switchTo.roleId } : {}),
          ...(switchTo.deptId ? { deptId: switchTo.deptId } : {}),
        })
        .where('id', '=', session.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    });
    return { ok: true, session: updated, refreshToken: successor };
  }

  async revoke(sessionId: string, reason: string): Promise<void> {
    this.liveness.set(sessionId, { active: false, checkedAt: Date.now() });
    await this.db
      .updateTable('sso_session')
      .set({ revokedAt: new Date(), revokeReason: reason })
      .where('id', '=', sessionId)
      .where('revokedAt', 'is', null)
      .execute();
    await this.db
      .updateTable('sso_refresh_token')
      .set({ usedAt: new Date() })
      .where('sessionId', '=', sessionId)
      .where('usedAt', 'is', null)
      .execute();
  }

  /** Liveness from memory when it is fresh enough, else undefined (ask isActive). */
  knownLiveness(sessionId: string): boolean | undefined {
    const known = this.liveness.get(sessionId);
    return known && (!known.active || Date.now() - known.checkedAt < this.recheckMs) ? known.active : undefined;
  }

  async isActive(sessionId: string): Promise<boolean> {
    const known = this.knownLiveness(sessionId);
    if (known !== undefined) return known;
    const row = await this.db.selectFrom('sso_session').select(['revokedAt', 'expiresAt']).where('id', '=', sessionId).executeTakeFirst();
    const active = !!row && !row.revokedAt && row.expiresAt.getTime() > Date.now();
    this.liveness.set(sessionId, { active, checkedAt: Date.now() });
    return active;
  }
}
