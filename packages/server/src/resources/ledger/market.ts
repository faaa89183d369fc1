import { ledgerMessages, notFound, registry } from '@sso/shared-api';
import { visibleApp } from '../../apps/who-may-open.js';
import type { AppContext } from '../../context.js';
import { defineExtraHandlers } from '../../engine/extra-handlers.js';
import { stamps, updateStamps } from '../../engine/stamps.js';
import type { Caller } from '../../kernel/caller.js';
import { live } from '../../kernel/live-rows.js';
import { entryColumns, entryCounts, marketEntries, nameMatches, pageAnswer, textRow } from './market-query.js';
import { callerName } from './rules.js';

const DEFAULT_SIZE = 10;

/** An entry on the market, or 404: a missing entry and one not reviewed or not shelved answer the same. */
async function shelvedId(ctx: AppContext, caller: Caller, id: string): Promise<string> {
  const row = await marketEntries(ctx.db, caller).select('p.id').where('p.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(ledgerMessages.say.entryMissing);
  return String(row.id);
}

const likeCount = async (ctx: AppContext, entryId: string) =>
  Number(
    (
      await ctx.db
        .selectFrom('blade_app_parameter_like')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('appParameterId', '=', entryId)
        .where('isDeleted', '=', 0)
        .executeTakeFirstOrThrow()
    ).n,
  );

const networkColumns = [
  'n.id',
  'n.systemName',
  'n.appParameterId',
  'n.networkZone',
  'n.exposure',
  'n.protectionLevel',
  'n.lastAssessment',
  'n.findings',
] as const;

/** Enabled network records of the caller's tenant. */
const networkRows = (ctx: AppContext, caller: Caller) =>
  ctx.db.selectFrom('blade_app_network as n').$call(live(caller.tenant_id, 'n')).where('n.status', '=', 1);

/**
 * The market (any signed-in user of the tenant): only reviewed and shelved entries are listed,
 * read, commented, liked and viewed. Comments are stored exactly as sent and answered as text:
 * the market shows them escaped. Comments, likes and visits are written here, by the staff member
 * themselves: the resources of those tables are the administrators' screens, guarded by their menus.
 */
export const ledgerClientExtraHandlers = defineExtraHandlers(registry.ledger.client, {
  getListByRecommend: async ({ ctx, caller, query }) => {
    const size = query.size ?? DEFAULT_SIZE;
    const current = query.current ?? 1;
    const search = query.searchValue?.trim() ?? '';
    const base = marketEntries(ctx.db, caller).$if(search !== '', (q) => q.where(nameMatches('p', 'app_name', search)));
    const [{ total }, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      base
        .select([...entryColumns, ...entryCounts])
        .orderBy('p.isRecommend', 'desc')
        .orderBy('p.sort')
        .orderBy('p.id', 'desc')
        .limit(size)
        .offset((current - 1) * size)
        .execute(),
    ]);
    return pageAnswer(rows.map(textRow), Number(total), current, size);
  },

  getAppParameterDetail: async ({ ctx, caller, query }) => {
    const row = await marketEntries(ctx.db, caller)
      .select([
        ...entryColumns,
        ...entryCounts,
        'p.contactPhone',
        'p.vendor',
        'p.deployMode',
        'p.techStack',
        'p.databaseType',
        'p.serverInfo',
        'p.onlineDate',
        'p.userScale',
      ])
      .where('p.id', '=', query.id)
      .executeTakeFirst();
    if (!row) throw notFound(ledgerMessages.say.entryMissing);
    const liked = await ctx.db
      .selectFrom('blade_app_parameter_like')
      .select('id')
      .where('appParameterId', '=', query.id)
      .where('userId', '=', caller.user_id)
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
    // Opening goes through the catalogue's sign-on, so only an application the caller may open is offered.
    const openable = row.appId ? (await visibleApp(ctx, caller, String(row.appId))) !== undefined : false;
    return { ...textRow(row), liked: liked !== undefined, openable };
  },

  saveComment: async ({ ctx, caller, body }) => {
    const entryId = await shelvedId(ctx, caller, body.appParameterId);
    const row = await ctx.db
      .insertInto('blade_app_parameter_comments')
      .values({
        id: ctx.ids.next(),
        tenantId: caller.tenant_id,
        appParameterId: entryId,
        content: body.content,
        userId: caller.user_id,
        userName: callerName(caller),
        ...stamps(caller),
      })
      .returning(['id', 'appParameterId', 'content', 'userName', 'createTime'])
      .executeTakeFirstOrThrow();
    ctx.cache.invalidate('blade_app_parameter_comments');
    return textRow({ ...row, id: String(row.id), appParameterId: String(row.appParameterId) });
  },

  getCommentList: async ({ ctx, caller, query }) => {
    const entryId = await shelvedId(ctx, caller, query.appParameterId);
    const size = query.size ?? DEFAULT_SIZE;
    const current = query.current ?? 1;
    const base = ctx.db.selectFrom('blade_app_parameter_comments').where('appParameterId', '=', entryId).$call(live(caller.tenant_id));
    const [{ total }, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      base
        .select(['id', 'appParameterId', 'content', 'userName', 'createTime'])
        .orderBy('createTime', 'desc')
        .orderBy('id', 'desc')
        .limit(size)
        .offset((current - 1) * size)
        .execute(),
    ]);
    return pageAnswer(
      rows.map((row) => textRow({ ...row, id: String(row.id), appParameterId: String(row.appParameterId) })),
      Number(total),
      current,
      size,
    );
  },

  saveAppParameterLog: async ({ ctx, caller, body }) => {
    const entryId = await shelvedId(ctx, caller, body.appParameterId);
    await ctx.db
      .insertInto('blade_app_parameter_log')
      .values({
        id: ctx.ids.next(),
        tenantId: caller.tenant_id,
        appParameterId: entryId,
        userId: caller.user_id,
        account: caller.account,
        userName: callerName(caller),
        ...stamps(caller),
      })
      .execute();
    ctx.cache.invalidate('blade_app_parameter_log');
    const { n } = await ctx.db
      .selectFrom('blade_app_parameter_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('appParameterId', '=', entryId)
      .executeTakeFirstOrThrow();
    return { viewCount: Number(n) };
  },

  saveLike: async ({ ctx, caller, body }) => {
    const entryId = await shelvedId(ctx, caller, body.appParameterId);
    // One live like per user and entry (a unique index): a second press takes the like back.
    const liked = await ctx.db.transaction().execute(async (trx) => {
      const taken = await trx
        .updateTable('blade_app_parameter_like')
        .set({ isDeleted: 1, ...updateStamps(caller) })
        .where('appParameterId', '=', entryId)
        .where('userId', '=', caller.user_id)
        .where('isDeleted', '=', 0)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) > 0) return false;
      await trx
        .insertInto('blade_app_parameter_like')
        .values({
          id: ctx.ids.next(),
          tenantId: caller.tenant_id,
          appParameterId: entryId,
          userId: caller.user_id,
          userName: callerName(caller),
          ...stamps(caller),
        })
        .onConflict((oc) => oc.columns(['appParameterId', 'userId']).where('isDeleted', '=', 0).doNothing())
        .execute();
      return true;
    });
    ctx.cache.invalidate('blade_app_parameter_like');
    return { liked, likeCount: await likeCount(ctx, entryId) };
  },

  getNetworkPage: async ({ ctx, caller, query }) => {
    const size = query.size ?? DEFAULT_SIZE;
    const current = query.current ?? 1;
    const search = query.searchValue?.trim() ?? '';
    const base = networkRows(ctx, caller).$if(search !== '', (q) => q.where(nameMatches('n', 'system_name', search)));
    const [{ total }, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      base
        .select([...networkColumns])
        .orderBy('n.protectionLevel', (ob) => ob.desc().nullsLast())
        .orderBy('n.systemName')
        .orderBy('n.id')
        .limit(size)
        .offset((current - 1) * size)
        .execute(),
    ]);
    return pageAnswer(rows.map(textRow), Number(total), current, size);
  },

  getNetworkDetail: async ({ ctx, caller, query }) => {
    const row = await networkRows(ctx, caller)
      .leftJoin('blade_app_parameter as p', (join) => join.onRef('p.id', '=', 'n.appParameterId').on('p.isDeleted', '=', 0))
      .select([...networkColumns, 'p.appName'])
      .where('n.id', '=', query.id)
      .executeTakeFirst();
    if (!row) throw notFound(ledgerMessages.say.networkMissing);
    return textRow(row);
  },
});
