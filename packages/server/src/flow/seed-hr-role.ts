import { DEFAULT_TENANT_ID } from '@sso/shared-api';
import type { Db } from '../db/database.js';
import type { IdGenerator } from '../kernel/ids.js';
import { live } from '../kernel/live-rows.js';

/** The alias the shipped leave process's second step names as its candidate group. */
export const HR_ROLE_ALIAS = 'hr';

/** What an HR member needs to do the leave's HR step: the task lists they claim and handle from. */
const HR_MENU_CODES = ['work', 'work_claim', 'work_todo', 'work_done'];

/**
 * The role the leave's HR step is offered to (人事, alias `hr`), for the default tenant, with the
 * menus of the task lists: without it the shipped process stops at its second step, which is
 * refused until a role of that alias exists. Written once, in the caller's transaction; a tenant
 * that already has a live role of that alias (or renamed this one) is left as it is.
 */
export async function seedHrRole(trx: Db, ids: IdGenerator): Promise<void> {
  const existing = await trx
    .selectFrom('blade_role')
    .select('id')
    .where('roleAlias', '=', HR_ROLE_ALIAS)
    .$call(live(DEFAULT_TENANT_ID))
    .executeTakeFirst();
  if (existing) return;
  const roleId = ids.next();
  await trx
    .insertInto('blade_role')
    .values({ id: roleId, tenantId: DEFAULT_TENANT_ID, parentId: '0', roleName: '人事', roleAlias: HR_ROLE_ALIAS, sort: 2 })
    .execute();
  const screens = await trx.selectFrom('blade_menu').select('id').where('code', 'in', HR_MENU_CODES).$call(live()).execute();
  const screenIds = screens.map((row) => row.id);
  if (!screenIds.length) return;
  // The screens and their buttons (签收, 办理, 详情, 跟踪).
  const buttons = await trx
    .selectFrom('blade_menu')
    .select('id')
    .where('parentId', 'in', screenIds)
    .where('category', '=', 2)
    .$call(live())
    .execute();
  const menuIds = [...screenIds, ...buttons.map((row) => row.id)];
  await trx
    .insertInto('blade_role_menu')
    .values(menuIds.map((menuId) => ({ id: ids.next(), roleId, menuId })))
    .execute();
}
