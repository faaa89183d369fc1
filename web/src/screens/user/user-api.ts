import type { CrudApi, Row } from '../../crud/crud-api.js';

/** Id → name of the departments and roles, from the trees the screen loads anyway. */
export type Names = { depts: ReadonlyMap<string, string>; roles: ReadonlyMap<string, string> };

/** A list query without its paging: the filters an export sends. */
export type Filters = Record<string, string | number | undefined>;

/** What the screen learns from each list call. */
export interface ListSeen {
  /** The filters of the call: what an export sends. */
  filters: Filters;
  /** The rows as the server sent them (ids, not names), e.g. a user's roles for the grant dialog. */
  rows: Row[];
}

/** The accounts locked now for failed sign-ins, with the end of the lock (yyyy-MM-dd HH:mm:ss). */
export type LockedAccounts = () => Promise<readonly { account: string; lockedUntil: string }[]>;

/**
 * The generic page's API for users, with what the screen adds: the rows show the names of their
 * comma-joined role and department ids (the server's `deptName` / `roleName`, else the trees'
 * titles), a locked account carries `lockedUntil` (when the caller may unlock, `locked` is given),
 * and each call's filters and raw rows are handed to `seen`.
 */
export function userApi(base: CrudApi, names: Names, seen: (list: ListSeen) => void, locked?: LockedAccounts): CrudApi {
  return {
    ...base,
    async list(query) {
      const { current: _current, size: _size, ...filters } = query;
      // A list whose locks cannot be read still lists (the marks are extra, the failure already toasted).
      const [answer, locks] = await Promise.all([base.list(query), locked ? locked().catch(() => []) : []]);
      seen({ filters, rows: answer.rows });
      // Locks are kept by the lower-cased account, as sign-in compares accounts.
      const until = new Map(locks.map((lock) => [lock.account, lock.lockedUntil]));
      return {
        ...answer,
        rows: answer.rows.map((row) => {
          const lockedUntil = until.get(String(row.account ?? '').toLowerCase());
          return { ...withNames(row, names.depts, names.roles), ...(lockedUntil ? { lockedUntil } : {}) };
        }),
      };
    },
  };
}

function withNames(row: Row, depts: ReadonlyMap<string, string>, roles: ReadonlyMap<string, string>): Row {
  const named = (answered: unknown) => (typeof answered === 'string' && answered ? answered : undefined);
  return {
    ...row,
    deptId: named(row.deptName) ?? namesOf(row.deptId, depts),
    roleId: named(row.roleName) ?? namesOf(row.roleId, roles),
  };
}

/** "1,2" → "研发部,销售部"; an id without a known name stays as it is. */
export function namesOf(ids: unknown, names: ReadonlyMap<string, string>): unknown {
  if (typeof ids !== 'string' || !ids) return ids;
  return ids
    .split(',')
    .map((id) => names.get(id) ?? id)
    .join(',');
}

/** Every node of a server tree (`{ id, title, children }`) as id → title. */
export function namesOfTree(nodes: readonly { id: string; title: string; children?: unknown[] }[]): Map<string, string> {
  const names = new Map<string, string>();
  const walk = (list: readonly { id: string; title: string; children?: unknown[] }[]) => {
    for (const node of list) {
      names.set(node.id, node.title);
      if (node.children?.length) walk(node.children as typeof list);
    }
  };
  walk(nodes);
  return names;
}
