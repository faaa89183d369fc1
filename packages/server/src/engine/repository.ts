import { ApiError, badRequest, DEFAULT_TENANT_ID, forbidden, type Page, type ResourceDef, say } from '@sso/shared-api';
import { type Kysely, type SelectQueryBuilder, sql, type Transaction } from 'kysely';
import type { DataFilter } from '../auth/scopes.js';
import type { AppContext } from '../context.js';
import type { Caller } from '../kernel/caller.js';
import { live } from '../kernel/live-rows.js';
import { parseDateFilter, toApiRow } from '../kernel/rows.js';
import { bigTotalsOf } from './big-totals.js';
import { removeEvent, saveEvent } from './change-events.js';
import { assertReferences } from './references.js';
import { stamps, updateStamps } from './stamps.js';
import type { ListRequest, ResourceRepository, ResourceRules, RowChange, ServerResource } from './types.js';

// biome-ignore lint/suspicious/noExplicitAny: the generic layer addresses tables by name
type AnyDb = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: idem
type AnyQuery = SelectQueryBuilder<any, any, any>;
export type Row = Record<string, unknown>;

/** What must follow a transaction's commit (caches dropped, sessions following accounts), in order. */
export type AfterCommit = (() => Promise<void>)[];

/** Runs what follows a commit, in order. */
export async function runAfterCommit(after: AfterCommit): Promise<void> {
  for (const step of after) await step();
}

const GRANT_TABLES = new Set(['blade_menu', 'blade_scope_data', 'blade_scope_api', 'blade_tenant', 'blade_tenant_package', 'blade_role']);

/** Totals at least this big are cached; smaller ones are cheap to count afresh. */
const BIG_COUNT = 10_000;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The one repository behind every registry resource: tenant scoping, soft delete, audit
 * columns, filters, paging and sorting. A resource's own rules come bound with its definition.
 */
export class Repository implements ResourceRepository {
  readonly def: ResourceDef;
  private readonly rules: ResourceRules;

  constructor(
    private readonly ctx: AppContext,
    resource: ServerResource,
  ) {
    this.def = resource.def;
    this.rules = resource.rules;
  }

  private get db(): AnyDb {
    return this.ctx.db as unknown as AnyDb;
  }

  /** The primary key column: `id`, or the resource's natural key (region's `code`). */
  get key(): string {
    return this.def.keyField;
  }

  /** Live rows this caller may see. */
  scoped(db: AnyDb, caller: Caller): AnyQuery {
    let query = db.selectFrom(this.def.table);
    if (this.def.commonColumns) query = query.$call(live());
    if (this.def.tenantScoped) query = query.where('tenantId', '=', caller.tenant_id);
    return query;
  }

  /** Live rows this caller may see, narrowed by the data scopes of their roles. */
  async visible(db: AnyDb, caller: Caller): Promise<AnyQuery> {
    return this.narrowed(db, caller, await this.ctx.scopes.dataFilter(caller, this.def));
  }

  /**
   * The scoped query narrowed by a data filter worked out beforehand: inside a transaction no
   * other query may run (PGlite has one connection), so writes compute the filter first.
   */
  private narrowed(db: AnyDb, caller: Caller, filter: DataFilter | undefined): AnyQuery {
    const query = this.scoped(db, caller);
    if (!filter) return query;
    // Columns such as a user's dept_id hold comma-joined ids: match any element.
    const matches = filter.flatMap(({ column, values }) => values.map((value) => ({ column, value })));
    if (!matches.length) return query.where(sql<boolean>`false`);
    return query.where((eb) =>
      eb.or(matches.map(({ column, value }) => eb(sql`',' || ${sql.ref(column)}::text || ','`, 'like', `%,${value},%`))),
    );
  }

