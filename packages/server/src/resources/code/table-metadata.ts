import { badRequest, defineMessagePattern, defineMessages, type TableColumn, withDetail } from '@sso/shared-api';
import type { AppContext } from '../../context.js';
import { type DataSourceSession, withDataSource } from '../../domain/data-sources.js';

const m = defineMessages('tableMetadata', {
  noTable: ['数据源中没有该表', 'The data source has no such table'],
});
defineMessagePattern(/^数据源中没有该表: (.+)$/, 'The data source has no such table: $1');

/** A column row as both readers select it, before it is typed. */
interface RawColumn {
  column_name: string;
  data_type: string;
  nullable: string | number | boolean;
  has_default: string | number | boolean;
  max_length: string | number | null;
  num_precision: string | number | null;
  num_scale: string | number | null;
  comment: string | null;
  primary_key: string | number | boolean;
}

const flag = (v: string | number | boolean) => v === true || v === 1 || v === '1' || v === 't' || v === 'YES';
const count = (v: string | number | null) => (v === null || v === undefined || v === '' ? null : Number(v));

function typed(rows: RawColumn[]): TableColumn[] {
  return rows.map((row) => ({
    columnName: String(row.column_name),
    dataType: String(row.data_type).toLowerCase(),
    nullable: flag(row.nullable),
    hasDefault: flag(row.has_default),
    maxLength: count(row.max_length),
    precision: count(row.num_precision),
    scale: count(row.num_scale),
    comment: row.comment ?? '',
    primaryKey: flag(row.primary_key),
  }));
}

/** `schema.table` or `table` (in `fallback`); names are passed as query parameters, never spliced. */
function splitName(tableName: string, fallback: string): { schema: string; table: string } {
  const at = tableName.indexOf('.');
  return at < 0 ? { schema: fallback, table: tableName } : { schema: tableName.slice(0, at), table: tableName.slice(at + 1) };
}

// PostgreSQL: information_schema with the column comments and the primary key.
const POSTGRES_COLUMNS = `
  select c.column_name, case when c.data_type = 'USER-DEFINED' then c.udt_name else c.data_type end as data_type,
    c.is_nullable = 'YES' as nullable, c.column_default is not null as has_default,
    c.character_maximum_length as max_length, c.numeric_precision as num_precision, c.numeric_scale as num_scale,
    col_description(format('%I.%I', c.table_schema, c.table_name)::regclass, c.ordinal_position) as comment,
    exists (select 1 from information_schema.table_constraints t
      join information_schema.key_column_usage k on k.constraint_name = t.constraint_name
        and k.table_schema = t.table_schema and k.table_name = t.table_name
      where t.constraint_type = 'PRIMARY KEY' and t.table_schema = c.table_schema and t.table_name = c.table_name
        and k.column_name = c.column_name) as primary_key
  from information_schema.columns c
  where c.table_schema = $1 and c.table_name = $2
  order by c.ordinal_position`;

async function postgresColumns(session: DataSourceSession, tableName: string): Promise<TableColumn[]> {
  const { schema, table } = splitName(tableName, 'public');
  return typed(await session.query<RawColumn>(POSTGRES_COLUMNS, [schema, table]));
}

// MySQL and MariaDB: information_schema, the schema being the URL's database.
const MYSQL_COLUMNS = `
  select column_name as column_name, data_type as data_type, column_type as column_type,
    is_nullable = 'YES' as nullable, column_default is not null as has_default,
    character_maximum_length as max_length, numeric_precision as num_precision, numeric_scale as num_scale,
    column_comment as comment, column_key = 'PRI' as primary_key
  from information_schema.columns
  where table_schema = ? and table_name = ?
  order by ordinal_position`;

async function mysqlColumns(session: DataSourceSession, tableName: string): Promise<TableColumn[]> {
  const { schema, table } = splitName(tableName, session.target.database);
  const rows = await session.query<RawColumn & { column_type: string }>(MYSQL_COLUMNS, [schema, table]);
  return typed(
    rows.map((row) => ({
      ...row,
      // tinyint(1) is MySQL's boolean.
      data_type: /^tinyint\(1\)/i.test(String(row.column_type)) ? 'boolean' : row.data_type,
    })),
  );
}

/**
 * The columns of a table of a stored data source, read with the database's own driver over the
 * outbound guard (withDataSource). A data source of another kind, a failed connection or a
 * missing table answers 400.
 */
export async function readTableColumns(ctx: AppContext, tenantId: string, datasourceId: string, tableName: string): Promise<TableColumn[]> {
  const columns = await withDataSource(ctx, tenantId, datasourceId, (session) =>
    session.target.kind === 'postgres' ? postgresColumns(session, tableName) : mysqlColumns(session, tableName),
  );
  if (!columns.length) throw badRequest(withDetail(m.say.noTable, tableName));
  return columns;
}
