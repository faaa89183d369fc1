import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../kernel/config.js';
import { type DatabaseHandle, openDatabase } from './database.js';
import { migrate } from './migrate.js';

/**
 * Migration 0050: tenants of a database made before 三员分立 get the three built-in administrators,
 * each with the menus of its duties that exist, within the tenant's package; a tenant that already
 * has one of them keeps it as it is.
 */
let handle: DatabaseHandle;
const menu = (id: string, parentId: string, code: string, category: 1 | 2) => ({
  id,
  parentId,
  code,
  name: code,
  sort: 1,
  category,
  action: 0,
  isOpen: 1,
});

beforeAll(async () => {
  handle = await openDatabase({ ...testConfig(), DATABASE_URL: undefined, SSO_DATA_DIR: 'memory://' });
  const db = handle.db;
  await migrate(db, { upTo: 48 });
  await db
    .insertInto('blade_menu')
    .values([
      menu('11', '0', 'monitor', 1),
      menu('12', '11', 'log_usual', 1),
      menu('13', '12', 'log_usual_view', 2),
      menu('21', '0', 'authority', 1),
      menu('22', '21', 'role', 1),
      menu('23', '22', 'role_grant', 2),
      menu('31', '0', 'reportlist', 1),
      menu('32', '31', 'reportlist_delete', 2),
    ])
    .execute();
  await db.insertInto('blade_tenant_package').values({ id: '900', packageName: 'logs only', menuId: '11,12,13' }).execute();
  await db
    .insertInto('blade_tenant')
    .values([
      { id: '1', tenantId: '000000', tenantName: 'platform', accountNumber: -1 },
      { id: '2', tenantId: '100001', tenantName: 'packaged', accountNumber: -1, packageId: '900' },
    ])
    .execute();
  // The platform tenant already has an audit administrator of its own making.
  await db
    .insertInto('blade_role')
    .values({ id: '50', tenantId: '000000', parentId: '0', roleName: '审计', roleAlias: 'audit_admin', sort: 1 })
    .execute();
  await migrate(db);
});
afterAll(() => handle?.close());

const menusOf = async (tenantId: string, alias: string) => {
  const rows = await handle.db
    .selectFrom('blade_role as r')
    .leftJoin('blade_role_menu as rm', 'rm.roleId', 'r.id')
    .leftJoin('blade_menu as m', 'm.id', 'rm.menuId')
    .select(['r.id', 'r.roleName', 'm.code'])
    .where('r.tenantId', '=', tenantId)
    .where('r.roleAlias', '=', alias)
    .execute();
  return { ids: [...new Set(rows.map((row) => row.id))], codes: rows.flatMap((row) => (row.code ? [row.code] : [])).sort() };
};

describe('migration 0050', () => {
  it('gives every tenant the three administrators with the menus of their duties', async () => {
    expect((await menusOf('000000', 'security_admin')).codes).toEqual(['authority', 'role', 'role_grant']);
    expect((await menusOf('000000', 'system_admin')).ids).toHaveLength(1);
    // Within the package: the packaged tenant's security administrator holds nothing, its auditor the logs.
    expect((await menusOf('100001', 'security_admin')).codes).toEqual([]);
    expect((await menusOf('100001', 'audit_admin')).codes).toEqual(['log_usual', 'log_usual_view', 'monitor']);
  });

  it('leaves a tenant’s own role of that alias as it was', async () => {
    expect(await menusOf('000000', 'audit_admin')).toEqual({ ids: ['50'], codes: [] });
  });
});