  async list(caller: Caller, request: ListRequest, extra?: (q: AnyQuery) => AnyQuery): Promise<Page<Row>> {
    let query = await this.visible(this.db, caller);
    for (const filter of request.filters) {
      if (filter.op === 'custom') {
        const apply = this.rules.listFilter;
        if (!apply) throw new Error(`No listFilter rule for the custom filter ${filter.column} of ${this.def.table}`);
        query = apply({ caller, query, column: filter.column, value: filter.value });
        continue;
      }
      query =
        filter.op === 'like'
          ? query.where(sql`${sql.ref(filter.column)}::text`, 'ilike', `%${escapeLike(String(filter.value))}%`)
          : query.where(filter.column, '=', filter.value);
    }
    if (request.createdAfter) query = query.where('createTime', '>', parseDateFilter(request.createdAfter));
    if (request.createdBefore) query = query.where('createTime', '<', parseDateFilter(request.createdBefore));
    if (extra) query = extra(query);
    const total = await this.count(query);
    let page = query.selectAll();
    for (const sort of request.sorts) page = page.orderBy(sort.column, sort.desc ? 'desc' : 'asc');
    const rows = await page
      .limit(request.size)
      .offset((request.current - 1) * request.size)
      .execute();
    const count = total;
    return {
      records: await Promise.all(rows.map((r) => this.presented(toApiRow(r as Row, this.def.hidden)))),
      total: count,
      size: request.size,
      current: request.current,
      pages: Math.ceil(count / request.size),
    };
  }

  /**
   * Counting a large result set costs a scan on every page turn, so big totals are remembered
   * (per exact query) until the table changes here or the cache entry ages out. Once dropped, a
   * big total is recounted by one request while the others answer the last known figure.
   */
  private async count(query: AnyQuery): Promise<number> {
    const counting = query.select(sql<string>`count(*)`.as('total'));
    const compiled = counting.compile();
    const key = `count|${compiled.sql}|${JSON.stringify(compiled.parameters)}`;
    const remembered = this.ctx.cache.peek<number>(this.def.table, key);
    if (remembered !== undefined) return remembered;
    const totals = bigTotalsOf(this.ctx);
    const recount = () =>
      totals.once(key, async () => {
        const { total } = (await counting.executeTakeFirstOrThrow()) as { total: string };
        const count = Number(total);
        const big = count >= BIG_COUNT;
        if (big) await this.ctx.cache.get(this.def.table, key, async () => count);
        totals.remember(key, count, big);
        return count;
      });
    const last = totals.last(key);
    if (last === undefined) return recount();
    // A failed background recount leaves the last figure in place; the next request tries again.
    recount().catch(() => undefined);
    return last;
  }

  async detail(caller: Caller, id: string): Promise<Row | undefined> {
    const row = await (await this.visible(this.db, caller)).selectAll().where(this.key, '=', id).executeTakeFirst();
    return row ? this.presented(toApiRow(row as Row, this.def.hidden)) : undefined;
  }

  /** What the resource's rules make of a row before it is answered. */
  private presented(row: Row): Promise<Row> {
    const present = this.rules.present;
    return present ? present(this.ctx, row) : Promise.resolve(row);
  }

  /** Insert (no id) or update (id) in one transaction, after the rules and unique checks. */
  async save(caller: Caller, values: Row, id?: string): Promise<Row> {
    const [saved] = await this.saveAll(caller, [{ values, id }]);
    return saved as Row;
  }

  /**
   * The data filter of a caller's writes, worked out before a transaction opens: inside one no
   * other query may run (PGlite has one connection), so a unit of work asks for it first.
   */
  writeFilter(caller: Caller): Promise<DataFilter | undefined> {
    return this.ctx.scopes.dataFilter(caller, this.def);
  }

  /** Live rows this caller may see, read through a transaction with a filter worked out before it. */
  visibleIn(db: AnyDb, caller: Caller, filter: DataFilter | undefined): AnyQuery {
    return this.narrowed(db, caller, filter);
  }

  /**
   * Several saves in one transaction, in order: all or none (an import). `failed` turns the
   * message of the entry that was refused into the caller's (an import names the sheet row).
   */
  async saveAll(
    caller: Caller,
    entries: { values: Row; id?: string }[],
    failed: (index: number, error: ApiError) => ApiError = (_, error) => error,
  ): Promise<Row[]> {
    const filter = await this.writeFilter(caller);
    const after: AfterCommit = [];
    const saved = await this.db.transaction().execute((trx) => this.saveAllIn(trx, caller, filter, entries, after, failed));
    await runAfterCommit(after);
    return saved;
  }

