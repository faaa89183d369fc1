import { ApiError, dept, issueIn, messageIn, role, say } from '@sso/shared-api';
import { type Selectable, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import { splitIds } from '../domain/user-accounts.js';
import { sayIn } from '../http/language.js';
import { invalidSyntax, invalidValue, notFound, ScimError } from './errors.js';
import { answerList, filtered, type ListQuery, withMeta } from './listing.js';
import { answers, equalities, equalityOn, mentions } from './narrowing.js';
import { applyPatch, parsePatchBody } from './patch.js';
import { isObject, isPlatformId, keyOf, MAX_EXTERNAL_ID } from './paths.js';
import { GROUP_SCHEMA, PLATFORM_GROUP_SCHEMA } from './schemas.js';
import {
  type AnyQuery,
  assertVersion,
  deptRepository,
  type ExternalKind,
  externalIds,
  keepExternalId,
  type ScimRequest,
  visibleDepts,
  visibleRoles,
  visibleUsers,
} from './store.js';
import { inWrite, type ScimWrite, saveRows } from './write.js';

/**
 * SCIM Groups are the tenant's departments (id `dept-<id>`) and roles (id `role-<id>`); the
 * platform extension says which (`kind`) and a department's parent. Members are users: a
 * member of a department holds it among their departments, a member of a role holds the role.
 * Membership changes are saves of those users through the user repository, so the same rules
 * apply as in the console: a role given is checked by the one check of role grants (only an
 * administrator hands out the administrator role), departments must be the tenant's, and the
 * sessions of the users follow at once. Departments are created, renamed, moved and removed
 * under the department rules (no removal while it has children or users); roles are created
 * and given their permissions in the console, so a SCIM client may rename a role and change its
 * members but neither create nor remove one.
 */

type Json = Record<string, unknown>;
type Kind = 'department' | 'role';
type UserRow = Selectable<Database['blade_user']>;

const READ_ONLY = ['id', 'meta', 'schemas'];
const KIND_PREFIX: Record<Kind, string> = { department: 'dept-', role: 'role-' };

interface GroupRow {
  kind: Kind;
  id: string;
  name: string;
  parentId?: string;
  created: Date;
  modified: Date;
}

const groupId = (kind: Kind, id: string) => `${KIND_PREFIX[kind]}${id}`;

/** A group id as kind and platform id; anything else names no group (404). */
function parseGroupId(scimId: string): { kind: Kind; id: string } {
  const match = /^(dept|role)-(\d+)$/.exec(scimId);
  if (!match || !isPlatformId(match[2] as string)) throw notFound();
  return { kind: match[1] === 'dept' ? 'department' : 'role', id: match[2] as string };
}

const deptRow = (row: Selectable<Database['blade_dept']>): GroupRow => ({
  kind: 'department',
  id: String(row.id),
  name: row.deptName,
  parentId: String(row.parentId),
  created: row.createTime,
  modified: row.updateTime,
});
const roleRow = (row: Selectable<Database['blade_role']>): GroupRow => ({
  kind: 'role',
  id: String(row.id),
  name: row.roleName,
  created: row.createTime,
  modified: row.updateTime,
});

/** Which users hold each department and role, among the users the caller may see. */
function membership(users: readonly UserRow[]) {
  const of = new Map<string, UserRow[]>();
  const add = (key: string, user: UserRow) => of.set(key, [...(of.get(key) ?? []), user]);
  for (const user of users) {
    for (const id of splitIds(user.deptId)) add(groupId('department', id), user);
    for (const id of splitIds(user.roleId)) add(groupId('role', id), user);
  }
  return of;
}

/**
 * The SCIM representation of a group. Without its members (`undefined`: not read, as a list that
 * does not answer them) it carries no version either: a version is always that of the whole group.
 */
function scimGroup(r: ScimRequest, group: GroupRow, members: readonly UserRow[] | undefined, externalId: string | undefined): Json {
  const id = groupId(group.kind, group.id);
  const resource: Json = {
    schemas: [GROUP_SCHEMA, PLATFORM_GROUP_SCHEMA],
    id,
    ...(externalId !== undefined ? { externalId } : {}),
    displayName: group.name,
    ...(members
      ? {
          members: members.map((user) => ({
            value: String(user.id),
            display: user.account,
            type: 'User',
            $ref: `${r.base}/Users/${user.id}`,
          })),
        }
      : {}),
    [PLATFORM_GROUP_SCHEMA]: {
      kind: group.kind,
      ...(group.kind === 'department'
        ? { parent: group.parentId && group.parentId !== '0' ? groupId('department', group.parentId) : '' }
        : {}),
    },
  };
  const answered = withMeta(resource, {
    resourceType: 'Group',
    created: group.created,
    lastModified: group.modified,
    location: `${r.base}/Groups/${id}`,
  });
  if (!members) delete (answered.meta as Record<string, unknown>).version;
  return answered;
}

/** A group the caller may see (its row locked when a write reads it), else 404. */
async function loadGroup(r: ScimRequest, scimId: string, lock = false): Promise<GroupRow> {
  const { kind, id } = parseGroupId(scimId);
  const narrow = (query: AnyQuery) => query.where('id', '=', id);
  const row =
    kind === 'department' ? (await visibleDepts(r, narrow, lock)).map(deptRow)[0] : (await visibleRoles(r, narrow, lock)).map(roleRow)[0];
  if (!row) throw notFound();
  return row;
}

/** Where the application's externalId of a group is kept: by the kind of the group. */
const externalKind = (kind: Kind): ExternalKind => (kind === 'department' ? 'dept' : 'role');

async function representation(r: ScimRequest, group: GroupRow): Promise<Json> {
  const [users, external] = await Promise.all([visibleUsers(r), externalIds(r, externalKind(group.kind), [group.id])]);
  return scimGroup(r, group, membership(users).get(groupId(group.kind, group.id)) ?? [], external.get(group.id));
}

export async function getGroup(r: ScimRequest, scimId: string): Promise<Json> {
  return representation(r, await loadGroup(r, scimId));
}

export async function listGroups(r: ScimRequest, query: ListQuery) {
  return answerList(await matchingGroups(r, query), query);
}

/** Every group the query's filter matches, before paging (sorting and paging follow in answerList). */
export async function matchingGroups(r: ScimRequest, query: ListQuery): Promise<Json[]> {
  const found = equalities(query.filter);
  const name = equalityOn(found, 'displayName');
  const kind = equalityOn(found, 'kind', PLATFORM_GROUP_SCHEMA.toLowerCase())?.toLowerCase();
  const id = equalityOn(found, 'id');
  const byId = id === undefined ? undefined : /^(dept|role)-(\d+)$/.exec(id);
  const wants = (which: Kind) =>
    (kind === undefined || kind === which) &&
    (id === undefined || (byId?.[1] === KIND_PREFIX[which].slice(0, -1) && isPlatformId(byId[2] as string)));
  const narrow = (column: string) => (q: AnyQuery) => {
    let narrowed = q;
    if (name !== undefined) narrowed = narrowed.where(sql<boolean>`lower(${sql.ref(column)}) = lower(${name})`);
    if (byId) narrowed = narrowed.where('id', '=', byId[2]);
    return narrowed;
  };
  // Members are read only when the answer shows them or the filter reads them: a client asking
  // for a group by name without its members does not read the tenant's users.
  const needsMembers = answers('members', query.attributes, query.excluded) || mentions(query.filter, 'members');
  const [depts, roles, users] = await Promise.all([
    wants('department') ? visibleDepts(r, narrow('deptName')) : [],
    wants('role') ? visibleRoles(r, narrow('roleName')) : [],
    needsMembers ? visibleUsers(r) : [],
  ]);
  const [deptExternal, roleExternal] = await Promise.all([externalIds(r, 'dept'), externalIds(r, 'role')]);
  const members = membership(users);
  const groups = [...depts.map(deptRow), ...roles.map(roleRow)];
  return filtered(
    groups.map((group) =>
      scimGroup(
        r,
        group,
        needsMembers ? (members.get(groupId(group.kind, group.id)) ?? []) : undefined,
        (group.kind === 'department' ? deptExternal : roleExternal).get(group.id),
      ),
    ),
    query,
  );
}

/** What a full group representation (POST, PUT, or a PATCH's result) asks for. */
interface GroupInput {
  displayName: string;
  kind?: Kind;
  /** undefined: not said; '0': the top of the tenant; otherwise a department id. */
  parentId?: string;
  /** undefined when the representation carries no members attribute. */
  memberIds?: string[];
  /** The application's own identifier of the group. */
  externalId?: string;
}

const field = (object: Json, name: string) => object[keyOf(object, name) ?? ''];

function readGroup(body: unknown): GroupInput {
  if (!isObject(body)) throw invalidSyntax('The body must be a JSON object');
  const schemas = field(body, 'schemas');
  if (!Array.isArray(schemas) || !schemas.some((s) => typeof s === 'string' && s.toLowerCase() === GROUP_SCHEMA.toLowerCase())) {
    throw invalidSyntax(`A group names the schema ${GROUP_SCHEMA}`);
  }
  const displayName = field(body, 'displayName');
  if (typeof displayName !== 'string' || !displayName.trim()) throw invalidValue('displayName is required');
  const extension = field(body, PLATFORM_GROUP_SCHEMA);
  if (extension !== undefined && !isObject(extension)) throw invalidValue(`${PLATFORM_GROUP_SCHEMA} is an object`);
  const kind = isObject(extension) ? field(extension, 'kind') : undefined;
  if (kind !== undefined && kind !== 'department' && kind !== 'role') throw invalidValue('kind is department or role');
  const parent = isObject(extension) ? field(extension, 'parent') : undefined;
  let parentId: string | undefined;
  if (parent === '' || parent === null) parentId = '0';
  else if (typeof parent === 'string') {
    const match = /^dept-(\d+)$/.exec(parent);
    if (!match || !isPlatformId(match[1] as string)) throw invalidValue('parent is the id of a department group (dept-…)');
    parentId = match[1];
  } else if (parent !== undefined) throw invalidValue('parent is a string');
  const members = field(body, 'members');
  let memberIds: string[] | undefined;
  if (members !== undefined && members !== null) {
    if (!Array.isArray(members)) throw invalidValue('members is an array');
    memberIds = members.map((member) => {
      const value = isObject(member) ? field(member, 'value') : undefined;
      if (typeof value !== 'string' || !isPlatformId(value)) throw invalidValue('Each member is { "value": "<user id>" }');
      return value;
    });
  }
  const externalId = field(body, 'externalId');
  if (externalId !== undefined && externalId !== null && (typeof externalId !== 'string' || externalId.length > MAX_EXTERNAL_ID)) {
    throw invalidValue(`externalId is a string of at most ${MAX_EXTERNAL_ID} characters`);
  }
  return {
    displayName: displayName.trim(),
    kind,
    parentId,
    memberIds: memberIds && [...new Set(memberIds)],
    externalId: typeof externalId === 'string' ? externalId : undefined,
  };
}

function parsedOrRefused<T>(result: { success: true; data: T } | { success: false; error: { issues: { message: string }[] } }): T {
  if (!result.success) throw invalidValue(result.error.issues[0] ? issueIn(result.error.issues[0], 'en') : messageIn(say('badType'), 'en'));
  return result.data;
}

export async function createGroup(r: ScimRequest, body: unknown): Promise<Json> {
  const input = readGroup(body);
  if (input.kind === 'role')
    throw new ScimError(400, 'Roles are created in the console; a SCIM client changes their members', 'mutability');
  const values = parsedOrRefused(
    dept.entity.safeParse({
      parentId: input.parentId ?? '0',
      deptName: input.displayName,
      fullName: input.displayName,
      deptCategory: 2,
      sort: 0,
    }),
  );
  return inWrite(r, async (w) => {
    w.require('dept_add');
    const memberIds = input.memberIds ?? [];
    const users = memberIds.length ? await visibleUsers(w) : [];
    assertKnownUsers(users, memberIds);
    if (memberIds.length) w.require('user_edit');
    const [saved] = await saveRows(w, 'dept', [{ values: values as Record<string, unknown> }]);
    const id = String(saved?.id);
    await saveMemberships(w, users, 'department', id, memberIds);
    await keepExternalId(w, 'dept', id, input.externalId);
    return getGroup(w, groupId('department', id));
  });
}

/**
 * Saves a full representation over an existing group (PUT, and PATCH after its operations),
 * within the write: the group's own change (a department's move is checked for cycles and depth)
 * and its members' saves stand or fall together.
 */
async function saveOver(w: ScimWrite, group: GroupRow, input: GroupInput): Promise<Json> {
  if (input.kind && input.kind !== group.kind) throw new ScimError(400, 'The kind of a group cannot change', 'mutability');
  const changes: Record<string, unknown> = {};
  if (input.displayName !== group.name) changes[group.kind === 'department' ? 'deptName' : 'roleName'] = input.displayName;
  if (group.kind === 'department' && input.parentId !== undefined && input.parentId !== group.parentId) changes.parentId = input.parentId;
  const entity = group.kind === 'department' ? dept.entity.partial() : role.entity.partial();
  const values = parsedOrRefused(entity.safeParse(changes)) as Record<string, unknown>;
  const users = input.memberIds ? await visibleUsers(w) : [];
  if (input.memberIds) assertKnownUsers(users, input.memberIds);
  if (Object.keys(changes).length) {
    w.require(group.kind === 'department' ? 'dept_edit' : 'role_edit');
    await saveRows(w, group.kind === 'department' ? 'dept' : 'role', [{ values, id: group.id }]);
  }
  if (input.memberIds) await saveMemberships(w, users, group.kind, group.id, input.memberIds);
  await keepExternalId(w, externalKind(group.kind), group.id, input.externalId);
  return getGroup(w, groupId(group.kind, group.id));
}

/** Refuses member ids that name no user the caller may see. */
function assertKnownUsers(users: readonly UserRow[], memberIds: readonly string[]): void {
  const known = new Set(users.map((user) => String(user.id)));
  const missing = memberIds.find((id) => !known.has(id));
  if (missing) throw invalidValue(`No user ${missing} among the users of this tenant`);
}

type MembershipSave = { id: string; values: Record<string, unknown> };

/**
 * The user saves that make exactly `memberIds` the members of the group, among the given users:
 * those gaining it get it added to their departments or roles, those losing it have it taken away.
 */
function membershipSaves(users: readonly UserRow[], kind: Kind, id: string, memberIds: readonly string[]): MembershipSave[] {
  const column = kind === 'department' ? 'deptId' : 'roleId';
  const wanted = new Set(memberIds);
  return users.flatMap((user) => {
    const held = splitIds(user[column]);
    const has = held.includes(id);
    if (has === wanted.has(String(user.id))) return [];
    const next = has ? held.filter((heldId) => heldId !== id) : [...held, id];
    return [{ id: String(user.id), values: { [column]: next.join(',') || null } }];
  });
}

/**
 * Makes exactly `memberIds` the members of the group, through the user rules, within the write.
 * The users whose departments or roles change are locked and read again first (in id order, so
 * that two writes lock alike), so that what another write gave them meanwhile — a second group
 * written at the same moment — is kept, not overwritten by an earlier read.
 */
async function saveMemberships(
  w: ScimWrite,
  users: readonly UserRow[],
  kind: Kind,
  id: string,
  memberIds: readonly string[],
): Promise<void> {
  const planned = membershipSaves(users, kind, id, memberIds);
  if (!planned.length) return;
  w.require('user_edit');
  const locked = await visibleUsers(
    w,
    (query) =>
      query.where(
        'id',
        'in',
        planned.map((save) => save.id),
      ),
    true,
  );
  const saves = membershipSaves(locked, kind, id, memberIds);
  if (saves.length) await saveRows(w, 'user', saves);
}

/**
 * A write over an existing group, in one transaction: its row locked, the group read again and
 * its version checked against If-Match under the lock, then `write` given the group as it is now.
 */
function writeOver<T>(
  r: ScimRequest,
  scimId: string,
  ifMatch: string | undefined,
  write: (w: ScimWrite, group: GroupRow, current: Json) => Promise<T>,
): Promise<T> {
  return inWrite(r, async (w) => {
    const group = await loadGroup(w, scimId, true);
    const current = await representation(w, group);
    assertVersion(current, ifMatch);
    return write(w, group, current);
  });
}

export function replaceGroup(r: ScimRequest, scimId: string, body: unknown, ifMatch: string | undefined): Promise<Json> {
  return writeOver(r, scimId, ifMatch, (w, group) => {
    const input = readGroup(body);
    // PUT replaces the membership: a representation without members leaves none.
    return saveOver(w, group, { ...input, memberIds: input.memberIds ?? [] });
  });
}

export function patchGroup(r: ScimRequest, scimId: string, body: unknown, ifMatch: string | undefined): Promise<Json> {
  const operations = parsePatchBody(body, READ_ONLY);
  return writeOver(r, scimId, ifMatch, (w, group, current) => {
    const input = readGroup(applyPatch(current, operations));
    return saveOver(w, group, { ...input, memberIds: input.memberIds ?? [] });
  });
}

/** DELETE removes a department under the department rules (refused while it has children or users); roles stay (console only). */
export async function deleteGroup(r: ScimRequest, scimId: string, ifMatch: string | undefined): Promise<void> {
  await writeOver(r, scimId, ifMatch, async (w, group) => {
    if (group.kind === 'role') throw new ScimError(400, 'Roles are removed in the console', 'mutability');
    w.require('dept_delete');
    try {
      await deptRepository(w).removeIn(w.trx, w.caller, w.filters.dept, [group.id], w.after);
      await keepExternalId(w, 'dept', group.id, undefined);
    } catch (error) {
      // The department rules refuse (children, users): said as the rule says it.
      throw error instanceof ApiError && error.code === 400 ? new ScimError(400, sayIn(error.saying, 'en')) : error;
    }
  });
}
