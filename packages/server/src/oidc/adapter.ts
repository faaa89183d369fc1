import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/database.js';

/** How often, at most, expired rows are deleted (on a write, never on a timer). */
const PURGE_EVERY_MS = 60_000;

/**
 * Every object the OpenID Connect provider stores (sessions, interactions, codes, tokens, grants…)
 * lives in one table keyed by model and id, so that every node of a cluster shares them and a
 * restart forgets nothing. Expired rows are never answered and are purged at most once a minute
 * on a write. Clients are not stored here: they come from the application catalogue.
 */
export class DatabaseAdapter implements Adapter {
  private static lastPurge = 0;

  constructor(
    private readonly db: Db,
    private readonly model: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
    const row = {
      payload: JSON.stringify(payload),
      grantId: payload.grantId ?? null,
      uid: payload.uid ?? null,
      userCode: payload.userCode ?? null,
      accountId: payload.accountId ?? null,
      expiresAt,
      consumedAt: null,
    };
    await this.db
      .insertInto('sso_oidc_object')
      .values({ model: this.model, id, ...row })
      .onConflict((oc) => oc.columns(['model', 'id']).doUpdateSet(row))
      .execute();
    await this.purgeExpired();
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return this.findBy('id', id);
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findBy('uid', uid);
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findBy('userCode', userCode);
  }

  async consume(id: string): Promise<void> {
    await this.db
      .updateTable('sso_oidc_object')
      .set({ consumedAt: new Date() })
      .where('model', '=', this.model)
      .where('id', '=', id)
      .execute();
  }

  async destroy(id: string): Promise<void> {
    await this.db.deleteFrom('sso_oidc_object').where('model', '=', this.model).where('id', '=', id).execute();
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.deleteFrom('sso_oidc_object').where('grantId', '=', grantId).execute();
  }

  private async findBy(column: 'id' | 'uid' | 'userCode', value: string): Promise<AdapterPayload | undefined> {
    const row = await this.db
      .selectFrom('sso_oidc_object')
      .select(['payload', 'consumedAt'])
      .where('model', '=', this.model)
      .where(column, '=', value)
      .where((eb) => eb.or([eb('expiresAt', 'is', null), eb('expiresAt', '>', new Date())]))
      .executeTakeFirst();
    if (!row) return undefined;
    const payload = JSON.parse(row.payload) as AdapterPayload;
    // The provider refuses a consumed code or token (a replay) by this field.
    return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
  }

  private async purgeExpired(): Promise<void> {
    const now = Date.now();
    if (now - DatabaseAdapter.lastPurge < PURGE_EVERY_MS) return;
    DatabaseAdapter.lastPurge = now;
    await this.db.deleteFrom('sso_oidc_object').where('expiresAt', '<', new Date(now)).execute();
  }
}
