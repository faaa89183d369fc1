import { ADMINISTRATOR_ROLE, DEFAULT_TENANT_ID, md5 } from '@sso/shared-api';
import { hashClientSecret } from '../kernel/client-secret.js';
import type { IdGenerator } from '../kernel/ids.js';
import { live } from '../kernel/live-rows.js';
import type { Db } from './database.js';
import { ensurePlatformRoles } from './platform-roles.js';
import { bizDicts, systemDicts } from './seed-data/dicts.js';
import { adminMenus } from './seed-data/menus.js';
import { params } from './seed-data/params.js';
import type { DictSeed, MenuSeed } from './seed-data/types.js';
import { seedRegions } from './seed-regions.js';

interface SeedOptions {
  ids: IdGenerator;
  /** The platform's password hashing (`auth/passwords.ts`), which app.ts hands in. */
  passwords: { hashDigest(md5Digest: string): Promise<string> };
  /** Initial password of `admin`; without it the password is `admin` and must be changed. */
  adminPassword?: string;
}

const CLIENTS = [
  { clientId: 'saber', secret: 'saber_secret' },
  { clientId: 'sword', secret: 'sword_secret' },
];
const GRANT_TYPES = 'refresh_token,password,authorization_code,captcha,social,sso,phone';

/** Writes what a new platform needs; rows that already exist are left as they are. */
export async function seed(db: Db, options: SeedOptions): Promise<void> {
  const { ids } = options;
  await db.transaction().execute(async (trx) => {
    const tenant = await trx.selectFrom('blade_tenant').select('id').where('tenantId', '=', DEFAULT_TENANT_ID).executeTakeFirst();
    if (!tenant) {
      await trx
        .insertInto('blade_tenant')
        .values({ id: ids.next(), tenantId: DEFAULT_TENANT_ID, tenantName: '管理组', linkman: 'admin', accountNumber: -1 })
        .execute();
    }
    const deptId = await ensure(
      () =>
        trx.selectFrom('blade_dept').select('id').where('tenantId', '=', DEFAULT_TENANT_ID).where('parentId', '=', '0').executeTakeFirst(),
      async (id) => {
        await trx
          .insertInto('blade_dept')
          .values({ id, parentId: '0', ancestors: '0', deptName: '钢铁集团', fullName: '钢铁集团', deptCategory: 1, sort: 1 })
          .execute();
      },
      ids,
    );
    const roleId = await ensure(
      () =>
        trx
          .selectFrom('blade_role')
          .select('id')
          .where('tenantId', '=', DEFAULT_TENANT_ID)
          .where('roleAlias', '=', ADMINISTRATOR_ROLE)
          .executeTakeFirst(),
      async (id) => {
        await trx
          .insertInto('blade_role')
          .values({ id, parentId: '0', roleName: '超级管理员', roleAlias: ADMINISTRATOR_ROLE, sort: 1 })
          .execute();
      },
      ids,
    );
    const admin = await trx
      .selectFrom('blade_user')
      .select('id')
      .where('tenantId', '=', DEFAULT_TENANT_ID)
      .where('account', '=', 'admin')
      .executeTakeFirst();
    if (!admin) {
      await trx
        .insertInto('blade_user')
        .values({
          id: ids.next(),
          account: 'admin',
          password: await options.passwords.hashDigest(md5(options.adminPassword ?? 'admin')),
          name: '管理员',
          realName: '管理员',
          code: '000001',
          roleId,
          deptId,
          mustChangePassword: options.adminPassword ? 0 : 1,
        })
        .execute();
    }
    for (const client of CLIENTS) {
      const found = await trx.selectFrom('blade_client').select('id').where('clientId', '=', client.clientId).executeTakeFirst();
      if (found) continue;
      await trx
        .insertInto('blade_client')
        .values({
          id: ids.next(),
          clientId: client.clientId,
          clientSecret: hashClientSecret(client.secret),
          scope: 'all',
          authorizedGrantTypes: GRANT_TYPES,
          accessTokenValidity: 3600,
          refreshTokenValidity: 604800,
        })
        .execute();
    }
    const menuIds = await seedMenus(trx as unknown as Db, ids);
    const granted = new Set(
      (await trx.selectFrom('blade_role_menu').select('menuId').where('roleId', '=', roleId).execute()).map((r) => r.menuId),
    );
    const missing = menuIds.filter((id) => !granted.has(id));
    if (missing.length) {
      await trx
        .insertInto('blade_role_menu')
        .values(missing.map((menuId) => ({ id: ids.next(), roleId, menuId })))
        .execute();
    }
    // The platform tenant's three administrators (三员); other tenants get theirs when created.
    await ensurePlatformRoles(trx as unknown as Db, ids, DEFAULT_TENANT_ID);
    await seedDicts(trx as unknown as Db, 'blade_dict', systemDicts, ids);
    await seedDicts(trx as unknown as Db, 'blade_dict_biz', bizDicts, ids);
    await seedRegions(trx as unknown as Db);
    const keys = new Set((await trx.selectFrom('blade_param').select('paramKey').$call(live()).execute()).map((r) => r.paramKey));
    const newParams = params.filter((p) => !keys.has(p.paramKey));
    if (newParams.length) {
      await trx
        .insertInto('blade_param')
        .values(newParams.map((p) => ({ id: ids.next(), ...p, remark: p.remark ?? null })))
        .execute();
    }
  });
}

