import {
  BinaryOperationNode,
  ColumnNode,
  ColumnUpdateNode,
  type DeleteQueryNode,
  type InsertQueryNode,
  type KyselyPlugin,
  type OperationNode,
  OperationNodeTransformer,
  OperatorNode,
  OrNode,
  ParensNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  PrimitiveValueListNode,
  type QueryId,
  type QueryResult,
  type RawNode,
  ReferenceNode,
  type RootOperationNode,
  type SelectionNode,
  type SelectQueryNode,
  type TableNode,
  type UnknownRow,
  type UpdateQueryNode,
  ValueListNode,
  ValueNode,
  ValuesNode,
} from 'kysely';
import { PROTECTED_COLUMNS } from './personal-data-columns.js';
import { CIPHERTEXT_PREFIX, type PersonalDataKeys } from './personal-data-keys.js';

/**
 * Personal data (the columns of PROTECTED_COLUMNS: a user's phone and email, the phone of an SMS
 * log or code, a social binding's email) is encrypted at rest once a personal-data key exists, and
 * every reader keeps working unchanged because the database handle does the work:
 * - writes: an insert or update of a protected table that sets a protected column stores the SM4
 *   ciphertext and sets the matching index column (`phone_index`, `email_index`) to the value's HMAC-SM3;
 * - searches: `phone = v`, `phone in (…)` and `phone like/ilike '%v%'` on a protected table also match
 *   rows whose index is the index of v (a `like` matches whole values only once rows are
 *   encrypted: a ciphertext has no substrings to find);
 * - reads: a result column that may hold a protected value comes back decrypted when it is one of
 *   our ciphertexts, whatever the query, alias or join (a ciphertext is never shown or sent). Which
 *   columns may is read from the query as it is built (readPlanOf): none when it names no protected
 *   table (most queries), the protected columns of `*`, a protected column under any alias and any
 *   computed column otherwise; every string of every row when the query's shape does not say
 *   (raw SQL naming a protected table, a CTE, a union, a subquery as a source).
 * Runs after the camel-case plugin: it sees snake_case table and column names (and results come
 * back to it with camelCase keys).
 */
const SEARCH_OPERATORS = new Set(['=', 'in', 'like', 'ilike']);

/** The protected tables a query's own FROM, JOIN and UPDATE name, by the name the query gives each (its own or an alias). */
type Scope = Map<string, string>;

const nameOfTable = (node: OperationNode | undefined): { table?: string; alias?: string } => {
  if (!node) return {};
  if (node.kind === 'TableNode') return { table: (node as TableNode).table.identifier.name };
  if (node.kind === 'AliasNode') {
    const aliased = node as unknown as { node: OperationNode; alias: { name?: string } };
    return { table: nameOfTable(aliased.node).table, alias: aliased.alias.name };
  }
  return {};
};

function scopeOf(tables: readonly (OperationNode | undefined)[]): Scope {
  const scope: Scope = new Map();
  for (const node of tables) {
    const { table, alias } = nameOfTable(node);
    if (table && PROTECTED_COLUMNS[table]) scope.set(alias ?? table, table);
  }
  return scope;
}

const columnName = (node: OperationNode): string | undefined => (node.kind === 'ColumnNode' ? (node as ColumnNode).column.name : undefined);

/**
 * A protected column named by a reference (bare, `sql\`${ref}::text\``, qualified by its table's
 * name or alias), with the column of its index.
 */
function protectedReference(node: OperationNode, scope: Scope | undefined): { reference: ReferenceNode; indexColumn: string } | undefined {
  if (!scope?.size) return undefined;
  let reference = node;
  // `sql\`${sql.ref(column)}::text\``: raw nodes around one reference, with at most a cast to text.
  while (reference.kind === 'RawNode') {
    const raw = reference as unknown as { sqlFragments: readonly string[]; parameters: readonly OperationNode[] };
    const [only] = raw.parameters;
    if (raw.parameters.length !== 1 || !only || !['', '::text'].includes(raw.sqlFragments.join('').trim())) return undefined;
    reference = only;
  }
  if (reference.kind !== 'ReferenceNode') return undefined;
  const ref = reference as ReferenceNode;
  const column = columnName(ref.column);
  if (!column) return undefined;
  const qualifier = ref.table?.table.identifier.name;
  // Unqualified: with one protected table of that column among the query's tables, the name can
  // only be its column (else SQL calls it ambiguous).
  const tables =
    qualifier !== undefined ? [scope.get(qualifier)] : [...new Set(scope.values())].filter((t) => PROTECTED_COLUMNS[t]?.[column]);
  const indexColumn = tables.length === 1 && tables[0] ? PROTECTED_COLUMNS[tables[0]]?.[column] : undefined;
  return indexColumn ? { reference: ref, indexColumn } : undefined;
}

