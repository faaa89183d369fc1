import { badRequest, type Message, appAuthzMessages as m, sodConflict } from '@sso/shared-api';
import type { AppContext } from '../../context.js';
import { dropGrantCaches, writeSodLog } from '../../domain/grant-log.js';
import { loadSodState, newBreach, type SodRule, withRoleDuties } from '../../domain/sod.js';
import { stamps, updateStamps } from '../../engine/stamps.js';
import type { Caller } from '../../kernel/caller.js';
import { live } from '../../kernel/live-rows.js';

type Kind = 'menu' | 'function';
const TABLES = {
  menu: { grants: 'blade_app_role_menu', column: 'menuId', items: 'blade_app_menu', resource: 'approlemenu' },
  function: { grants: 'blade_app_role_function', column: 'functionId', items: 'blade_app_menu_function', resource: 'approlefunction' },
} as const;

/**
 * Replaces the menus (or functions) of an application role. They must be of the role's
 * application. The change is checked against the separation-of-duties rules for every user it
 * touches: when it would let someone hold two roles of a rule (the role now covers another's
 * duties, or its own duties shrink into what a user holds already), it is refused, the refusal
 * logged, nothing changed. The grant rows are replaced as a set in the check's transaction.
 */
export async function grantRoleDuties(
  ctx: AppContext,
  caller: Caller,
  kind: Kind,
  appRoleId: string,
  ids: readonly string[],
): Promise<void> {
  const tenantId = caller.tenant_id;
  const spec = TABLES[kind];
  const role = await ctx.db
    .selectFrom('blade_app_role')
    .select(['id', 'appId', 'roleName'])
    .where('id', '=', appRoleId)
    .$call(live(tenantId))
    .executeTakeFirst();
  if (!role) throw badRequest(m.say.roleMissing);
  if (ids.length) {
    const found = await ctx.db
      .selectFrom(spec.items)
      .select(['id', 'appId'])
      .where('id', 'in', [...ids])
      .$call(live(tenantId))
      .execute();
    if (found.length !== ids.length) throw badRequest(kind === 'menu' ? m.say.menuMissing : m.say.functionMissing);
    if (found.some((item) => String(item.appId) !== String(role.appId))) throw badRequest(m.say.roleOtherApp);
  }
  let refused: { rule: SodRule; userId: string; message: Message; roleNames: string } | undefined;
  await ctx.db.transaction().execute(async (trx) => {
    await trx.selectFrom('blade_app_role').select('id').where('id', '=', appRoleId).forUpdate().execute();
    const state = await loadSodState(trx, tenantId);
    const changed = withRoleDuties(state, appRoleId, kind === 'menu' ? { menus: ids } : { functions: ids });
    for (const [userId, held] of state.users) {
      const breach = newBreach(state, held, held, changed);
      if (breach) {
        refused = {
          rule: breach.rule,
          userId,
          message: sodConflict(breach.rule.ruleName, breach.added, breach.held),
          roleNames: `${breach.added},${breach.held}`,
        };
        return;
      }
    }
    const now = new Date();
    await trx
      .updateTable(spec.grants)
      .set({ isDeleted: 1, ...updateStamps(caller, now) })
      .where('appRoleId', '=', appRoleId)
      .$call(live(tenantId))
      .execute();
    if (ids.length)
      await trx
        .insertInto(spec.grants)
        .values(
          ids.map((id) => ({
            id: ctx.ids.next(),
            tenantId,
            ...stamps(caller, now),
            appRoleId,
            [spec.column]: id,
          })) as never,
        )
        .execute();
    await ctx.audit.write(trx, {
      type: `${spec.resource}.update`,
      actor: caller,
      targets: [{ kind: 'approle', id: appRoleId, name: role.roleName }],
      detail: { [`${kind}Ids`]: ids },
    });
  });
  if (refused) {
    const user = await ctx.db.selectFrom('blade_user').select('account').where('id', '=', refused.userId).executeTakeFirst();
    await writeSodLog(
      ctx,
      ctx.db,
      {
        tenantId,
        rule: refused.rule,
        userId: refused.userId,
        account: user?.account ?? null,
        roleNames: refused.roleNames,
        kind: 'refused',
        source: 'admin',
        message: `${user?.account ?? refused.userId}: ${refused.message.text}`,
      },
      caller,
    );
    throw badRequest(refused.message);
  }
  dropGrantCaches(ctx, spec.grants);
}

/** The ids of the menus (or functions) an application role of the caller's tenant holds. */
export async function roleDuties(ctx: AppContext, caller: Caller, kind: Kind, appRoleId: string): Promise<string[]> {
  const spec = TABLES[kind];
  const rows = await ctx.db
    .selectFrom(spec.grants)
    .select(spec.column)
    .where('appRoleId', '=', appRoleId)
    .$call(live(caller.tenant_id))
    .execute();
  return rows.map((row) => String((row as Record<string, unknown>)[spec.column]));
}
