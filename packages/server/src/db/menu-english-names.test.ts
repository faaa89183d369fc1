import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../kernel/config.js';
import { type DatabaseHandle, openDatabase } from './database.js';
import { migrate } from './migrate.js';

/**
 * A database from before menus had English names: the migration names the seeded menus that
 * still carry their seeded Chinese name, and leaves menus an administrator renamed or added.
 */
let handle: DatabaseHandle;

const menu = (id: string, code: string, name: string) => ({ id, parentId: '0', code, name, sort: 1, category: 1, action: 0, isOpen: 1 });

beforeAll(async () => {
  handle = await openDatabase({ ...testConfig(), DATABASE_URL: undefined, SSO_DATA_DIR: 'memory://' });
  await migrate(handle.db, { upTo: 13 });
  await handle.db
    .insertInto('blade_menu')
    .values([menu('1', 'user', '用户管理'), menu('2', 'dept', '组织机构'), menu('3', 'custom', '自建菜单')] as never)
    .execute();
  await migrate(handle.db);
});
afterAll(() => handle?.close());

describe('menu English names migration', () => {
  it('names seeded menus by code, unless renamed since, and leaves added menus without one', async () => {
    const rows = await handle.db.selectFrom('blade_menu').select(['code', 'nameEn']).orderBy('id').execute();
    expect(rows).toEqual([
      { code: 'user', nameEn: 'Users' },
      { code: 'dept', nameEn: null },
      { code: 'custom', nameEn: null },
    ]);
  });

  it('gives top menus a column for their English name', async () => {
    const top = await handle.db
      .insertInto('blade_top_menu')
      .values({ id: '9', code: 'top', name: '顶部', nameEn: 'Top', sort: 1 } as never)
      .returning('nameEn')
      .executeTakeFirstOrThrow();
    expect(top.nameEn).toBe('Top');
  });
});
