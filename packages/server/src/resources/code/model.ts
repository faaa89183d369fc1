import type { CodeField, CodeFieldType, TableColumn } from '@sso/shared-api';
import { camelName, humanName, kebabName, pascalName, snakeName, zipFolder } from './naming.js';

/** How a field's value is kept: its zod rule, its column type and its control follow from it. */
export type FieldKind = 'text' | 'longtext' | 'integer' | 'bigint' | 'decimal' | 'id' | 'flag' | 'date' | 'datetime' | 'dict';

/** A resource of the registry that an `<x>_id` column may refer to. */
export interface KnownReference {
  exportName: string;
  /** From a folder of shared-api/src/resources. */
  modulePath: string;
  label: string;
  hint?: string;
}

const KNOWN_REFERENCES: Record<string, KnownReference> = {
  user_id: { exportName: 'user', modulePath: '../blade-user/user.js', label: 'realName', hint: 'account' },
  dept_id: { exportName: 'dept', modulePath: '../blade-system/dept.js', label: 'deptName' },
  post_id: { exportName: 'post', modulePath: '../blade-system/post.js', label: 'postName' },
  role_id: { exportName: 'role', modulePath: '../blade-system/role.js', label: 'roleName' },
  app_id: { exportName: 'app', modulePath: '../blade-aps/app.js', label: 'appName', hint: 'appCode' },
};

export interface GenField {
  /** The column in this platform's table (snake case, letters, digits and `_`). */
  column: string;
  /** The entity's field (camelCase of `column`). */
  prop: string;
  label: { zh: string; en: string };
  kind: FieldKind;
  control: CodeFieldType;
  maxLength: number;
  required: boolean;
  list: boolean;
  search: boolean;
  form: boolean;
  dict?: string;
  reference?: KnownReference;
  /** The column's type in this platform's PostgreSQL migration. */
  sqlType: string;
}

export interface GenModel {
  title: { zh: string; en: string };
  service: string;
  /** The registry group (`blade-steel` → `steel`). */
  group: string;
  /** The resource's name (kebab case): its URL segment and folder. */
  name: string;
  /** Its export in shared-api (camelCase). */
  ident: string;
  pascal: string;
  table: string;
  /** Menu code, and prefix of its buttons. */
  permission: string;
  /** Saber's folder of views and api (the package's last segment). */
  module: string;
  basePath: string;
  baseMode: boolean;
  wrapMode: boolean;
  tenantScoped: boolean;
  fields: GenField[];
  references: GenField[];
  dictNames: GenField[];
  imports: { exportName: string; modulePath: string }[];
  migrationVersion: number;
  migrationFile: string;
  menuPath: string;
  apiFolder: string;
  webFolder: string;
}

/** The columns of BladeX's BaseEntity: kept by the platform's common columns when baseMode is on. */
const BASE_COLUMNS = new Set([
  'id',
  'tenant_id',
  'create_user',
  'create_dept',
  'create_time',
  'update_user',
  'update_time',
  'status',
  'is_deleted',
]);

/** A stored code record as the generator reads it. */
export interface CodeRecord {
  codeName: string;
  serviceName: string;
  tableName: string;
  tablePrefix: string | null;
  pkName: string;
  packageName: string;
  baseMode: number;
  wrapMode: number;
  apiPath: string;
  webPath: string;
  fields: CodeField[] | null;
}

function kindOf(column: TableColumn, snake: string): FieldKind {
  const type = column.dataType;
  if (/^(boolean|bool|bit)$/.test(type)) return 'flag';
  if (/^(bigint|int8)$/.test(type)) return snake.endsWith('_id') ? 'id' : 'bigint';
  if (/int|^year$|^serial/.test(type)) return 'integer';
  if (/^(numeric|decimal|real|float|double|double precision|float4|float8|money)$/.test(type)) return 'decimal';
  if (type === 'date') return 'date';
  if (/^(timestamp|datetime)/.test(type)) return 'datetime';
  if (/text|json|clob|blob|bytea|xml/.test(type)) return 'longtext';
  return 'text';
}

const CONTROL: Record<FieldKind, CodeFieldType> = {
  text: 'input',
  longtext: 'textarea',
  integer: 'number',
  bigint: 'number',
  decimal: 'number',
  id: 'input',
  flag: 'switch',
  date: 'date',
  datetime: 'datetime',
  dict: 'dict',
};