async function ensure(find: () => Promise<{ id: string } | undefined>, create: (id: string) => Promise<void>, ids: IdGenerator) {
  const found = await find();
  if (found) return found.id;
  const id = ids.next();
  await create(id);
  return id;
}

/** Inserts menus whose code is new; returns the ids of every seeded menu. */
async function seedMenus(db: Db, ids: IdGenerator): Promise<string[]> {
  const existing = new Map((await db.selectFrom('blade_menu').select(['id', 'code']).$call(live()).execute()).map((r) => [r.code, r.id]));
  const rows: Parameters<ReturnType<Db['insertInto']>['values']>[0][] = [];
  const all: string[] = [];
  const walk = (menus: MenuSeed[], parentId: string) => {
    for (const menu of menus) {
      let id = existing.get(menu.code);
      if (!id) {
        id = ids.next();
        rows.push({
          id,
          parentId,
          code: menu.code,
          name: menu.name,
          nameEn: menu.nameEn ?? null,
          alias: menu.alias ?? null,
          path: menu.path ?? null,
          source: menu.source ?? null,
          sort: menu.sort,
          category: menu.category,
          action: menu.action ?? 0,
          isOpen: menu.isOpen ?? 1,
          remark: menu.remark ?? null,
        } as never);
      }
      all.push(id);
      walk(menu.children ?? [], id);
    }
  };
  walk(adminMenus, '0');
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('blade_menu')
      .values(rows.slice(i, i + 200) as never)
      .execute();
  return all;
}

async function seedDicts(db: Db, table: 'blade_dict' | 'blade_dict_biz', dicts: DictSeed[], ids: IdGenerator): Promise<void> {
  const existing = await db.selectFrom(table).select(['id', 'code', 'dictKey', 'parentId']).$call(live()).execute();
  const parents = new Map(existing.filter((r) => r.parentId === '0').map((r) => [r.code, r.id]));
  const entries = new Set(existing.filter((r) => r.parentId !== '0').map((r) => `${r.code}|${r.dictKey}`));
  const rows: Record<string, unknown>[] = [];
  for (const dict of dicts) {
    let parentId = parents.get(dict.code);
    const isSealed = dict.sealed ? 1 : 0;
    if (!parentId) {
      parentId = ids.next();
      rows.push({
        id: parentId,
        parentId: '0',
        code: dict.code,
        dictKey: '-1',
        dictValue: dict.name,
        dictValueEn: dict.nameEn,
        sort: 0,
        isSealed,
        remark: null,
      });
    }
    dict.entries.forEach(([key, value, valueEn, remark], index) => {
      if (entries.has(`${dict.code}|${key}`)) return;
      rows.push({
        id: ids.next(),
        parentId,
        code: dict.code,
        dictKey: key,
        dictValue: value,
        dictValueEn: valueEn ?? null,
        sort: index + 1,
        isSealed,
        remark: remark ?? null,
      });
    });
  }
  if (rows.length)
    await db
      .insertInto(table)
      .values(rows as never)
      .execute();
}
