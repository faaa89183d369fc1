import { badRequest, say } from '@sso/shared-api';
import type { Selectable } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import type { ResourceRepository } from '../../engine/types.js';
import type { Caller } from '../../kernel/caller.js';

type UserRecord = Selectable<Database['blade_user']>;

/** Live users the caller may act on (own tenant, data scope); every id must be one, or nothing happens. */
export async function usersByIds(repo: ResourceRepository, ctx: AppContext, caller: Caller, ids: string[]): Promise<UserRecord[]> {
  const query = await repo.visible(ctx.db as never, caller);
  const rows = (await query.selectAll().where('id', 'in', ids).execute()) as UserRecord[];
  if (rows.length !== ids.length) throw badRequest(say('recordMissing'));
  return rows;
}