const SQL_TYPE: Record<Exclude<FieldKind, 'text' | 'dict'>, string> = {
  longtext: 'text',
  integer: 'int',
  bigint: 'bigint',
  decimal: 'double precision',
  id: 'bigint',
  flag: 'int',
  date: 'timestamptz',
  datetime: 'timestamptz',
};

/** A column's first line of comment, short enough for a label. */
const labelFrom = (comment: string) =>
  comment
    .split(/[\r\n]/)[0]
    ?.trim()
    .slice(0, 50) ?? '';

function fieldOf(column: TableColumn, snake: string, setting: CodeField | undefined): GenField {
  let kind = kindOf(column, snake);
  // A dictionary's key is kept as text whatever the source column was.
  if (setting?.type === 'dict' || (setting?.dict && !setting.type)) kind = 'dict';
  const maxLength = kind === 'longtext' ? 20000 : Math.min(Math.max(column.maxLength ?? 255, kind === 'dict' ? 32 : 1), 4000);
  const control = setting?.type && setting.type !== 'dict' && kind !== 'dict' ? setting.type : CONTROL[kind];
  const reference = kind === 'id' ? KNOWN_REFERENCES[snake] : undefined;
  return {
    column: snake,
    prop: camelName(snake),
    label: {
      zh: setting?.label || labelFrom(column.comment) || snake,
      en: setting?.labelEn || humanName(snake),
    },
    kind,
    control,
    maxLength,
    required: setting?.required ?? (!column.nullable && !column.hasDefault),
    list: setting?.list ?? kind !== 'longtext',
    search: setting?.search ?? false,
    form: setting?.form ?? true,
    dict: kind === 'dict' ? setting?.dict || undefined : undefined,
    reference,
    sqlType: kind === 'text' || kind === 'dict' ? `varchar(${maxLength})` : SQL_TYPE[kind],
  };
}

/**
 * What the templates need for one record: names made safe (see naming.ts), the columns of the
 * table without the primary key and, with baseMode, without the base columns the platform adds
 * itself; each column's kind, control, label and where it shows, the record's settings first.
 */
export function buildModel(record: CodeRecord, columns: TableColumn[], migrationVersion: number): GenModel {
  const bare = record.tableName.slice(record.tableName.indexOf('.') + 1);
  const prefix = record.tablePrefix ?? '';
  const unprefixed = prefix && bare.toLowerCase().startsWith(prefix.toLowerCase()) ? bare.slice(prefix.length) : bare;
  const entity = snakeName(unprefixed, 'entity');
  const table = snakeName(bare, 'table');
  const settings = new Map((record.fields ?? []).map((field) => [field.columnName, field]));
  const pk = record.pkName.toLowerCase();
  const taken = new Set<string>(BASE_COLUMNS);
  const fields: GenField[] = [];
  for (const column of columns) {
    const lower = column.columnName.toLowerCase();
    if (column.primaryKey || lower === pk) continue;
    if (record.baseMode === 1 && BASE_COLUMNS.has(lower)) continue;
    let snake = snakeName(column.columnName);
    for (let n = 2; taken.has(snake); n++) snake = `${snakeName(column.columnName)}${n}`;
    taken.add(snake);
    fields.push(fieldOf(column, snake, settings.get(column.columnName)));
  }
  const group = camelName(snakeName(record.serviceName.replace(/^blade-/, ''), 'generated'));
  const name = kebabName(entity);
  const references = fields.filter((f) => f.reference);
  const imports = [...new Map(references.map((f) => [f.reference!.exportName, f.reference!])).values()];
  return {
    title: { zh: record.codeName, en: humanName(entity) },
    service: record.serviceName,
    group,
    name,
    ident: camelName(entity),
    pascal: pascalName(entity),
    table,
    permission: entity,
    module: snakeName(record.packageName.split('.').pop() ?? '', 'module'),
    basePath: `/api/${record.serviceName}/${name}`,
    baseMode: record.baseMode === 1,
    wrapMode: record.wrapMode === 1,
    tenantScoped: record.baseMode === 1,
    fields,
    references,
    dictNames: record.wrapMode === 1 ? fields.filter((f) => f.dict) : [],
    imports: imports.map(({ exportName, modulePath }) => ({ exportName, modulePath })),
    migrationVersion,
    migrationFile: `${String(migrationVersion).padStart(4, '0')}-${name}`,
    menuPath: `/${kebabName(snakeName(group))}/${name}`,
    apiFolder: zipFolder(record.apiPath),
    webFolder: zipFolder(record.webPath),
  };
}
