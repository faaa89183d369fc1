import type { Kysely, WhereInterface } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: the helpers serve every table, typed or not
type AnyWhere = WhereInterface<any, any>;
// biome-ignore lint/suspicious/noExplicitAny: idem
type AnyDb = Kysely<any>;

/**
 * Only live rows: not soft-deleted (`is_deleted = 0`) and, when a tenant is given, of that tenant
 * (tenant-scoped tables; leave it out for platform-wide tables such as menus). Works on selects,
 * updates and deletes through `.$call(live(tenantId))`; `table` qualifies the columns when a join
 * makes them ambiguous (`live(tenantId, 'u')`).
 */
export function live(tenantId?: string, table?: string) {
  const column = (name: string) => (table ? `${table}.${name}` : name);
  return <Q extends AnyWhere>(query: Q): Q => {
    const alive = query.where(column('isDeleted'), '=', 0) as Q;
    return tenantId === undefined ? alive : (alive.where(column('tenantId'), '=', tenantId) as Q);
  };
}

/** `select … from table` of the live rows, of the tenant when one is given (see `live`). */
export function liveRows(db: AnyDb, table: string, tenantId?: string) {
  return db.selectFrom(table).$call(live(tenantId));
}
