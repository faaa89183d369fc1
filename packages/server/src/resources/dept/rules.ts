import { badRequest, defineMessages, deptMessages } from '@sso/shared-api';
import { type Kysely, sql } from 'kysely';
import { listHolds } from '../../domain/role-access.js';
import { assertDictKey } from '../../domain/scope-checks.js';
import { refuseMoveUnderItself, refuseRemovingParents, requireParent, treeOf } from '../../domain/tree-rules.js';
import type { ResourceRules } from '../../engine/types.js';
import type { Caller } from '../../kernel/caller.js';
import { live } from '../../kernel/live-rows.js';

// biome-ignore lint/suspicious/noExplicitAny: rules run on the generic layer's transaction
type AnyDb = Kysely<any>;
type Row = Record<string, unknown>;

export const deptRuleMessages = defineMessages('deptRule', {
  deptParentMissing: ['上级机构不存在', 'The parent department does not exist'],
  deptCycle: ['上级机构不能是该机构自身或其下级机构', 'A department cannot be placed under itself or one of its descendants'],
  deptHasChildren: ['请先删除下级机构', 'Remove the child departments first'],
  deptHasUsers: ['机构下仍有用户，不能删除', 'The department still has users'],
  deptTooDeep: ['机构层级过深', 'The department tree is too deep'],
});
const m = deptRuleMessages;

/** The width of the ancestors column. */
const MAX_ANCESTORS = 2000;

const depts = (trx: AnyDb, caller: Caller) => treeOf(trx, 'blade_dept', caller.tenant_id);

/**
 * Depts form a tree per tenant whose `ancestors` ("0,rootId,…,parentId") is kept right on insert
 * and on every move, for the dept and all its descendants (data scopes "dept and children" read
 * it). A dept cannot move under itself or its descendants; one with children or users cannot go.
 */
export const deptRules: ResourceRules = {
  async beforeSave({ caller, values, existing, trx }) {
    if (values.deptCategory !== undefined) await assertDictKey(trx, 'org_category', values.deptCategory, deptMessages.say.deptCategory);
    const parentId = (values.parentId as string | undefined) ?? (existing?.parentId as string | undefined) ?? '0';
    values.parentId = parentId;
    if (existing && String(existing.parentId) === parentId) return;
    let ancestors = '0';
    if (parentId !== '0') {
      const parent = await requireParent(depts(trx, caller), parentId, m.say.deptParentMissing, ['ancestors']);
      if (existing) await refuseMoveUnderItself(depts(trx, caller), String(existing.id), parentId, m.say.deptCycle);
      ancestors = `${parent.ancestors},${parent.id}`;
    }
    if (ancestors.length > MAX_ANCESTORS) throw badRequest(m.say.deptTooDeep);
    values.ancestors = ancestors;
    if (existing) await moveDescendants(trx, caller, existing, ancestors);
  },

  async beforeRemove({ caller, rows, trx }) {
    const ids = rows.map((row) => String(row.id));
    await refuseRemovingParents(depts(trx, caller), ids, m.say.deptHasChildren);
    const user = await trx
      .selectFrom('blade_user')
      .select('id')
      .$call(live(caller.tenant_id))
      .where((eb) => eb.or(ids.map((id) => listHolds('deptId', id))))
      .executeTakeFirst();
    if (user) throw badRequest(m.say.deptHasUsers);
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
  if (longest && longest - oldPrefix.length + newPrefix.length > MAX_ANCESTORS) throw badRequest(m.say.deptTooDeep);
  await sql`update blade_dept set ancestors = cast(${newPrefix} as text) || substr(ancestors, ${oldPrefix.length + 1}) where ${below}`.execute(
    trx,
  );
}