  /**
   * saveAll inside a transaction the caller holds (several writes that stand or fall together):
   * what follows a commit (caches dropped, `afterSave`) is added to `after`, for the caller to
   * run once its transaction has committed.
   */
  async saveAllIn(
    trx: Transaction<unknown>,
    caller: Caller,
    filter: DataFilter | undefined,
    entries: { values: Row; id?: string }[],
    after: AfterCommit,
    failed: (index: number, error: ApiError) => ApiError = (_, error) => error,
  ): Promise<Row[]> {
    this.assertMayWrite(caller);
    const rows: Row[] = [];
    for (const [index, { values, id }] of entries.entries()) {
      try {
        rows.push(await this.saveIn(trx, caller, filter, values, id));
      } catch (error) {
        throw error instanceof ApiError ? failed(index, error) : error;
      }
    }
    after.push(async () => {
      this.changed();
      await this.rules.afterSave?.({ ctx: this.ctx, rows });
    });
    return rows;
  }

  private async saveIn(trx: Transaction<unknown>, caller: Caller, filter: DataFilter | undefined, values: Row, id?: string): Promise<Row> {
    const db = trx as unknown as AnyDb;
    const existing = id
      ? await this.narrowed(db, caller, filter).selectAll().where(this.key, '=', id).forUpdate().executeTakeFirst()
      : undefined;
    if (id && !existing) throw badRequest(say('recordMissing'));
    await assertReferences(db, this.def, caller.tenant_id, values);
    const outcome = await this.rules.beforeSave?.({
      ctx: this.ctx,
      caller,
      def: this.def,
      values,
      existing: existing as Row | undefined,
      trx,
    });
    await this.assertUnique(trx, caller, { ...(existing as Row | undefined), ...values }, id);
    const now = new Date();
    const audit = this.def.commonColumns ? updateStamps(caller, now) : {};
    let saved: Row;
    if (id) {
      saved = await db
        .updateTable(this.def.table)
        .set({ ...values, ...audit })
        .where(this.key, '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    } else if (!this.def.commonColumns) {
      saved = await db.insertInto(this.def.table).values(values).returningAll().executeTakeFirstOrThrow();
    } else {
      saved = await db
        .insertInto(this.def.table)
        .values({
          ...values,
          ...stamps(caller, now),
          id: this.ctx.ids.next(),
          // A platform-wide row belongs to the platform unless a rule chose its tenant (a new tenant's own row).
          tenantId: this.def.tenantScoped ? caller.tenant_id : ((values.tenantId as string | undefined) ?? DEFAULT_TENANT_ID),
          createDept: caller.deptIds[0] || null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    const answer = toApiRow(saved, this.def.hidden);
    // In the save's transaction: the event is committed with the change, before the answer.
    if (this.def.securityAudit) await this.ctx.audit.write(trx, saveEvent(this.def, caller, values, answer, existing as Row | undefined));
    return { ...answer, ...outcome?.reveal };
  }

  /** Soft delete; every id must name a live row the caller may see, or nothing changes. */
  async remove(caller: Caller, ids: string[]): Promise<void> {
    const filter = await this.writeFilter(caller);
    const after: AfterCommit = [];
    await this.db.transaction().execute((trx) => this.removeIn(trx, caller, filter, ids, after));
    await runAfterCommit(after);
  }

  /** remove inside a transaction the caller holds; what follows the commit goes to `after` (see saveAllIn). */
  async removeIn(
    trx: Transaction<unknown>,
    caller: Caller,
    filter: DataFilter | undefined,
    ids: string[],
    after: AfterCommit,
  ): Promise<void> {
    this.assertMayWrite(caller);
    const db = trx as unknown as AnyDb;
    const rows = (await this.narrowed(db, caller, filter).selectAll().where(this.key, 'in', ids).forUpdate().execute()) as Row[];
    if (rows.length !== ids.length) throw badRequest(say('recordMissing'));
    await this.rules.beforeRemove?.({ ctx: this.ctx, caller, def: this.def, rows, trx: db });
    // Without an is_deleted column a removal is for good.
    if (!this.def.commonColumns) await db.deleteFrom(this.def.table).where(this.key, 'in', ids).execute();
    else
      await db
        .updateTable(this.def.table)
        .set({ isDeleted: 1, ...updateStamps(caller) })
        .where('id', 'in', ids)
        .execute();
    if (this.def.securityAudit) await this.ctx.audit.write(trx, removeEvent(this.def, caller, rows));
    after.push(async () => {
      this.changed();
      await this.rules.afterRemove?.({ ctx: this.ctx, rows });
    });
  }

  /** An extra's change of some columns of existing rows: locked, checked, stamped, audited, then the caches dropped. */
  async change(caller: Caller, ids: readonly string[], change: RowChange): Promise<Row[]> {
    const filter = await this.writeFilter(caller);
    const after: AfterCommit = [];
    const changed = await this.db.transaction().execute((trx) => this.changeIn(trx, caller, filter, ids, change, after));
    await runAfterCommit(after);
    return changed;
  }

  /** change inside a transaction the caller holds; what follows the commit goes to `after` (see saveAllIn). */
  async changeIn(
    trx: Transaction<unknown>,
    caller: Caller,
    filter: DataFilter | undefined,
    ids: readonly string[],
    change: RowChange,
    after: AfterCommit,
  ): Promise<Row[]> {
    this.assertMayWrite(caller);
    const db = trx as unknown as AnyDb;
    const unique = [...new Set(ids)];
    const rows = (await this.narrowed(db, caller, filter).selectAll().where(this.key, 'in', unique).forUpdate().execute()) as Row[];
    if (rows.length !== unique.length) throw badRequest(say('recordMissing'));
    change.check?.(rows);
    const audit = this.def.commonColumns ? updateStamps(caller) : {};
    const update = (values: Row, keys: unknown[]) =>
      db
        .updateTable(this.def.table)
        .set({ ...values, ...audit })
        .where(this.key, 'in', keys)
        .returningAll()
        .execute();
    // One statement when every row gets the same columns, one per row otherwise.
    const set = change.set;
    const updated = (
      typeof set === 'function'
        ? (await Promise.all(rows.map((row) => update(set(row), [row[this.key]])))).flat()
        : await update(set, unique)
    ) as Row[];
    const byKey = new Map(rows.map((row) => [String(row[this.key]), row]));
    const saved = updated.map((row) => toApiRow(row, this.def.hidden));
    if (!change.event && this.def.securityAudit) {
      for (const row of saved) {
        const before = byKey.get(String(row[this.key])) as Row;
        const values = typeof set === 'function' ? set(before) : set;
        await this.ctx.audit.write(trx, saveEvent(this.def, caller, values, row, toApiRow(before, this.def.hidden)));
      }
    }
    await change.alsoIn?.(db, rows);
    if (change.event) await this.ctx.audit.write(trx, change.event(rows));
    after.push(async () => {
      this.changed();
      await this.rules.afterSave?.({ ctx: this.ctx, rows: saved });
    });
    return saved;
  }

  /** Platform-wide tables (not tenant scoped) are changed only from the platform tenant. */
  assertMayWrite(caller: Caller): void {
    if (!this.def.tenantScoped && caller.tenant_id !== DEFAULT_TENANT_ID) throw forbidden(say('forbidden'));
  }

  private async assertUnique(trx: Transaction<unknown> | AnyDb, caller: Caller, row: Row, id?: string): Promise<void> {
    for (const rule of this.def.unique) {
      let query = this.scoped(trx as AnyDb, caller).select(this.key);
      for (const field of rule.fields) {
        const value = row[field] ?? (field === 'parentId' ? '0' : null);
        query =
          rule.ignoreCase && typeof value === 'string'
            ? query.where(sql<boolean>`lower(${sql.ref(field)}) = lower(${value})`)
            : query.where(field, '=', value);
      }
      if (id) query = query.where(this.key, '<>', id);
      if (await query.executeTakeFirst()) throw badRequest(rule.message);
    }
  }

  private changed(): void {
    this.ctx.cache.invalidate(this.def.table);
    // Menus, scopes, tenants and packages shape what callers hold: drop remembered grants.
    if (GRANT_TABLES.has(this.def.table)) this.ctx.permissions.clear();
    this.rules.afterChange?.(this.ctx);
  }
}
