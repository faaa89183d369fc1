import { badRequest, wxMessages as m } from '@sso/shared-api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { keepOrEncryptSecret } from '../../domain/kept-secrets.js';
import { updateStamps } from '../../engine/stamps.js';
import type { ResourceRules } from '../../engine/types.js';

/** What goes with an application: its menu and its followers (its messages stay, as a record of what was sent). */
const OWNED = ['blade_wx_menu', 'blade_wx_user'] as const;

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
    if (clash) throw badRequest(m.say.appIdTaken);
    if (!existing && !values.appSecret) throw badRequest(m.say.appSecretRequired);
    const renewed = existing && ((values.appId !== undefined && values.appId !== existing.appId) || Boolean(values.appSecret));
    await keepOrEncryptSecret(db, values, existing, 'appSecret');
    if (renewed) await db.deleteFrom('blade_wx_token').where('appId', '=', String(existing.id)).execute();
  },
  async beforeRemove({ caller, rows, trx }) {
    const ids = rows.map((row) => String(row.id));
    const db = trx as Kysely<Database>;
    // The application's menus and followers go with it, in the removal's transaction.
    for (const table of OWNED) {
      await db
        .updateTable(table)
        .set({ isDeleted: 1, ...updateStamps(caller) })
        .where('appId', 'in', ids)
        .where('isDeleted', '=', 0)
        .execute();
    }
    await db.deleteFrom('blade_wx_token').where('appId', 'in', ids).execute();
  },
};
