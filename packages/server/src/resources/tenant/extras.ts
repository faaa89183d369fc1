import { badRequest, DEFAULT_TENANT_ID, defineMessages, say, tenant } from '@sso/shared-api';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { syncSessionsOfTenants } from '../../domain/account-sessions.js';
import { syncTenantMenus } from '../../domain/tenant-provision.js';
import { defineExtraHandlers } from '../../engine/extra-handlers.js';
import { updateStamps } from '../../engine/stamps.js';
import type { Caller } from '../../kernel/caller.js';
import { live } from '../../kernel/live-rows.js';
import type { SecurityTarget } from '../../logs/security-events.js';
import { assertPlatformTenantKept, normaliseDomain, toExpiry } from './rules.js';
import { selectTenants } from './select.js';

const m = defineMessages('tenantExtras', {
  tenantMissing: ['租户不存在', 'The tenant does not exist'],
  datasourceMissing: ['数据源不存在', 'The data source does not exist'],
  packageMissing: ['产品包不存在', 'The product package does not exist'],
  platformPackage: ['平台租户不可设置产品包', 'The platform tenant cannot be given a product package'],
});

type Db = Kysely<Database>;

/** Saber 2.9's package dialog names the tenant by its row id under the name tenantId (as BladeX reads it). */
async function liveTenantByCodeOrRowId(db: Db, value: string) {
  const tenants = db.selectFrom('blade_tenant').selectAll().$call(live());
  const byCode = await tenants.where('tenantId', '=', value).executeTakeFirst();
  if (byCode) return byCode;
  const rowId = /^[1-9]\d{0,18}$/.test(value) && BigInt(value) < 2n ** 63n;
  const byId = rowId ? await tenants.where('id', '=', value).executeTakeFirst() : undefined;
  if (!byId) throw badRequest(m.say.tenantMissing);
  return byId;
}

async function liveTenant(db: Db, tenantId: string) {
  const row = await db.selectFrom('blade_tenant').selectAll().$call(live(tenantId)).executeTakeFirst();
  if (!row) throw badRequest(m.say.tenantMissing);
  return row;
}

/** Tenants changed outside the generic save: drop what was derived from them. */
function tenantsChanged(ctx: AppContext): void {
  ctx.cache.invalidate('blade_tenant');
  ctx.cache.invalidate('blade_role_menu');
  ctx.permissions.clear();
}

const tenantTarget = (tenant: { id: string; tenantId: string; tenantName: string | null }): SecurityTarget => ({
  kind: 'tenant',
  id: tenant.id,
  name: tenant.tenantName ?? tenant.tenantId,
  tenantId: tenant.tenantId,
});

// Tenant settings and renewals change platform rows of several tenants at once, some by the
// scheduler with no caller: stamped here, with the security event each handler writes.
const audit = (caller: Caller | undefined) => updateStamps(caller);

/** Extras of `tenant`, as BladeX's tenant screen calls them. Their parameters come in the query string, as BladeX's do. */
export const tenantExtraHandlers = defineExtraHandlers(tenant, {
  select: selectTenants,
  setting: async ({ ctx, caller, query }) => {
    const ids = query.ids as string[];
    const expireTime = toExpiry((query.expireTime as string | null | undefined) ?? null);
    const changed = await ctx.db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('blade_tenant')
        .select(['id', 'tenantId', 'tenantName'])
        .where('id', 'in', ids)
        .$call(live())
        .execute();
      if (rows.length !== ids.length) throw badRequest(say('recordMissing'));
      for (const row of rows) assertPlatformTenantKept(row.tenantId, { expireTime });
      await trx
        .updateTable('blade_tenant')
        .set({ accountNumber: query.accountNumber as number, expireTime, ...audit(caller) })
        .where('id', 'in', ids)
        .execute();
      await ctx.audit.write(trx, {
        type: 'tenant.update',
        actor: caller,
        targets: rows.map(tenantTarget),
        detail: { fields: ['accountNumber', 'expireTime'], accountNumber: query.accountNumber ?? null, expireTime },
      });
      return rows;
    });
    tenantsChanged(ctx);
    // An expiry already passed ends the tenants' sessions on every node.
    await syncSessionsOfTenants(
      ctx,
      changed.map((row) => row.tenantId),
    );
    return true;
  },

  datasource: async ({ ctx, caller, query }) => {
    const tenant = await liveTenant(ctx.db, query.tenantId);
    const datasourceId = (query.datasourceId as string | undefined) || null;
    if (datasourceId) {
      const found = await ctx.db
        .selectFrom('blade_datasource')
        .select('id')
        .where('id', '=', datasourceId)
        .$call(live())
        .executeTakeFirst();
      if (!found) throw badRequest(m.say.datasourceMissing);
    }
    await ctx.db
      .updateTable('blade_tenant')
      .set({ datasourceId, ...audit(caller) })
      .where('id', '=', tenant.id)
      .execute();
    tenantsChanged(ctx);
    return true;
  },

  info: async ({ ctx, query }) => {
    const domain = normaliseDomain(query.domain);
    if (!domain) return {};
    const row = await ctx.db
      .selectFrom('blade_tenant')
      .select(['tenantId', 'tenantName', 'backgroundUrl'])
      .where('domain', '=', domain)
      .$call(live())
      .orderBy('id')
      .executeTakeFirst();
    return row ?? {};
  },

  packageDetail: async ({ ctx, query }) => {
    const tenant = await liveTenantByCodeOrRowId(ctx.db, query.tenantId);
    if (!tenant.packageId) return null;
    const pkg = await ctx.db
      .selectFrom('blade_tenant_package')
      .select(['id', 'packageName', 'menuId', 'remark'])
      .where('id', '=', tenant.packageId)
      .$call(live())
      .executeTakeFirst();
    return pkg ?? null;
  },

  /** The tenant's roles are brought within the new package at once (the administrator gets all of it). */
  packageSetting: async ({ ctx, caller, query }) => {
    const packageId = (query.packageId as string | undefined) || null;
    await ctx.db.transaction().execute(async (trx) => {
      const tenant = await liveTenant(trx, query.tenantId);
      if (tenant.tenantId === DEFAULT_TENANT_ID) throw badRequest(m.say.platformPackage);
      if (packageId) {
        const found = await trx
          .selectFrom('blade_tenant_package')
          .select('id')
          .where('id', '=', packageId)
          .$call(live())
          .executeTakeFirst();
        if (!found) throw badRequest(m.say.packageMissing);
      }
      await trx
        .updateTable('blade_tenant')
        .set({ packageId, ...audit(caller) })
        .where('id', '=', tenant.id)
        .execute();
      await syncTenantMenus(ctx, trx, tenant.tenantId);
      await ctx.audit.write(trx, {
        type: 'tenant.package-setting',
        actor: caller,
        targets: [tenantTarget(tenant)],
        detail: { packageId: { from: tenant.packageId ?? null, to: packageId } },
      });
    });
    tenantsChanged(ctx);
    return true;
  },
});
