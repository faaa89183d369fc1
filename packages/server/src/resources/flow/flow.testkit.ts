import { DEFAULT_TENANT_ID, type FlowTaskRow } from '@sso/shared-api';
import { createRole, createUser, signIn, type TrackedClient } from '../../api-suite.testkit.js';
import { HR_ROLE_ALIAS } from '../../flow/seed-hr-role.js';
import type { TestServer } from '../../testing.js';

/** The people of the leave process in a tenant: an applicant, their approver, two HR members, an outsider. */
export interface LeaveCast {
  alice: TrackedClient;
  aliceId: string;
  bob: TrackedClient;
  bobId: string;
  hana: TrackedClient;
  hugo: TrackedClient;
  olga: TrackedClient;
}

export async function leaveCast(server: TestServer, tenantId = '000000'): Promise<LeaveCast> {
  const staff = await createRole(server, {
    tenantId,
    alias: 'staff',
    menuCodes: ['work_start', 'work_todo', 'work_send', 'work_done', 'work_claim'],
  });
  // The default tenant's HR members hold the 人事 role the leave process ships with; another
  // tenant makes its own.
  const hr =
    tenantId === DEFAULT_TENANT_ID
      ? await shippedHrRole(server)
      : await createRole(server, { tenantId, alias: 'hr', menuCodes: ['work_todo', 'work_claim'] });
  const people: Record<string, string> = {};
  for (const [account, role] of [
    ['alice', staff],
    ['bob', staff],
    ['hana', hr],
    ['hugo', hr],
    ['olga', staff],
  ] as const) {
    people[account] = await createUser(server, { tenantId, account, roleId: role });
  }
  const sign = (account: string) => signIn(server, { account, password: 'Test@12345', tenantId });
  return {
    alice: await sign('alice'),
    aliceId: people.alice,
    bob: await sign('bob'),
    bobId: people.bob,
    hana: await sign('hana'),
    hugo: await sign('hugo'),
    olga: await sign('olga'),
  };
}

async function shippedHrRole(server: TestServer): Promise<string> {
  const role = await server.ctx.db
    .selectFrom('blade_role')
    .select(['id', 'roleName'])
    .where('tenantId', '=', DEFAULT_TENANT_ID)
    .where('roleAlias', '=', HR_ROLE_ALIAS)
    .executeTakeFirstOrThrow();
  if (role.roleName !== '人事') throw new Error(`the shipped HR role is named ${role.roleName}`);
  return role.id;
}

/** The id of the newest active leave definition the caller may start. */
export async function leaveDefinitionId(sdk: TrackedClient): Promise<string> {
  const page = await sdk.flow.work.startList({ current: 1, size: 50 });
  const leave = page.records.find((r) => r.key === 'Leave');
  if (!leave) throw new Error('no leave definition to start');
  return leave.id;
}

export const LEAVE_FORM = { startTime: '2026-12-01 09:00:00', endTime: '2026-12-03 18:00:00', reason: '回家探亲' };

/** The open task of an instance in a caller's todo list. */
export async function todoOf(sdk: TrackedClient, instanceId: string): Promise<FlowTaskRow | undefined> {
  const page = await sdk.flow.work.todoList({ current: 1, size: 50 });
  return page.records.find((r) => r.processInstanceId === instanceId);
}
export async function claimOf(sdk: TrackedClient, instanceId: string): Promise<FlowTaskRow | undefined> {
  const page = await sdk.flow.work.claimList({ current: 1, size: 50 });
  return page.records.find((r) => r.processInstanceId === instanceId);
}
