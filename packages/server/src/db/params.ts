import type { ResourceCache } from '../kernel/cache.js';
import { live } from '../kernel/live-rows.js';
import type { Db } from './database.js';

/** The two reads every parameter answer comes from, through whichever executor is given. */
function readPlatformValue(db: Db, key: string): Promise<string | undefined> {
  return db
    .selectFrom('blade_param')
    .select('paramValue')
    .where('paramKey', '=', key)
    .$call(live())
    .executeTakeFirst()
    .then((row) => row?.paramValue);
}

async function readOwnValues(db: Db, tenantId: string): Promise<ReadonlyMap<string, string>> {
  const rows = await db.selectFrom('blade_tenant_param').select(['paramKey', 'paramValue']).where('tenantId', '=', tenantId).execute();
  return new Map(rows.map((row) => [row.paramKey, row.paramValue]));
}

/** What a setting is read from: the cached `Params`, or the tables through one executor (`paramsThrough`). */
export type ParamReader = Pick<Params, 'get' | 'ownValues'>;

/**
 * The parameters read straight from the tables through `db`, uncached: for a check made inside a
 * transaction, which sees that transaction's own writes and, on PGlite (one connection), must not
 * wait on the root handle the cached `Params` reads through.
 */
export function paramsThrough(db: Db): ParamReader {
  return { get: (key) => readPlatformValue(db, key), ownValues: (tenantId) => readOwnValues(db, tenantId) };
}

/**
 * System parameters by key, read through the resource cache: the platform's values
 * (`blade_param`, the parameter screen) and a tenant's own values over them (`blade_tenant_param`).
 */
export class Params {
  constructor(
    private readonly db: Db,
    private readonly cache: ResourceCache,
  ) {}

  /** The platform's value of a parameter. */
  async get(key: string): Promise<string | undefined> {
    return this.cache.get('blade_param', `key:${key}`, () => readPlatformValue(this.db, key));
  }

  async getNumber(key: string, fallback: number): Promise<number> {
    const value = Number(await this.get(key));
    return Number.isFinite(value) && value > 0 ? value : fallback;
  }

  /** The tenant's own value of a parameter, without the platform's. */
  async ownOf(tenantId: string, key: string): Promise<string | undefined> {
    return (await this.ownValues(tenantId)).get(key);
  }

  /** What applies to a tenant: its own value, else the platform's. */
  async forTenant(tenantId: string, key: string): Promise<string | undefined> {
    return (await this.ownOf(tenantId, key)) ?? (await this.get(key));
  }

  /** Every value the tenant set for itself, by key (one read per tenant while cached). */
  async ownValues(tenantId: string): Promise<ReadonlyMap<string, string>> {
    return this.cache.get('blade_tenant_param', `tenant:${tenantId}`, () => readOwnValues(this.db, tenantId));
  }

  /**
   * Sets (or, with `null`, clears) a tenant's own values, in the caller's transaction when given.
   * The caller drops `blade_tenant_param` from the cache once that transaction has committed (here
   * and, through the bus, on the other nodes): dropped before, a read in between caches the old values.
   */
  async setOwn(tenantId: string, values: Record<string, string | null>, userId: string | null, db: Db = this.db): Promise<void> {
    for (const [paramKey, paramValue] of Object.entries(values)) {
      if (paramValue === null) {
        await db.deleteFrom('blade_tenant_param').where('tenantId', '=', tenantId).where('paramKey', '=', paramKey).execute();
        continue;
      }
      await db
        .insertInto('blade_tenant_param')
        .values({ tenantId, paramKey, paramValue, updateUser: userId, updateTime: new Date() })
        .onConflict((oc) => oc.columns(['tenantId', 'paramKey']).doUpdateSet({ paramValue, updateUser: userId, updateTime: new Date() }))
        .execute();
    }
  }
}
