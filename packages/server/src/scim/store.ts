import type { Kysely, Selectable, SelectQueryBuilder } from 'kysely';
import type { DataFilter } from '../auth/scopes.js';
import type { AppContext } from '../context.js';
import type { Database } from '../db/schema.js';
import { Repository } from '../engine/repository.js';
import type { Caller } from '../kernel/caller.js';
import { live } from '../kernel/live-rows.js';
import { deptResource } from '../resources/dept/index.js';
import { roleResource } from '../resources/role/index.js';
import { userResource } from '../resources/user/index.js';
import { ScimError } from './errors.js';

// biome-ignore lint/suspicious/noExplicitAny: the repository's queries address tables by name
export type AnyQuery = SelectQueryBuilder<any, any, any>;
// biome-ignore lint/suspicious/noExplicitAny: idem
export type AnyDb = Kysely<any>;

/** The caller's data scopes over users, departments and roles, worked out once per request. */
export interface ScimFilters {
  user: DataFilter | undefined;
  dept: DataFilter | undefined;
  role: DataFilter | undefined;
}

/**
 * One SCIM request: the server's context, the caller its reads and writes act as, and the base
 * address of /scim/v2. `db` is what its reads go through: the database, or the transaction of a
 * write (so that a write reads what it changes under the locks it holds).
 */
export interface ScimRequest {
  ctx: AppContext;
  caller: Caller;
  base: string;
  /** The consuming application whose token the request carries. */
  appId: string;
  db: AnyDb;
  filters: ScimFilters;
}

/** The data scopes of a caller over the three resources SCIM serves (before any transaction opens). */
export async function scimFilters(ctx: AppContext, caller: Caller): Promise<ScimFilters> {
  const [user, dept, role] = await Promise.all([
    new Repository(ctx, userResource).writeFilter(caller),
    new Repository(ctx, deptResource).writeFilter(caller),
    new Repository(ctx, roleResource).writeFilter(caller),
  ]);
  return { user, dept, role };
}

export const userRepository = (r: ScimRequest) => new Repository(r.ctx, userResource);
export const deptRepository = (r: ScimRequest) => new Repository(r.ctx, deptResource);
export const roleRepository = (r: ScimRequest) => new Repository(r.ctx, roleResource);

/** Rows of a resource the caller may see (tenant, live rows, data scope), in id order; `lock` locks them for the write. */
async function visibleRows<T>(
  repository: Repository,
  r: ScimRequest,
  filter: DataFilter | undefined,
  narrow?: (query: AnyQuery) => AnyQuery,
  lock = false,
): Promise<T[]> {
  let query = repository.visibleIn(r.db, r.caller, filter);
  if (narrow) query = narrow(query);
  const ordered = query.selectAll().orderBy('id');
  return (await (lock ? ordered.forUpdate() : ordered).execute()) as T[];
}

type Narrow = (query: AnyQuery) => AnyQuery;

export const visibleUsers = (r: ScimRequest, narrow?: Narrow, lock = false) =>
  visibleRows<Selectable<Database['blade_user']>>(userRepository(r), r, r.filters.user, narrow, lock);
export const visibleDepts = (r: ScimRequest, narrow?: Narrow, lock = false) =>
  visibleRows<Selectable<Database['blade_dept']>>(deptRepository(r), r, r.filters.dept, narrow, lock);
export const visibleRoles = (r: ScimRequest, narrow?: Narrow, lock = false) =>
  visibleRows<Selectable<Database['blade_role']>>(roleRepository(r), r, r.filters.role, narrow, lock);

/** Names of the tenant's departments and roles by id, as users' `groups` show them. */
export interface GroupNames {
  depts: Map<string, string>;
  roles: Map<string, string>;
}

export async function groupNames(r: ScimRequest): Promise<GroupNames> {
  const tenant = r.caller.tenant_id;
  const [depts, roles] = await Promise.all([
    r.db.selectFrom('blade_dept').select(['id', 'deptName']).$call(live(tenant)).execute(),
    r.db.selectFrom('blade_role').select(['id', 'roleName']).$call(live(tenant)).execute(),
  ]);
  return {
    depts: new Map(depts.map((d) => [String(d.id), d.deptName])),
    roles: new Map(roles.map((role) => [String(role.id), role.roleName])),
  };
}

const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/**
 * If-Match (RFC 7644 §3.14): a write naming versions none of which is the current one is refused
 * with 412, so that a client never overwrites a change it has not seen. `*` matches any version.
 */
export function assertVersion(resource: Record<string, unknown>, ifMatch: string | undefined): void {
  if (ifMatch === undefined || ifMatch.trim() === '*') return;
  const current = opaque(String((resource.meta as { version: string }).version));
  if (!ifMatch.split(',').some((tag) => opaque(tag) === current)) {
    throw new ScimError(412, 'The resource changed since that version was read (If-Match)');
  }
}

/** What a provisioning client's own identifiers are kept for. */
export type ExternalKind = 'user' | 'dept' | 'role';

/** The application's `externalId`s of one kind, by local id (narrowed to some local ids when given). */
export async function externalIds(r: ScimRequest, kind: ExternalKind, localIds?: readonly string[]): Promise<Map<string, string>> {
  if (localIds && !localIds.length) return new Map();
  let query = r.db
    .selectFrom('blade_scim_external')
    .select(['localId', 'externalId'])
    .where('appId', '=', r.appId)
    .where('kind', '=', kind);
  if (localIds) query = query.where('localId', 'in', [...localIds]);
  const rows = await query.execute();
  return new Map(rows.map((row) => [String(row.localId), row.externalId]));
}

/** Keeps (or, with undefined, forgets) the application's `externalId` of a user or group. */
export async function keepExternalId(r: ScimRequest, kind: ExternalKind, localId: string, externalId: string | undefined): Promise<void> {
  const key = { appId: r.appId, kind, localId };
  if (externalId === undefined) {
    await r.db
      .deleteFrom('blade_scim_external')
      .where('appId', '=', r.appId)
      .where('kind', '=', kind)
      .where('localId', '=', localId)
      .execute();
    return;
  }
  await r.db
    .insertInto('blade_scim_external')
    .values({ ...key, externalId })
    .onConflict((oc) => oc.columns(['appId', 'kind', 'localId']).doUpdateSet({ externalId }))
    .execute();
}
