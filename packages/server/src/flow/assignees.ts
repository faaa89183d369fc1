import { assigneeUnresolved, badRequest } from '@sso/shared-api';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { UserTaskSpec } from '../db/schema-workflow.js';
import { live } from '../kernel/live-rows.js';
import { evaluateTemplate, type Variables } from './expressions.js';

/** Who may claim a task nobody holds yet. */
export interface Candidate {
  kind: 'user' | 'role' | 'dept';
  refId: string;
}

export interface TaskPeople {
  /** The user who holds the task from the start, or null when candidates claim it. */
  assignee: string | null;
  candidates: Candidate[];
}

const ID = /^[1-9]\d{0,18}$/;
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value).trim());

/**
 * Resolves a user task's people through the platform's users, roles and departments of the
 * instance's tenant, after evaluating the expressions over the instance's variables:
 *
 * - assignee: a user id or an account (`${applyUser}`, `${taskUser}`, `admin`), or
 *   `leader:<deptId>` — that department's leader (`leader:${applyUserDept}`: the applicant's own);
 *   it must name a live user of the tenant, or the step is refused (a task nobody can do is not
 *   created);
 * - candidate users: user ids or accounts, comma-joined;
 * - candidate groups: `role:<alias>` or a bare alias (`hr`) — the members of that role — and
 *   `dept:<id>` — the members of that department.
 *
 * Candidate roles and departments are kept as such (not expanded to users), so that someone given
 * the role later sees the task too.
 */
export async function resolvePeople(db: Db, tenantId: string, spec: UserTaskSpec, variables: Variables): Promise<TaskPeople> {
  if (spec.assignee) {
    const who = text(evaluateTemplate(spec.assignee, variables));
    const [user] = who.startsWith('leader:')
      ? await leaderOf(db, tenantId, who.slice(7).trim())
      : await usersByRef(db, tenantId, who ? [who] : []);
    if (!user) throw badRequest(assigneeUnresolved(`${spec.name}: ${spec.assignee}${who ? ` = ${who}` : ''}`));
    return { assignee: user, candidates: [] };
  }
  const candidates: Candidate[] = [];
  const userRefs = spec.candidateUsers.flatMap((ref) => text(evaluateTemplate(ref, variables)).split(',')).map((s) => s.trim());
  for (const id of await usersByRef(db, tenantId, userRefs.filter(Boolean))) candidates.push({ kind: 'user', refId: id });
  const aliases: string[] = [];
  const deptIds: string[] = [];
  for (const group of spec.candidateGroups.flatMap((ref) => text(evaluateTemplate(ref, variables)).split(','))) {
    const name = group.trim();
    if (!name) continue;
    if (name.startsWith('dept:')) deptIds.push(name.slice(5).trim());
    else aliases.push(name.startsWith('role:') ? name.slice(5).trim() : name);
  }
  if (aliases.length) {
    const roles = await db.selectFrom('blade_role').select('id').where('roleAlias', 'in', aliases).$call(live(tenantId)).execute();
    for (const role of roles) candidates.push({ kind: 'role', refId: role.id });
  }
  const validDepts = deptIds.filter((id) => ID.test(id));
  if (validDepts.length) {
    const depts = await db.selectFrom('blade_dept').select('id').where('id', 'in', validDepts).$call(live(tenantId)).execute();
    for (const dept of depts) candidates.push({ kind: 'dept', refId: dept.id });
  }
  if (!candidates.length) {
    const named = [...spec.candidateUsers, ...spec.candidateGroups].join(',') || '—';
    throw badRequest(assigneeUnresolved(`${spec.name}: ${named}`));
  }
  return { assignee: null, candidates };
}

/**
 * The leader of a department of the tenant: its own when it names a live user, else that of the
 * nearest department above it that does (a team without a named head goes to its parent's), as
 * a one-element list; empty when no department up to the root has one.
 */
async function leaderOf(db: Db, tenantId: string, deptId: string): Promise<string[]> {
  if (!ID.test(deptId)) return [];
  const dept = await db.selectFrom('blade_dept').select('ancestors').where('id', '=', deptId).$call(live(tenantId)).executeTakeFirst();
  if (!dept) return [];
  const chain = [
    deptId,
    ...dept.ancestors
      .split(',')
      .filter((id) => ID.test(id))
      .reverse(),
  ];
  const rows = await db
    .selectFrom('blade_dept')
    .innerJoin('blade_user', 'blade_user.id', 'blade_dept.leaderId')
    .select(['blade_dept.id as deptId', 'blade_user.id as userId'])
    .where('blade_dept.id', 'in', chain)
    .$call(live(tenantId, 'blade_dept'))
    .$call(live(tenantId, 'blade_user'))
    .execute();
  for (const id of chain) {
    const found = rows.find((row) => row.deptId === id);
    if (found) return [found.userId];
  }
  return [];
}

/** Live users of the tenant named by id or by account, in the order given, each once. */
async function usersByRef(db: Db, tenantId: string, refs: string[]): Promise<string[]> {
  if (!refs.length) return [];
  const ids = refs.filter((r) => ID.test(r));
  const rows = await db
    .selectFrom('blade_user')
    .select(['id', 'account'])
    .where((eb) => eb.or([...(ids.length ? [eb('id', 'in', ids)] : []), eb('account', 'in', refs)]))
    .$call(live(tenantId))
    .execute();
  const found: string[] = [];
  for (const ref of refs) {
    const row = rows.find((r) => r.id === ref || r.account === ref);
    if (row && !found.includes(row.id)) found.push(row.id);
  }
  return found;
}

/** The users who may claim a task: its candidate users and the members of its roles and departments. */
export async function candidateUsers(db: Db, tenantId: string, candidates: Candidate[]): Promise<string[]> {
  const users = candidates.filter((c) => c.kind === 'user').map((c) => c.refId);
  const roles = candidates.filter((c) => c.kind === 'role').map((c) => c.refId);
  const depts = candidates.filter((c) => c.kind === 'dept').map((c) => c.refId);
  const members = (column: 'roleId' | 'deptId', ids: string[]) =>
    ids.length
      ? db
          .selectFrom('blade_user')
          .select('id')
          .where((eb) => eb.or(ids.map((id) => eb(sql`',' || ${sql.ref(column)} || ','`, 'like', `%,${id},%`))))
          .$call(live(tenantId))
          .execute()
      : Promise.resolve([]);
  const [byRole, byDept] = await Promise.all([members('roleId', roles), members('deptId', depts)]);
  return [...new Set([...users, ...byRole.map((r) => r.id), ...byDept.map((r) => r.id)])];
}
