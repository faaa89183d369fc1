import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../kernel/config.js';
import { type DatabaseHandle, openDatabase } from './database.js';
import { migrate } from './migrate.js';

/**
 * A database from before dictionary entries had English labels: migration 31 labels the seeded
 * entries that still carry their seeded Chinese label, in both dictionaries, and leaves entries an
 * administrator relabelled or added.
 */
let handle: DatabaseHandle;

const entry = (id: string, code: string, dictKey: string, dictValue: string) => ({
  id,
  parentId: dictKey === '-1' ? '0' : '1',
  code,
  dictKey,
  dictValue,
  sort: 1,
  isSealed: 0,
});

beforeAll(async () => {
  handle = await openDatabase({ ...testConfig(), DATABASE_URL: undefined, SSO_DATA_DIR: 'memory://' });
  await migrate(handle.db, { upTo: 26 });
  await handle.db
    .insertInto('blade_dict')
    .values([
      entry('1', 'app_type', '-1', '应用类型'),
      entry('2', 'app_type', '1', '办公协同'),
      entry('3', 'app_type', '2', '生产车间'),
      entry('4', 'app_type', '9', '自建类型'),
    ] as never)
    .execute();
  await handle.db
    .insertInto('blade_dict_biz')
    .values([{ ...entry('5', 'app_level', '1', '一级'), tenantId: '000000' }] as never)
    .execute();
  await migrate(handle.db);
});
afterAll(() => handle?.close());

describe('dictionary English labels migration', () => {
  it('labels seeded entries by code and key, unless relabelled since, and leaves added entries without one', async () => {
    const rows = await handle.db.selectFrom('blade_dict').select(['dictKey', 'dictValueEn']).orderBy('id').execute();
    expect(rows).toEqual([
      { dictKey: '-1', dictValueEn: 'Application type' },
      { dictKey: '1', dictValueEn: 'Office' },
      { dictKey: '2', dictValueEn: null },
      { dictKey: '9', dictValueEn: null },
    ]);
  });

  it('labels the business dictionary too', async () => {
    const rows = await handle.db.selectFrom('blade_dict_biz').select(['dictKey', 'dictValueEn']).execute();
    expect(rows).toEqual([{ dictKey: '1', dictValueEn: 'Level 1' }]);
  });
});
