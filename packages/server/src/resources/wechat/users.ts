import { badRequest, wxMessages as m, wxUser } from '@sso/shared-api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { defineExtraHandlers } from '../../engine/extra-handlers.js';
import type { ResourceRules } from '../../engine/types.js';
import { OFFICIAL_ACCOUNT, requireWxApp } from '../../wechat/apps.js';
import { wechatClientOf } from '../../wechat/client.js';
import { pushRemark, pushTag, syncFollowers, tagsOf } from '../../wechat/followers.js';

const tagList = (value: unknown) => (value ? String(value).split(',').filter(Boolean) : []);

/**
 * Followers come from WeChat: none is added by hand, and a save changes only the remark and the
 * tags, each pushed to WeChat first (in the save's transaction, so a refusal keeps the row as it was).
 */
export const wxUserRules: ResourceRules = {
  async beforeSave({ ctx, caller, values, existing, trx }) {
    if (!existing) throw badRequest(m.say.followerNoAdd);
    for (const key of Object.keys(values)) if (key !== 'remark' && key !== 'tagIds') delete values[key];
    const db = trx as Kysely<Database>;
    const app = await requireWxApp(db, caller.tenant_id, String(existing.appId), OFFICIAL_ACCOUNT);
    const client = wechatClientOf(ctx).within(db);
    const openId = String(existing.openId);
    if (values.remark !== undefined && String(values.remark ?? '') !== String(existing.remark ?? '')) {
      await pushRemark(client, app, openId, String(values.remark ?? ''));
    }
    if (values.tagIds !== undefined) {
      const before = new Set(tagList(existing.tagIds));
      const after = new Set(tagList(values.tagIds));
      for (const tag of after) if (!before.has(tag)) await pushTag(client, app, [openId], Number(tag), false);
      for (const tag of before) if (!after.has(tag)) await pushTag(client, app, [openId], Number(tag), true);
      values.tagIds = [...after].join(',') || null;
    }
  },
};

export const wxUserExtraHandlers = defineExtraHandlers(wxUser, {
  sync: async ({ ctx, caller, query }) => {
    const app = await requireWxApp(ctx.db, caller.tenant_id, query.appId, OFFICIAL_ACCOUNT);
    return syncFollowers({ db: ctx.db, ids: ctx.ids, client: wechatClientOf(ctx) }, app, Boolean(query.full));
  },
  remark: async ({ ctx, repo, caller, body }) => {
    const follower = await ctx.db
      .selectFrom('blade_wx_user')
      .select(['id', 'appId', 'openId'])
      .where('id', '=', body.id)
      .where('tenantId', '=', caller.tenant_id)
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
    if (!follower) throw badRequest(m.say.followerMissing);
    const app = await requireWxApp(ctx.db, caller.tenant_id, String(follower.appId), OFFICIAL_ACCOUNT);
    await pushRemark(wechatClientOf(ctx), app, follower.openId, body.remark);
    await repo.change(caller, [String(follower.id)], { set: { remark: body.remark || null } });
    return true;
  },
  tag: async ({ ctx, repo, caller, body }) => {
    const followers = await ctx.db
      .selectFrom('blade_wx_user')
      .select(['id', 'appId', 'openId', 'tagIds'])
      .where('id', 'in', body.ids)
      .where('tenantId', '=', caller.tenant_id)
      .where('isDeleted', '=', 0)
      .execute();
    if (followers.length !== body.ids.length) throw badRequest(m.say.followerMissing);
    const appIds = new Set(followers.map((f) => String(f.appId)));
    if (appIds.size !== 1) throw badRequest(m.say.appMissing);
    const app = await requireWxApp(ctx.db, caller.tenant_id, [...appIds][0]!, OFFICIAL_ACCOUNT);
    await pushTag(
      wechatClientOf(ctx),
      app,
      followers.map((f) => f.openId),
      body.tagId,
      Boolean(body.untag),
    );
    const tag = String(body.tagId);
    await repo.change(
      caller,
      followers.map((f) => String(f.id)),
      {
        set: (follower) => {
          const tags = new Set(tagList(follower.tagIds as string | null));
          if (body.untag) tags.delete(tag);
          else tags.add(tag);
          return { tagIds: [...tags].slice(0, 20).join(',') || null };
        },
      },
    );
    return true;
  },
  tags: async ({ ctx, caller, query }) => {
    const app = await requireWxApp(ctx.db, caller.tenant_id, query.appId, OFFICIAL_ACCOUNT);
    return tagsOf(wechatClientOf(ctx), app);
  },
});
