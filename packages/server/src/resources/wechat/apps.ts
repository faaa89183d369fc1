import { badRequest, wxMessages as m } from '@sso/shared-api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { keepOrEncryptSecret } from '../../domain/kept-secrets.js';
import type { ResourceRules } from '../../engine/types.js';

/** Tables that hang off an application: it is not removed while they hold live rows. */
const HOLDERS = ['blade_wx_menu', 'blade_wx_user', 'blade_wx_message_send'] as const;

/**
 * An AppID belongs to one live application of the whole platform (WeChat calls back by it); the
 * AppSecret is required when the application is made, stored encrypted, and kept when an update
 * leaves it empty; a new AppID or AppSecret drops the access token kept for the old one.
 */
export const wxAppRules: ResourceRules = {
  async beforeSave({ values, existing, trx }) {
    const db = trx as Kysely<Database>;
    const appId = (values.appId ?? existing?.appId) as string;
    const clash = await db
      .selectFrom('blade_wx_app')
      .select('id')
      .where('appId', '=', appId)
      .where('isDeleted', '=', 0)
      .$if(Boolean(existing), (q) => q.where('id', '!=', String(existing?.id)))
      .executeTakeFirst();
    if (clash) throw badRequest(m.appIdTaken);
    if (!existing && !values.appSecret) throw badRequest(m.appSecretRequired);
    const renewed = existing && ((values.appId !== undefined && values.appId !== existing.appId) || Boolean(values.appSecret));
    await keepOrEncryptSecret(db, values, existing, 'appSecret');
    if (renewed) await db.deleteFrom('blade_wx_token').where('appId', '=', String(existing.id)).execute();
  },
  async beforeRemove({ rows, trx }) {
    const ids = rows.map((row) => String(row.id));
    const db = trx as Kysely<Database>;
    for (const table of HOLDERS) {
      const held = await db.selectFrom(table).select('id').where('appId', 'in', ids).where('isDeleted', '=', 0).executeTakeFirst();
      if (held) throw badRequest(m.appInUse);
    }
    await db.deleteFrom('blade_wx_token').where('appId', 'in', ids).execute();
  },
};