/** The plain values a search compares with: `like` patterns reduced to the whole value they contain. */
function searchedValues(operator: string, right: OperationNode): string[] | undefined {
  const fromLike = (pattern: string) => pattern.replace(/^%|%$/g, '').replace(/\\([\\%_])/g, '$1');
  if (right.kind === 'ValueNode') {
    const value = (right as ValueNode).value;
    if (typeof value !== 'string') return undefined;
    return [operator === 'like' || operator === 'ilike' ? fromLike(value) : value];
  }
  if (operator !== 'in') return undefined;
  const items =
    right.kind === 'PrimitiveValueListNode'
      ? (right as PrimitiveValueListNode).values
      : right.kind === 'ValueListNode'
        ? (right as ValueListNode).values.map((item) => (item.kind === 'ValueNode' ? (item as ValueNode).value : undefined))
        : [];
  return items.every((item) => typeof item === 'string') ? (items as string[]) : undefined;
}

/**
 * The result keys of a query that may hold a ciphertext: `none` (it names no protected table),
 * `all` (its shape does not say: every string is looked at), or the keys themselves, camelCase as
 * the camel-case plugin hands the rows on.
 */
export type ReadPlan = 'none' | 'all' | ReadonlySet<string>;

const PROTECTED_NAMES = new Set(Object.values(PROTECTED_COLUMNS).flatMap((columns) => Object.keys(columns)));
/** Raw SQL that names a protected table (`blade_user` covers the user tables whose names begin so). */
const NAMES_PROTECTED_TABLE = new RegExp(Object.keys(PROTECTED_COLUMNS).join('|'));
/** The camel-case plugin's name for a result column (kysely's mapper: an underscore goes, the letter after it is upper case). */
const camelOf = (name: string) => name.replace(/_+(.)/g, (_, letter: string) => letter.toUpperCase());

/** The sources of a query by the name it gives each: a table, or `undefined` when it is not one (a subquery). */
function sourcesOf(nodes: readonly (OperationNode | undefined)[]): Map<string, string | undefined> | undefined {
  const sources = new Map<string, string | undefined>();
  for (const node of nodes) {
    if (!node) continue;
    const { table, alias } = nameOfTable(node);
    const name = alias ?? table;
    if (name === undefined) return undefined;
    sources.set(name, table);
  }
  return sources;
}

/** The keys of readPlanOf for a list of selections over sources; `all` when one of them cannot be told. */
function keysOf(selections: readonly SelectionNode[], sources: Map<string, string | undefined> | undefined): ReadPlan {
  // A subquery as a source may carry a protected value under any name.
  if (!sources || [...sources.values()].some((table) => table === undefined)) return 'all';
  const keys = new Set<string>();
  const addColumnsOf = (table: string | undefined) => {
    for (const column of Object.keys(PROTECTED_COLUMNS[table ?? ''] ?? {})) keys.add(camelOf(column));
  };
  for (const { selection } of selections) {
    if (selection.kind === 'SelectAllNode') {
      for (const table of sources.values()) addColumnsOf(table);
    } else if (selection.kind === 'ReferenceNode') {
      const { column, table } = selection as ReferenceNode;
      if (column.kind === 'SelectAllNode') {
        const qualifier = table?.table.identifier.name;
        if (qualifier === undefined || !sources.has(qualifier)) return 'all';
        addColumnsOf(sources.get(qualifier));
      } else if (PROTECTED_NAMES.has(column.column.name)) keys.add(camelOf(column.column.name));
    } else if (selection.kind === 'AliasNode') {
      const { node, alias } = selection as unknown as { node: OperationNode; alias: OperationNode };
      const name = alias.kind === 'IdentifierNode' ? (alias as unknown as { name: string }).name : undefined;
      if (name === undefined) return 'all';
      // A protected column under another name; any computed value too (a subquery, a coalesce… may carry one).
      const column = node.kind === 'ReferenceNode' ? columnName((node as ReferenceNode).column) : undefined;
      if (column === undefined || PROTECTED_NAMES.has(column)) keys.add(camelOf(name));
    } else return 'all';
  }
  return keys;
}

