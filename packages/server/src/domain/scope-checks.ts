import { badRequest, type Message } from '@sso/shared-api';
import type { Kysely } from 'kysely';
import { live } from '../kernel/live-rows.js';

// biome-ignore lint/suspicious/noExplicitAny: rules run on the generic layer's transaction
type AnyDb = Kysely<any>;

/** Refuses a value that is not a key of a system dictionary (post_category, data_scope_type …). */
export async function assertDictKey(db: AnyDb, code: string, key: unknown, message: Message): Promise<void> {
  const entry = await db
    .selectFrom('blade_dict')
    .select('id')
    .where('code', '=', code)
    .where('dictKey', '=', String(key))
    .where('parentId', '<>', '0')
    .$call(live())
    .executeTakeFirst();
  if (!entry) throw badRequest(message);
}

/** Refuses ids of which some name no live row of `table`. */
export async function assertAllExist(db: AnyDb, table: string, ids: readonly string[], message: Message): Promise<void> {
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += 1000) {
    const chunk = unique.slice(i, i + 1000);
    const found = await db.selectFrom(table).select('id').where('id', 'in', chunk).$call(live()).execute();
    if (found.length !== chunk.length) throw badRequest(message);
  }
}
