import type { ResourceDef } from '@sso/shared-api';
import type { Db } from '../db/database.js';
import type { Caller } from '../kernel/caller.js';
import { live } from '../kernel/live-rows.js';
import { toCamel } from '../kernel/rows.js';

const DATA = 1;
const API = 2;
const COMMON = ['createUser', 'createDept', 'updateUser', 'id', 'tenantId', 'status'];

interface ApiScopeRow {
  id: string;
  pattern: RegExp;
}
interface DataScopeRow {
  id: string;
  resourceCode: string;
  scopeColumn: string | null;
  scopeType: number;
  scopeValue: string | null;
}

/** `/api/blade-user/**` style paths: `**` any rest, `*` one segment; `/api` may be left out. */
export function pathPattern(path: string): RegExp {
  const full = path.startsWith('/api/') ? path : `/api${path.startsWith('/') ? '' : '/'}${path}`;
  const body = full
    .split(/(\*\*|\*)/)
    .map((part) => (part === '**' ? '.*' : part === '*' ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${body}$`);
}

/**
 * API scopes narrow what a role may call, data scopes which rows it sees. A path
 * covered by some API scope may be called only by roles granted one covering it; a resource with
 * data scopes granted to the caller's roles shows only the rows one of them allows (all, own,
 * own department, department and children, listed departments). Administrators are not narrowed.
 */
export class Scopes {
  private loadedAt = 0;
  private api: ApiScopeRow[] = [];
  private data: DataScopeRow[] = [];
  private grants = new Map<string, Set<string>>();
  private apiByPath = new Map<string, string[]>();

  constructor(
    private readonly db: Db,
    private readonly ttlMs: number,
  ) {}

  clear(): void {
    this.loadedAt = 0;
  }

  private get fresh(): boolean {
    return Date.now() - this.loadedAt < this.ttlMs;
  }

  private async load(): Promise<void> {
    if (this.fresh) return;
    const [api, data, grants] = await Promise.all([
      this.db.selectFrom('blade_scope_api').select(['id', 'scopePath']).$call(live()).execute(),
      this.db
        .selectFrom('blade_scope_data')
        .select(['id', 'resourceCode', 'scopeColumn', 'scopeType', 'scopeValue'])
        .$call(live())
        .execute(),
      this.db.selectFrom('blade_role_scope').select(['roleId', 'scopeId', 'scopeCategory']).execute(),
    ]);
    this.api = api.map((row) => ({ id: row.id, pattern: pathPattern(row.scopePath) }));
    this.data = data;
    this.grants = new Map();
    for (const grant of grants) {
      const key = `${grant.scopeCategory}|${grant.roleId}`;
      if (!this.grants.has(key)) this.grants.set(key, new Set());
      this.grants.get(key)?.add(grant.scopeId);
    }
    this.apiByPath.clear();
    this.loadedAt = Date.now();
  }

  private granted(category: number, caller: Caller, scopeId: string): boolean {
    return caller.roleIds.some((role) => this.grants.get(`${category}|${role}`)?.has(scopeId));
  }

  /** Without any await when nothing is known to need a query: undefined means "ask allowsApi". */
  knownAllowsApi(caller: Caller, path: string): boolean | undefined {
    if (!this.fresh) return undefined;
    return this.decideApi(caller, path);
  }

  async allowsApi(caller: Caller, path: string): Promise<boolean> {
    await this.load();
    return this.decideApi(caller, path);
  }

  private decideApi(caller: Caller, path: string): boolean {
    if (caller.isAdministrator || !this.api.length) return true;
    let covering = this.apiByPath.get(path);
    if (!covering) {
      covering = this.api.filter((row) => row.pattern.test(path)).map((row) => row.id);
      this.apiByPath.set(path, covering);
    }
    return !covering.length || covering.some((id) => this.granted(API, caller, id));
  }

  /** Whether data scopes narrow this caller's rows of a resource; undefined when not known without a query. */
  knownNarrows(caller: Caller, def: ResourceDef): boolean | undefined {
    if (caller.isAdministrator || !def.tenantScoped) return false;
    if (!this.fresh) return undefined;
    return this.data.some((row) => row.resourceCode === def.permission && this.granted(DATA, caller, row.id));
  }

  async narrows(caller: Caller, def: ResourceDef): Promise<boolean> {
    const known = this.knownNarrows(caller, def);
    if (known !== undefined) return known;
    await this.load();
    return this.knownNarrows(caller, def) ?? true;
  }

  /** The departments whose rows a caller may see for a resource, or undefined for no narrowing. */
  async dataFilter(caller: Caller, def: ResourceDef): Promise<DataFilter | undefined> {
    if (caller.isAdministrator || !def.tenantScoped) return undefined;
    await this.load();
    const columns = new Set([...Object.keys(def.entity.shape), ...COMMON]);
    const mine = this.data.filter((row) => row.resourceCode === def.permission && this.granted(DATA, caller, row.id));
    if (!mine.length) return undefined;
    const clauses: DataFilter = [];
    for (const scope of mine) {
      const type = scope.scopeType;
      if (type === 1) return undefined; // all rows
      const column = toCamel(scope.scopeColumn || (type === 2 ? 'create_user' : 'create_dept'));
      if (!columns.has(column)) continue; // a scope naming an unknown column grants nothing
      if (type === 2) clauses.push({ column, values: [caller.user_id] });
      else if (type === 3) clauses.push({ column, values: caller.deptIds });
      else if (type === 4) clauses.push({ column, values: await this.withDescendants(caller.tenant_id, caller.deptIds) });
      else if (type === 5) clauses.push({ column, values: (scope.scopeValue ?? '').split(',').filter((v) => /^\d+$/.test(v)) });
    }
    return clauses;
  }

  private async withDescendants(tenantId: string, deptIds: string[]): Promise<string[]> {
    if (!deptIds.length) return [];
    const rows = await this.db.selectFrom('blade_dept').select(['id', 'ancestors']).$call(live(tenantId)).execute();
    const roots = new Set(deptIds);
    return rows.filter((row) => roots.has(row.id) || row.ancestors.split(',').some((a) => roots.has(a))).map((row) => row.id);
  }
}

/** Rows visible when ANY clause matches: `column` holds one of `values` (or, for comma-joined columns, contains one). */
export type DataFilter = { column: string; values: string[] }[];
