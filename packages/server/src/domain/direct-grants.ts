import { badRequest, type GrantSource, type Message, appAuthzMessages as m, sodConflict } from '@sso/shared-api';
import type { AppContext } from '../context.js';
import type { Db } from '../db/database.js';
import { live } from '../kernel/live-rows.js';
import { noteGrantExpiry } from './app-role-grants.js';
import { dropGrantCaches, type GrantActor, writeGrantLog, writeSodLog } from './grant-log.js';
import { copyHoldings, emptyHoldings, loadSodState, newBreach, type SodRule } from './sod.js';

export type DirectKind = 'menu' | 'function';

const SPEC = {
  menu: { table: 'blade_user_authorized_menu', column: 'menuId', items: 'blade_app_menu', name: 'name' },
  function: { table: 'blade_user_authorized_function', column: 'functionId', items: 'blade_app_menu_function', name: 'functionName' },
} as const;

export interface DirectGrant {
  tenantId: string;
  userId: string;
  kind: DirectKind;
  /** The menu or function granted. */
  itemId: string;
  /** Checked against the item's application when given. */
  appId?: string;
  reason: string;
  source: GrantSource;
  expiresAt?: Date | null;
}

async function subjects(db: Db, grant: Pick<DirectGrant, 'tenantId' | 'userId' | 'kind' | 'itemId' | 'appId'>) {
  const spec = SPEC[grant.kind];
  const user = await db
    .selectFrom('blade_user')
    .select('account')
    .where('id', '=', grant.userId)
    .$call(live(grant.tenantId))
    .executeTakeFirst();
  if (!user) throw badRequest(m.say.userMissing);
  const item = (await db
    .selectFrom(spec.items)
    .select(['id', 'appId', spec.name])
    .where('id', '=', grant.itemId)
    .$call(live(grant.tenantId))
    .executeTakeFirst()) as { appId: string; [name: string]: unknown } | undefined;
  if (!item) throw badRequest(grant.kind === 'menu' ? m.say.menuMissing : m.say.functionMissing);
  if (grant.appId && String(item.appId) !== String(grant.appId))
    throw badRequest(grant.kind === 'menu' ? m.say.menuMissing : m.say.functionMissing);
  return { account: user.account, appId: String(item.appId), name: String(item[spec.name]) };
}

/**
 * Grants a menu or a function of an application to a user directly. Checked like a role grant:
 * when the user's menus and functions would then include every duty of a role that a
 * separation-of-duties rule keeps apart from one they hold, it is refused and the refusal logged.
 * Granting what is held already updates its expiry. Answers the grant's id.
 */
export async function grantDirect(ctx: AppContext, grant: DirectGrant, actor: GrantActor): Promise<string> {
  const spec = SPEC[grant.kind];
  const expiresAt = grant.expiresAt ?? null;
  if (expiresAt && expiresAt.getTime() <= Date.now()) throw badRequest(m.say.expireTime);
  const { account, appId, name } = await subjects(ctx.db, grant);
  let refused: { rule: SodRule; message: Message; roleNames: string } | undefined;
  const id = await ctx.db.transaction().execute(async (trx) => {
    await trx.selectFrom('blade_user').select('id').where('id', '=', grant.userId).forUpdate().execute();
    const held = await trx
      .selectFrom(spec.table)
      .select('id')
      .where('userId', '=', grant.userId)
      .where(spec.column, '=', grant.itemId)
      .$call(live(grant.tenantId))
      .executeTakeFirst();
    const now = new Date();
    let rowId: string;
    if (held) {
      rowId = String(held.id);
      await trx
        .updateTable(spec.table)
        .set({ expireTime: expiresAt, updateTime: now, updateUser: actor.user_id, ...(grant.reason ? { reason: grant.reason } : {}) })
        .where('id', '=', rowId)
        .execute();
    } else {
      const state = await loadSodState(trx, grant.tenantId, [grant.userId]);
      const before = state.users.get(grant.userId) ?? emptyHoldings();
      const after = copyHoldings(before);
      (grant.kind === 'menu' ? after.menus : after.functions).add(grant.itemId);
      const breach = newBreach(state, before, after);
      if (breach) {
        refused = {
          rule: breach.rule,
          message: sodConflict(breach.rule.ruleName, breach.added, breach.held),
          roleNames: `${breach.added},${breach.held}`,
        };
        return '';
      }
      rowId = ctx.ids.next();
      await trx
        .insertInto(spec.table)
        .values({
          id: rowId,
          tenantId: grant.tenantId,
          createUser: actor.user_id,
          createTime: now,
          updateUser: actor.user_id,
          updateTime: now,
          userId: grant.userId,
          appId,
          [spec.column]: grant.itemId,
          expireTime: expiresAt,
          source: grant.source,
          reason: grant.reason || null,
        } as never)
        .execute();
    }
    await writeGrantLog(
      ctx,
      trx,
      {
        tenantId: grant.tenantId,
        userId: grant.userId,
        account,
        appId,
        action: 'grant',
        kind: grant.kind,
        targetId: grant.itemId,
        targetName: name,
        source: grant.source,
        reason: grant.reason,
        expireTime: expiresAt,
      },
      actor,
    );
    return rowId;
  });
  if (refused) {
    await writeSodLog(
      ctx,
      ctx.db,
      {
        tenantId: grant.tenantId,
        rule: refused.rule,
        userId: grant.userId,
        account,
        roleNames: refused.roleNames,
        kind: 'refused',
        source: grant.source,
        message: refused.message.text,
      },
      actor,
    );
    throw badRequest(refused.message);
  }
  dropGrantCaches(ctx, spec.table, 'blade_user_authorized_log');
  noteGrantExpiry(expiresAt);
  return id;
}

/** Revokes direct grants by id (all of the tenant, or nothing), each logged. */
export async function revokeDirect(
  ctx: AppContext,
  revoke: { tenantId: string; kind: DirectKind; ids: readonly string[]; reason: string; source: GrantSource },
  actor: GrantActor,
): Promise<void> {
  const spec = SPEC[revoke.kind];
  await ctx.db.transaction().execute(async (trx) => {
    const rows = (await trx
      .selectFrom(spec.table)
      .select(['id', 'userId', 'appId', spec.column])
      .where('id', 'in', [...revoke.ids])
      .$call(live(revoke.tenantId))
      .forUpdate()
      .execute()) as { id: string; userId: string; appId: string; [column: string]: unknown }[];
    if (rows.length !== revoke.ids.length) throw badRequest(m.say.notGranted);
    await trx
      .updateTable(spec.table)
      .set({ isDeleted: 1, updateTime: new Date(), updateUser: actor.user_id })
      .where('id', 'in', [...revoke.ids])
      .execute();
    for (const row of rows) {
      const itemId = String(row[spec.column]);
      const user = await trx.selectFrom('blade_user').select('account').where('id', '=', row.userId).executeTakeFirst();
      const item = (await trx.selectFrom(spec.items).select(spec.name).where('id', '=', itemId).executeTakeFirst()) as
        | Record<string, unknown>
        | undefined;
      await writeGrantLog(
        ctx,
        trx,
        {
          tenantId: revoke.tenantId,
          userId: String(row.userId),
          account: user?.account ?? null,
          appId: String(row.appId),
          action: 'revoke',
          kind: revoke.kind,
          targetId: itemId,
          targetName: String(item?.[spec.name] ?? itemId),
          source: revoke.source,
          reason: revoke.reason,
        },
        actor,
      );
    }
  });
  dropGrantCaches(ctx, spec.table, 'blade_user_authorized_log');
}
