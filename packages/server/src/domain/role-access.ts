import { badRequest, DEFAULT_TENANT_ID, forbidden, say } from '@sso/shared-api';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { AppContext } from '../context.js';
import type { Caller } from '../kernel/caller.js';
import { live } from '../kernel/live-rows.js';

/** The ids of a comma-joined list (a user's dept_id, role_id, post_id), blanks dropped. */
export const splitIds = (text: string | null | undefined): string[] =>
  text
    ? text
        .split(',')
        .map((id) => id.trim())
        .filter((id) => /^\d{1,19}$/.test(id))
    : [];

/** Whether a comma-joined id column holds `id`: `,1,2,` contains `,2,`. */
export const listHolds = (column: string, id: string): Expression<SqlBool> =>
  sql<SqlBool>`(',' || ${sql.ref(column)} || ',') like ${`%,${id},%`}`;

/**
 * The tenant a tree or select box lists: the caller's own, or another one named by a platform
 * administrator (tenant 000000, role administrator), who picks tenants in the user form.
 */
export function targetTenant(caller: Caller, requested?: string): string {
  if (!requested || requested === caller.tenant_id) return caller.tenant_id;
  return caller.tenant_id === DEFAULT_TENANT_ID && caller.isAdministrator ? requested : caller.tenant_id;
}

/**
 * The ids a user of the caller's tenant holds in `column` (the switch dialog's lists). A user may
 * ask about themself; asking about someone else needs the user screen (administrators have it).
 */
export async function heldIds(ctx: AppContext, caller: Caller, userId: string | undefined, column: 'deptId' | 'roleId'): Promise<string[]> {
  const id = userId ?? caller.user_id;
  if (id !== caller.user_id && !(await ctx.permissions.allows(caller, 'user'))) throw forbidden(say('forbidden'));
  const user = await ctx.db
    .selectFrom('blade_user')
    .select(['deptId', 'roleId'])
    .where('id', '=', id)
    .$call(live(caller.tenant_id))
    .executeTakeFirst();
  if (!user) throw badRequest(say('recordMissing'));
  return splitIds(user[column]);
}

/** Rows in the order of `ids` (a user's first dept or role is their main one). */
export function inOrderOf<T extends { id: string }>(ids: string[], rows: T[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
