import type { ResourceCache } from '../kernel/cache.js';
import { live } from '../kernel/live-rows.js';
import type { Db } from './database.js';

/** System parameters by key (blade_param), read through the resource cache. */
export class Params {
  constructor(
    private readonly db: Db,
    private readonly cache: ResourceCache,
  ) {}

  async get(key: string): Promise<string | undefined> {
    return this.cache.get('blade_param', `key:${key}`, async () => {
      const row = await this.db.selectFrom('blade_param').select('paramValue').where('paramKey', '=', key).$call(live()).executeTakeFirst();
      return row?.paramValue;
    });
  }

  async getNumber(key: string, fallback: number): Promise<number> {
    const value = Number(await this.get(key));
    return Number.isFinite(value) && value > 0 ? value : fallback;
  }
}