/** Which result keys of a query (snake_case, as the camel-case plugin left it) may hold a ciphertext. */
export function readPlanOf(node: RootOperationNode, namesProtected: boolean): ReadPlan {
  if (!namesProtected) return 'none';
  switch (node.kind) {
    case 'SelectQueryNode': {
      const select = node as SelectQueryNode;
      if (select.with || select.setOperations?.length) return 'all';
      const sources = sourcesOf([...(select.from?.froms ?? []), ...(select.joins ?? []).map((join) => join.table)]);
      return keysOf(select.selections ?? [], sources);
    }
    case 'InsertQueryNode': {
      const insert = node as InsertQueryNode;
      return insert.with ? 'all' : insert.returning ? keysOf(insert.returning.selections, sourcesOf([insert.into])) : 'none';
    }
    case 'UpdateQueryNode': {
      const update = node as UpdateQueryNode;
      if (update.with) return 'all';
      const tables = [update.table, ...(update.from?.froms ?? []), ...(update.joins ?? []).map((join) => join.table)];
      return update.returning ? keysOf(update.returning.selections, sourcesOf(tables)) : 'none';
    }
    case 'DeleteQueryNode': {
      const remove = node as DeleteQueryNode;
      if (remove.with) return 'all';
      const tables = [...remove.from.froms, ...(remove.using?.tables ?? []), ...(remove.joins ?? []).map((join) => join.table)];
      return remove.returning ? keysOf(remove.returning.selections, sourcesOf(tables)) : 'none';
    }
    default:
      return 'all';
  }
}

class PersonalDataTransformer extends OperationNodeTransformer {
  private scopes: Scope[] = [];
  /** Whether the query names a protected table anywhere (its sources, subqueries, raw SQL). */
  namesProtected = false;

  constructor(private readonly keys: PersonalDataKeys) {
    super();
  }

  private within<T>(scope: Scope, transform: () => T): T {
    this.scopes.push(scope);
    try {
      return transform();
    } finally {
      this.scopes.pop();
    }
  }

  protected override transformSelectQuery(node: SelectQueryNode): SelectQueryNode {
    const scope = scopeOf([...(node.from?.froms ?? []), ...(node.joins ?? []).map((join) => join.table)]);
    return this.within(scope, () => super.transformSelectQuery(node));
  }

  protected override transformDeleteQuery(node: DeleteQueryNode): DeleteQueryNode {
    const scope = scopeOf([...node.from.froms, ...(node.joins ?? []).map((join) => join.table)]);
    return this.within(scope, () => super.transformDeleteQuery(node));
  }

  protected override transformUpdateQuery(node: UpdateQueryNode): UpdateQueryNode {
    const scope = scopeOf([node.table, ...(node.from?.froms ?? []), ...(node.joins ?? []).map((join) => join.table)]);
    const updated = this.within(scope, () => super.transformUpdateQuery(node));
    const columns = PROTECTED_COLUMNS[nameOfTable(node.table).table ?? ''];
    if (!columns || !updated.updates) return updated;
    return { ...updated, updates: updated.updates.flatMap((update) => this.encryptedUpdate(update, columns)) };
  }

  protected override transformInsertQuery(node: InsertQueryNode): InsertQueryNode {
    const inserted = this.within(new Map(), () => super.transformInsertQuery(node));
    const columns = PROTECTED_COLUMNS[nameOfTable(node.into).table ?? ''];
    return columns ? this.encryptedInsert(inserted, columns) : inserted;
  }

  protected override transformTable(node: TableNode): TableNode {
    if (PROTECTED_COLUMNS[node.table.identifier.name]) this.namesProtected = true;
    return super.transformTable(node);
  }

  protected override transformRaw(node: RawNode): RawNode {
    if (node.sqlFragments.some((fragment) => NAMES_PROTECTED_TABLE.test(fragment))) this.namesProtected = true;
    return super.transformRaw(node);
  }

