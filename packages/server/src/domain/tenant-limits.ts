import { badRequest, defineMessages } from '@sso/shared-api';
import type { Kysely } from 'kysely';
import { packageMenuIds } from '../auth/package-menus.js';
import type { Database } from '../db/schema.js';
import { live } from '../kernel/live-rows.js';

const m = defineMessages('tenantLimits', {
  quotaReached: ['租户账号额度已用完，无法新增用户', "The tenant's account quota is used up"],
  outsidePackage: ['所选菜单超出租户产品包范围', "A chosen menu is outside the tenant's package"],
});

type Db = Kysely<Database>;

/** Refuses menu ids outside the tenant's package. */
export async function assertWithinPackage(db: Db, tenantId: string, menuIds: readonly string[]): Promise<void> {
  const allowed = await packageMenuIds(db, tenantId);
  if (allowed && menuIds.some((id) => !allowed.has(id))) throw badRequest(m.say.outsidePackage);
}

/** Refuses a new user when the tenant's account quota (account_number, -1 = unlimited) is used up. */
export async function assertUserQuota(db: Db, tenantId: string, adding = 1): Promise<void> {
  const tenant = await db.selectFrom('blade_tenant').select('accountNumber').$call(live(tenantId)).executeTakeFirst();
  if (!tenant || tenant.accountNumber < 0) return;
  const { count } = await db
    .selectFrom('blade_user')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .$call(live(tenantId))
    .executeTakeFirstOrThrow();
  if (Number(count) + adding > tenant.accountNumber) throw badRequest(m.say.quotaReached);
}
