import { badRequest, defineMessages, deptMessages } from '@sso/shared-api';
import { type Kysely, sql } from 'kysely';
import type { Caller } from '../../auth/permissions.js';
import { listHolds } from '../../domain/role-access.js';
import { assertDictKey } from '../../domain/scope-checks.js';
import type { ResourceRules } from '../../engine/types.js';

// biome-ignore lint/suspicious/noExplicitAny: rules run on the generic layer's transaction
type AnyDb = Kysely<any>;
type Row = Record<string, unknown>;

export const deptRuleMessages = defineMessages({
  deptParentMissing: ['上级机构不存在', 'The parent department does not exist'],
  deptCycle: ['上级机构不能是该机构自身或其下级机构', 'A department cannot be placed under itself or one of its descendants'],
  deptHasChildren: ['请先删除下级机构', 'Remove the child departments first'],
  deptHasUsers: ['机构下仍有用户，不能删除', 'The department still has users'],
  deptTooDeep: ['机构层级过深', 'The department tree is too deep'],
});
const m = deptRuleMessages;

/** The width of the ancestors column. */
const MAX_ANCESTORS = 2000;

const live = (trx: AnyDb, caller: Caller) =>
  trx.selectFrom('blade_dept').where('tenantId', '=', caller.tenant_id).where('isDeleted', '=', 0);

/**
 * Depts form a tree per tenant whose `ancestors` ("0,rootId,…,parentId") is kept right on insert
 * and on every move, for the dept and all its descendants (data scopes "dept and children" read
 * it). A dept cannot move under itself or its descendants; one with children or users cannot go.
 */
export const deptRules: ResourceRules = {
  async beforeSave({ caller, values, existing, trx }) {
    if (values.deptCategory !== undefined) await assertDictKey(trx, 'org_category', values.deptCategory, deptMessages.deptCategory);
    const parentId = (values.parentId as string | undefined) ?? (existing?.parentId as string | undefined) ?? '0';
    values.parentId = parentId;
    if (existing && String(existing.parentId) === parentId) return;
    let ancestors = '0';
    if (parentId !== '0') {
      const parent = await live(trx, caller).select(['id', 'ancestors']).where('id', '=', parentId).executeTakeFirst();
      if (!parent) throw badRequest(m.deptParentMissing);
      if (existing && (parent.id === existing.id || String(parent.ancestors).split(',').includes(String(existing.id)))) {
        throw badRequest(m.deptCycle);
      }
      ancestors = `${parent.ancestors},${parent.id}`;
    }
    if (ancestors.length > MAX_ANCESTORS) throw badRequest(m.deptTooDeep);
    values.ancestors = ancestors;
    if (existing) await moveDescendants(trx, caller, existing, ancestors);
  },

  async beforeRemove({ caller, rows, trx }) {
    const ids = rows.map((row) => String(row.id));
    const child = await live(trx, caller).select('id').where('parentId', 'in', ids).where('id', 'not in', ids).executeTakeFirst();
    if (child) throw badRequest(m.deptHasChildren);
    const user = await trx
      .selectFrom('blade_user')
      .select('id')
      .where('tenantId', '=', caller.tenant_id)
      .where('isDeleted', '=', 0)
      .where((eb) => eb.or(ids.map((id) => listHolds('deptId', id))))
      .executeTakeFirst();
    if (user) throw badRequest(m.deptHasUsers);
  },
};

/** Rewrites the ancestors of every descendant: the old prefix "…,deptId" becomes the new one. */
async function moveDescendants(trx: AnyDb, caller: Caller, dept: Row, ancestors: string): Promise<void> {
  const oldPrefix = `${dept.ancestors},${dept.id}`;
  const newPrefix = `${ancestors},${dept.id}`;
  const below = sql`tenant_id = ${caller.tenant_id} and (ancestors = ${oldPrefix} or ancestors like ${`${oldPrefix},%`})`;
  const { rows } = await sql<{ longest: number | null }>`select max(length(ancestors)) as longest from blade_dept where ${below}`.execute(
    trx,
  );
  const longest = Number(rows[0]?.longest ?? 0);
  if (longest && longest - oldPrefix.length + newPrefix.length > MAX_ANCESTORS) throw badRequest(m.deptTooDeep);
  await sql`update blade_dept set ancestors = cast(${newPrefix} as text) || substr(ancestors, ${oldPrefix.length + 1}) where ${below}`.execute(
    trx,
  );
}
