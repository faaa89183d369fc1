import { type ApproverKind, badRequest, workflowMessages as m } from '@sso/shared-api';
import { updateStamps } from '../../engine/stamps.js';
import type { ResourceRules } from '../../engine/types.js';
import { live } from '../../kernel/live-rows.js';
import { appRoleOf } from '../app-workflow-matter/app-roles.js';

/**
 * A workflow belongs to a live application of the tenant (its reference) and, optionally, to one
 * of that application's roles; an application (or a role) has one workflow. A workflow with pending
 * requests stays; removing one removes its nodes.
 */
export const workflowRules: ResourceRules = {
  async beforeSave({ caller, values, existing, trx }) {
    const merged = { ...existing, ...values };
    const appId = String(merged.appId);
    const appRoleId = merged.appRoleId ? String(merged.appRoleId) : null;
    if (!appRoleId) values.appRoleId = null;
    else if (!(await appRoleOf(trx, caller.tenant_id, appId, appRoleId))) throw badRequest(m.say.appRoleMissing);
    let same = trx
      .selectFrom('blade_app_workflow')
      .select('id')
      .where('appId', '=', appId)
      .where('appRoleId', appRoleId ? '=' : 'is', appRoleId)
      .$call(live(caller.tenant_id));
    if (existing) same = same.where('id', '<>', existing.id);
    if (await same.executeTakeFirst()) throw badRequest(m.say.workflowTaken);
  },
  async beforeRemove({ caller, rows, trx }) {
    const ids = rows.map((r) => String(r.id));
    const busy = await trx
      .selectFrom('blade_app_workflow_matter')
      .select('id')
      .where('workflowId', 'in', ids)
      .where('matterStatus', '=', 'pending')
      .$call(live(caller.tenant_id))
      .executeTakeFirst();
    if (busy) throw badRequest(m.say.workflowBusy);
    // A workflow's nodes go with it, in the removal's transaction (children of the row removed).
    await trx
      .updateTable('blade_app_workflow_node')
      .set({ isDeleted: 1, ...updateStamps(caller) })
      .where('workflowId', 'in', ids)
      .$call(live(caller.tenant_id))
      .execute();
  },
};

/**
 * A node belongs to a workflow of the tenant. A `user` node names a live user of the tenant; a
 * `role` node the role whose holders approve, a `deptHead` node the role that marks a department's
 * head; fields the kind does not use are cleared.
 */
export const workflowNodeRules: ResourceRules = {
  async beforeSave({ caller, values, existing, trx }) {
    const merged = { ...existing, ...values };
    const found = (table: 'blade_app_workflow' | 'blade_user' | 'blade_role', id: unknown) =>
      trx.selectFrom(table).select('id').where('id', '=', String(id)).$call(live(caller.tenant_id)).executeTakeFirst();
    if (!(await found('blade_app_workflow', merged.workflowId))) throw badRequest(m.say.workflowMissing);
    const kind = merged.approverKind as ApproverKind;
    if (kind === 'user') {
      if (!merged.approverUserId || !(await found('blade_user', merged.approverUserId))) throw badRequest(m.say.approverUser);
      values.approverRoleId = null;
    } else if (kind === 'role' || kind === 'deptHead') {
      if (!merged.approverRoleId || !(await found('blade_role', merged.approverRoleId))) throw badRequest(m.say.approverRole);
      values.approverUserId = null;
    } else {
      values.approverUserId = null;
      values.approverRoleId = null;
    }
  },
};
