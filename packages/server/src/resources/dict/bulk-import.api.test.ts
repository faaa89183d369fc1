import { dictBulkMessages as m } from '@sso/shared-api';
import { describe, expect, it } from 'vitest';
import { createTenantWithAdmin, createUserWithRole, failure, signIn, tableSnapshot, useTestServer } from '../../api-suite.testkit.js';

/** POST /api/blade-system/dict/bulk-upsert and dict-biz (the bulk import of `sso dict import`). */
const suite = useTestServer();

const rows = (code: string, n: number) => Array.from({ length: n }, (_, i) => ({ code, dictKey: `k${i}`, dictValue: `值${i}`, sort: i }));
const entries = (table: 'blade_dict' | 'blade_dict_biz', code: string) =>
  suite.server.ctx.db
    .selectFrom(table)
    .select(['parentId', 'dictKey', 'dictValue', 'sort', 'isSealed'])
    .where('code', '=', code)
    .where('isDeleted', '=', 0)
    .orderBy('id')
    .execute();

describe('bulk-upsert', () => {
  it('inserts a group and entries, then changes only what differs', async () => {
    expect(await suite.admin.system.dict.bulkUpsert({ rows: rows('bulk_a', 3) })).toEqual({
      inserted: 3,
      updated: 0,
      unchanged: 0,
      failures: [],
    });
    const first = await entries('blade_dict', 'bulk_a');
    expect(first.map((r) => [r.dictKey, r.dictValue])).toEqual([
      ['-1', 'bulk_a'],
      ['k0', '值0'],
      ['k1', '值1'],
      ['k2', '值2'],
    ]);
    const changed = [...rows('bulk_a', 3).slice(0, 2), { code: 'bulk_a', dictKey: 'k2', dictValue: '新值', sort: 2 }];
    expect(await suite.admin.system.dict.bulkUpsert({ rows: changed })).toEqual({ inserted: 0, updated: 1, unchanged: 2, failures: [] });
    expect((await entries('blade_dict', 'bulk_a')).at(-1)).toMatchObject({ dictKey: 'k2', dictValue: '新值' });
    // the tree the screens read sees the change (cache invalidated)
    expect((await suite.admin.system.dict.dictionary({ code: 'bulk_a' })).map((r) => r.dictValue)).toEqual(['值0', '值1', '新值']);
  });

  it('sets the English label when a row gives one and leaves it when a row does not', async () => {
    const english = [{ code: 'bulk_en', dictKey: '1', dictValue: '财务', dictValueEn: 'Finance' }];
    expect(await suite.admin.system.dict.bulkUpsert({ rows: english })).toMatchObject({ inserted: 1 });
    expect(await suite.admin.system.dict.bulkUpsert({ rows: [{ code: 'bulk_en', dictKey: '1', dictValue: '财务' }] })).toMatchObject({
      unchanged: 1,
    });
    const renamed = [{ code: 'bulk_en', dictKey: '1', dictValue: '财务', dictValueEn: 'Accounting' }];
    expect(await suite.admin.system.dict.bulkUpsert({ rows: renamed })).toMatchObject({ updated: 1 });
    const [entry] = await suite.admin.system.dict.dictionary({ code: 'bulk_en' });
    expect([entry?.dictValue, entry?.dictValueEn]).toEqual(['财务', 'Accounting']);
  });

  it('works on the business dictionary too', async () => {
    expect(await suite.admin.system.dictBiz.bulkUpsert({ rows: rows('bulk_biz', 2) })).toMatchObject({ inserted: 2 });
    expect(await entries('blade_dict_biz', 'bulk_biz')).toHaveLength(3);
  });

  it('refuses bad rows with 400 and changes nothing', async () => {
    const before = await tableSnapshot(suite.server, 'blade_dict');
    const empty = await failure(
      suite.admin,
      suite.admin.system.dict.bulkUpsert({ rows: [{ code: 'bulk_b', dictKey: '', dictValue: 'x' }] }),
    );
    expect(empty).toMatchObject({ status: 400, msg: expect.stringContaining(m.dictKey) });
    const tooMany = await failure(suite.admin, suite.admin.system.dict.bulkUpsert({ rows: rows('bulk_b', 201) }));
    expect(tooMany).toMatchObject({ status: 400, msg: expect.stringContaining(m.rows) });
    const en = await signIn(suite.server, { account: 'admin', password: 'admin' }, { language: 'en' });
    expect(await failure(en, en.system.dict.bulkUpsert({ rows: [] }))).toMatchObject({
      status: 400,
      msg: expect.stringContaining('Send 1 to 200 rows'),
    });
    expect(await tableSnapshot(suite.server, 'blade_dict')).toEqual(before);
  });

  it('is 403 without dict_add and for other tenants', async () => {
    const reader = await createUserWithRole(suite.server, { account: 'dict_reader', menuCodes: ['dict'] });
    expect(await failure(reader.sdk, reader.sdk.system.dict.bulkUpsert({ rows: rows('bulk_c', 1) }))).toMatchObject({ status: 403 });
    const other = await createTenantWithAdmin(suite.server, '200001');
    expect(await failure(other.sdk, other.sdk.system.dict.bulkUpsert({ rows: rows('bulk_c', 1) }))).toMatchObject({ status: 403 });
    expect(await entries('blade_dict', 'bulk_c')).toEqual([]);
  });
});
