import { DEFAULT_TENANT_ID } from '@sso/shared-api';
import { type ApiSuite, createRole, createUser, signIn, TEST_PASSWORD, type TrackedClient } from '../../api-suite.testkit.js';

/** Setup of the access request suites: an application with roles, a department with its head, staff and a two-step chain. */
type Row = Record<string, unknown>;

export const MATTER = '/api/blade-abs/appworkflowmatter';
export const WORKFLOW = '/api/blade-abs/appworkflow';
export const NODE = '/api/blade-abs/appworkflownode';

let serial = 0;

export interface Person {
  id: string;
  sdk: TrackedClient;
}

/** A user of the department holding the given roles (comma-joined), signed in. */
export async function person(suite: ApiSuite, input: { roleIds: string[]; deptId?: string; tenantId?: string }): Promise<Person> {
  const account = `p${++serial}_${Date.now() % 100000}`;
  const tenantId = input.tenantId ?? DEFAULT_TENANT_ID;
  const id = await createUser(suite.server, { tenantId, account, roleId: input.roleIds.join(','), deptId: input.deptId });
  return { id, sdk: await signIn(suite.server, { account, password: TEST_PASSWORD, tenantId }) };
}

/** A department (under the given parent) of the default tenant. */
export async function department(
  suite: ApiSuite,
  name: string,
  parent?: { id: string; ancestors: string },
): Promise<{ id: string; ancestors: string }> {
  const id = suite.server.ctx.ids.next();
  const ancestors = parent ? `${parent.ancestors},${parent.id}` : '0';
  await suite.server.ctx.db
    .insertInto('blade_dept')
    .values({ id, tenantId: DEFAULT_TENANT_ID, parentId: parent?.id ?? '0', ancestors, deptCategory: 1, deptName: name, sort: 1 })
    .execute();
  return { id, ancestors };
}

export interface Chain {
  appId: string;
  roleIds: [string, string];
  workflowId: string;
  staff: Person;
  head: Person;
  owner: Person;
  headRoleId: string;
}

/**
 * An application owned by `owner` with two roles, a workflow of two nodes (the department head,
 * then the owner), and a staff member of a sub-department whose head sits in the parent department.
 */
export async function chain(suite: ApiSuite): Promise<Chain> {
  const n = ++serial;
  const staffRoleId = await createRole(suite.server, { alias: `staff_${n}` });
  const headRoleId = await createRole(suite.server, { alias: `head_${n}` });
  const parent = await department(suite, `总部${n}`);
  const team = await department(suite, `小组${n}`, parent);
  const staff = await person(suite, { roleIds: [staffRoleId], deptId: team.id });
  const head = await person(suite, { roleIds: [staffRoleId, headRoleId], deptId: parent.id });
  const owner = await person(suite, { roleIds: [staffRoleId] });
  const app = (await suite.admin.call('POST', '/api/blade-aps/app/submit', undefined, {
    appCode: `req_${n}`,
    appName: `申请应用${n}`,
    protocol: 'link',
    appUrl: 'https://req.example.com/',
    ownerId: owner.id,
    status: 1,
  })) as Row;
  const appId = String(app.id);
  const role = async (alias: string) =>
    String(
      (
        (await suite.admin.call('POST', '/api/blade-aps/approle/submit', undefined, {
          appId,
          roleName: `${alias}角色`,
          roleAlias: alias,
        })) as Row
      ).id,
    );
  const roleIds: [string, string] = [await role(`viewer_${n}`), await role(`editor_${n}`)];
  const workflow = (await suite.admin.call('POST', `${WORKFLOW}/submit`, undefined, { workflowName: `审批${n}`, appId })) as Row;
  const workflowId = String(workflow.id);
  await suite.admin.call('POST', `${NODE}/submit`, undefined, {
    workflowId,
    nodeName: '部门负责人',
    sort: 1,
    approverKind: 'deptHead',
    approverRoleId: headRoleId,
  });
  await suite.admin.call('POST', `${NODE}/submit`, undefined, { workflowId, nodeName: '应用负责人', sort: 2, approverKind: 'appOwner' });
  return { appId, roleIds, workflowId, staff, head, owner, headRoleId };
}

export const requestRole = (who: Person, body: Row) => who.sdk.call('POST', `${MATTER}/request`, undefined, body) as Promise<Row>;
export const decide = (who: Person, action: 'approve' | 'reject' | 'withdraw', body: Row) =>
  who.sdk.call('POST', `${MATTER}/${action}`, undefined, body) as Promise<Row>;
export const todo = async (who: Person) => ((await who.sdk.call('GET', `${MATTER}/todo-page`, {})) as { records: Row[] }).records;
export const trail = (who: Person, id: unknown) => who.sdk.call('GET', `${MATTER}/trail`, { id: String(id) }) as Promise<Row[]>;