  protected override transformBinaryOperation(node: BinaryOperationNode): BinaryOperationNode {
    const transformed = super.transformBinaryOperation(node);
    const operator = transformed.operator.kind === 'OperatorNode' ? (transformed.operator as OperatorNode).operator : undefined;
    if (!operator || !SEARCH_OPERATORS.has(operator)) return transformed;
    const found = protectedReference(transformed.leftOperand, this.scopes.at(-1));
    const values = found && searchedValues(operator, transformed.rightOperand)?.filter((value) => value !== '');
    if (!found || !values?.length) return transformed;
    const indexReference = ReferenceNode.create(ColumnNode.create(found.indexColumn), found.reference.table);
    const indexes = values.flatMap((value) => this.keys.indexesOf(value));
    const byIndex = BinaryOperationNode.create(indexReference, OperatorNode.create('in'), PrimitiveValueListNode.create(indexes));
    // Still compared as written too: rows not yet encrypted (or written by a node that had no key yet) are found.
    return ParensNode.create(OrNode.create(transformed, byIndex)) as unknown as BinaryOperationNode;
  }

  private encryptedUpdate(update: ColumnUpdateNode, protectedColumns: Readonly<Record<string, string>>): ColumnUpdateNode[] {
    const column = columnName(update.column);
    const indexColumn = column && protectedColumns[column];
    if (!indexColumn || update.value.kind !== 'ValueNode') return [update];
    const value = (update.value as ValueNode).value;
    if (value !== null && typeof value !== 'string') return [update];
    return [
      ColumnUpdateNode.create(update.column, ValueNode.create(value === null ? null : this.keys.encrypt(value))),
      ColumnUpdateNode.create(ColumnNode.create(indexColumn), ValueNode.create(value === null ? null : this.keys.index(value))),
    ];
  }

  private encryptedInsert(node: InsertQueryNode, protectedColumns: Readonly<Record<string, string>>): InsertQueryNode {
    const columns = node.columns?.map((column) => column.column.name) ?? [];
    const protectedAt = columns.flatMap((name, at) => {
      const indexColumn = protectedColumns[name];
      return indexColumn && !columns.includes(indexColumn) ? [at] : [];
    });
    if (!protectedAt.length || node.values?.kind !== 'ValuesNode') return node;
    const rows = (node.values as ValuesNode).values.map((row) => {
      const values: unknown[] =
        row.kind === 'PrimitiveValueListNode'
          ? [...row.values]
          : row.values.map((item) => (item.kind === 'ValueNode' ? (item as ValueNode).value : item));
      const indexes = protectedAt.map((at) => {
        const value = values[at];
        if (typeof value !== 'string') return null;
        values[at] = this.keys.encrypt(value);
        return this.keys.index(value);
      });
      const all = [...values, ...indexes];
      return all.some((value) => isNode(value))
        ? ValueListNode.create(all.map((value) => (isNode(value) ? value : ValueNode.create(value))))
        : PrimitiveValueListNode.create(all);
    });
    const indexColumns = protectedAt.map((at) => ColumnNode.create(protectedColumns[columns[at] as string] as string));
    return { ...node, columns: [...(node.columns ?? []), ...indexColumns], values: ValuesNode.create(rows) };
  }
}

const isNode = (value: unknown): value is OperationNode =>
  typeof value === 'object' && value !== null && typeof (value as { kind?: unknown }).kind === 'string';

export class PersonalDataPlugin implements KyselyPlugin {
  /** Each query's read plan, from its building to its result. */
  private readonly plans = new WeakMap<QueryId, ReadPlan>();

  constructor(private readonly keys: PersonalDataKeys) {}

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    // Without a key nothing is encrypted and no search needs the index.
    if (!this.keys.enabled) return args.node;
    const transformer = new PersonalDataTransformer(this.keys);
    const node = transformer.transformNode(args.node);
    this.plans.set(args.queryId, readPlanOf(args.node, transformer.namesProtected));
    return node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const rows = args.result.rows;
    if (!rows?.length || !this.keys.enabled) return args.result;
    // A query built before the first key (or compiled elsewhere) has no plan: every string is looked at.
    const plan = this.plans.get(args.queryId) ?? 'all';
    if (plan === 'none') return args.result;
    const keys = plan === 'all' ? undefined : [...plan];
    if (keys?.length === 0) return args.result;
    let changed = false;
    const plain = rows.map((row) => {
      let copy: UnknownRow | undefined;
      for (const key of keys ?? Object.keys(row)) {
        const value = row[key];
        if (typeof value !== 'string' || !value.startsWith(CIPHERTEXT_PREFIX)) continue;
        copy ??= { ...row };
        copy[key] = this.keys.decrypt(value);
      }
      if (copy) changed = true;
      return copy ?? row;
    });
    return changed ? { ...args.result, rows: plain } : args.result;
  }
}
