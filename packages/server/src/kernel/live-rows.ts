import type { Kysely, WhereInterface } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: the helpers serve every table, typed or not
type AnyWhere = WhereInterface<any, any>;
/** Any select, update or delete of a typed or untyped database (their `where` is generic per table). */
// biome-ignore lint/suspicious/noExplicitAny: idem
type Narrowable = { where(...args: any[]): unknown };
// biome-ignore lint/suspicious/noExplicitAny: idem
type AnyDb = Kysely<any>;

/**
 * Only live rows: not soft-deleted (`is_deleted = 0`) and, given a tenant, of that tenant; `null`
 * (or no argument) for platform-wide tables such as menus, so that a tenant left undefined by
 * mistake fails the type-check instead of widening the query to every tenant. Works on selects,
 * updates and deletes through `.$call(live(tenantId))`; `table` qualifies the columns when a join
 * makes them ambiguous (`live(tenantId, 'u')`).
 */
export function live(): <Q extends Narrowable>(query: Q) => Q;
export function live(tenantId: string | null, table?: string): <Q extends Narrowable>(query: Q) => Q;
export function live(tenantId: string | null = null, table?: string) {
  const column = (name: string) => (table ? `${table}.${name}` : name);
  return <Q extends Narrowable>(query: Q): Q => {
    const alive = (query as unknown as AnyWhere).where(column('isDeleted'), '=', 0);
    return (tenantId === null ? alive : alive.where(column('tenantId'), '=', tenantId)) as unknown as Q;
  };
}

/** `select … from table` of the live rows of the tenant, or of every tenant with `null` (see `live`). */
export function liveRows(db: AnyDb, table: string, tenantId: string | null) {
  return db.selectFrom(table).$call(live(tenantId));
}
