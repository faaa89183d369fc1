import type { ApproverKind } from '@sso/shared-api';
import { type Kysely, sql } from 'kysely';
import { findApp } from '../../apps/app-lookups.js';
import type { Database } from '../../db/schema.js';
import { live } from '../../kernel/live-rows.js';

/** A node as the walk reads it. */
export interface WorkflowNode {
  id: string;
  nodeName: string;
  sort: number;
  approverKind: string;
  approverUserId: string | null;
  approverRoleId: string | null;
}

/** Who asks, and for which application. */
export interface Requester {
  tenantId: string;
  userId: string;
  appId: string;
}

/** A column of comma-joined ids holds this id. */
const holds = (column: string, id: string) => sql<boolean>`',' || ${sql.ref(column)}::text || ',' like ${`%,${id},%`}`;

/** Enabled, live users of the tenant. */
const activeUsers = (db: Kysely<Database>, tenantId: string) =>
  db.selectFrom('blade_user').select('id').$call(live(tenantId)).where('status', '=', 1);

/**
 * The department head: users of a department holding the head role. The requester's own
 * departments are asked first; a department without such a user hands over to its parent, and so
 * on up to the root.
 */
async function departmentHeads(db: Kysely<Database>, requester: Requester, headRoleId: string): Promise<string[]> {
  const user = await db
    .selectFrom('blade_user')
    .select('deptId')
    .where('id', '=', requester.userId)
    .$call(live(requester.tenantId))
    .executeTakeFirst();
  const heads = new Set<string>();
  for (const deptId of (user?.deptId ?? '').split(',').filter(Boolean)) {
    const dept = await db
      .selectFrom('blade_dept')
      .select(['id', 'ancestors'])
      .where('id', '=', deptId)
      .$call(live(requester.tenantId))
      .executeTakeFirst();
    if (!dept) continue;
    // Nearest first: the department itself, then its ancestors from the closest up.
    const chain = [
      dept.id,
      ...dept.ancestors
        .split(',')
        .filter((id) => id && id !== '0')
        .reverse(),
    ];
    for (const candidate of chain) {
      const found = await activeUsers(db, requester.tenantId)
        .where(holds('deptId', candidate))
        .where(holds('roleId', headRoleId))
        .execute();
      if (found.length) {
        for (const row of found) heads.add(row.id);
        break;
      }
    }
  }
  return [...heads];
}

/**
 * The approvers of a node for one request, the requester left out (nobody approves their own
 * request): an empty answer means the node has nobody to act.
 */
export async function approversOf(db: Kysely<Database>, node: WorkflowNode, requester: Requester): Promise<string[]> {
  let ids: string[] = [];
  switch (node.approverKind as ApproverKind) {
    case 'appOwner': {
      const app = await findApp(db, requester.tenantId, { id: requester.appId });
      if (app?.ownerId) ids = (await activeUsers(db, requester.tenantId).where('id', '=', app.ownerId).execute()).map((r) => r.id);
      break;
    }
    case 'user':
      if (node.approverUserId) {
        ids = (await activeUsers(db, requester.tenantId).where('id', '=', node.approverUserId).execute()).map((r) => r.id);
      }
      break;
    case 'role':
      if (node.approverRoleId) {
        ids = (await activeUsers(db, requester.tenantId).where(holds('roleId', node.approverRoleId)).execute()).map((r) => r.id);
      }
      break;
    case 'deptHead':
      if (node.approverRoleId) ids = await departmentHeads(db, requester, node.approverRoleId);
      break;
  }
  return ids.filter((id) => id !== requester.userId);
}
