import { z } from 'zod';
import { formNumber, idList, idString, requiredText } from '../../common.js';
import { defineMessages, type Message, say } from '../../messages.js';
import { defineExtra, defineResource } from '../../resource.js';
import { datasource } from './datasource.js';

export const codeMessages = defineMessages('code', {
  datasourceId: ['请选择数据源', 'Please choose the data source'],
  datasourceMissing: ['数据源不存在', 'The data source does not exist'],
  datasourceChoose: ['请选择数据源', 'Please choose the data source'],
  codeName: ['请输入模块名', 'Please enter the module name'],
  serviceName: ['请输入服务名', 'Please enter the service name'],
  serviceNameFormat: [
    '服务名只能含小写字母、数字和连字符，且以字母开头（如 blade-steel）',
    'The service name takes lower-case letters, digits and hyphens, starting with a letter (e.g. blade-steel)',
  ],
  tableName: ['请输入表名', 'Please enter the table name'],
  tableNameFormat: [
    '表名只能含字母、数字和下划线，可带模式名（如 public.steel_coil）',
    'The table name takes letters, digits and underscores, optionally after a schema (e.g. public.steel_coil)',
  ],
  tablePrefixFormat: ['表前缀只能含字母、数字和下划线', 'The table prefix takes letters, digits and underscores'],
  pkName: ['请输入主键名', 'Please enter the primary key name'],
  pkNameFormat: ['主键名只能含字母、数字和下划线', 'The primary key name takes letters, digits and underscores'],
  packageName: ['请输入包名', 'Please enter the package name'],
  packageNameFormat: ['包名格式错误（如 org.springblade.steel）', 'The package name is malformed (e.g. org.springblade.steel)'],
  baseMode: ['请选择基础业务', 'Please choose whether the table has the base columns'],
  wrapMode: ['请选择包装器', 'Please choose whether rows carry display names'],
  apiPath: ['请输入后端生成路径', 'Please enter the back-end path'],
  webPath: ['请输入前端生成路径', 'Please enter the front-end path'],
  system: ['生成目标只能是 sso 或 saber', 'The target must be sso or saber'],
  fieldColumn: ['请填写字段的列名', "Please give the field's column name"],
  fieldType: ['字段的控件类型不正确', "The field's control type is not one of the known ones"],
  dictFormat: ['字典编码只能含字母、数字和下划线', 'The dictionary code takes letters, digits and underscores'],
});
const m = codeMessages;

/** The controls a generated field may use (a subset of the registry's column types). */
export const CODE_FIELD_TYPES = ['input', 'textarea', 'number', 'switch', 'date', 'datetime', 'dict'] as const;
export type CodeFieldType = (typeof CODE_FIELD_TYPES)[number];

const identifier = (missing: Message, format: Message, max: number) =>
  requiredText(missing, max).pipe(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, format));
const yesNo = (message: Message) => formNumber(message).pipe(z.union([z.literal(0), z.literal(1)], message));

/**
 * How one column of the table becomes a field of the generated resource: its label in both
 * languages, its control, where it shows (list, search, form), whether a form requires it and the
 * dictionary its values come from. `columnName` names the column as the data source spells it.
 */
export const codeField = z.object({
  columnName: requiredText(m.say.fieldColumn, 64),
  label: z.string().trim().max(100).optional(),
  labelEn: z.string().trim().max(100).optional(),
  type: z.enum(CODE_FIELD_TYPES, m.say.fieldType).optional(),
  list: z.boolean().optional(),
  search: z.boolean().optional(),
  form: z.boolean().optional(),
  required: z.boolean().optional(),
  dict: z
    .string()
    .trim()
    .max(64)
    .regex(/^[A-Za-z0-9_]*$/, m.say.dictFormat)
    .optional(),
});
export type CodeField = z.infer<typeof codeField>;

/** A column of a data source's table as the database describes it. */
export const tableColumn = z.object({
  columnName: z.string(),
  dataType: z.string(),
  nullable: z.boolean(),
  hasDefault: z.boolean(),
  maxLength: z.number().nullable(),
  precision: z.number().nullable(),
  scale: z.number().nullable(),
  comment: z.string(),
  primaryKey: z.boolean(),
});
export type TableColumn = z.infer<typeof tableColumn>;

/** What generation produces: this platform's resource, or Saber pages (what Saber's own screen sends). */
export const CODE_SYSTEMS = ['sso', 'saber'] as const;

/**
 * Code generation records (BladeX's blade-develop `code`, platform-wide): a table of a data source
 * and how to turn it into a resource. Generation answers a zip and writes nothing on the server:
 * `apiPath` and `webPath` only name folders inside the zip.
 */
export const code = defineResource({
  service: 'blade-develop',
  name: 'code',
  table: 'blade_code',
  tenantScoped: false,
  platformOnly: true,
  permission: 'code',
  entity: z.object({
    datasourceId: z.preprocess(
      (v) => (typeof v === 'number' ? String(v) : v),
      z.string(m.say.datasourceId).min(1, m.say.datasourceId).pipe(idString),
    ),
    codeName: requiredText(m.say.codeName, 64),
    serviceName: requiredText(m.say.serviceName, 64).pipe(z.string().regex(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/, m.say.serviceNameFormat)),
    tableName: requiredText(m.say.tableName, 64).pipe(
      z.string().regex(/^([A-Za-z_][A-Za-z0-9_]*\.)?[A-Za-z_][A-Za-z0-9_]*$/, m.say.tableNameFormat),
    ),
    tablePrefix: z
      .string(say('badType'))
      .trim()
      .max(64)
      .regex(/^[A-Za-z0-9_]*$/, m.say.tablePrefixFormat)
      .nullish(),
    pkName: identifier(m.say.pkName, m.say.pkNameFormat, 64),
    packageName: requiredText(m.say.packageName, 255).pipe(
      z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/, m.say.packageNameFormat),
    ),
    baseMode: yesNo(m.say.baseMode),
    wrapMode: yesNo(m.say.wrapMode),
    apiPath: requiredText(m.say.apiPath, 500),
    webPath: requiredText(m.say.webPath, 500),
    fields: z.array(codeField).max(200).nullish(),
  }),
  references: { datasourceId: { to: () => datasource, label: 'name', missing: m.say.datasourceMissing, choose: m.say.datasourceChoose } },
  names: { datasourceName: { field: 'datasourceId', table: 'blade_datasource', column: 'name' } },
  filters: { codeName: 'like', serviceName: 'like', tableName: 'like', datasourceId: 'eq' },
  sorts: ['codeName', 'serviceName', 'tableName'],
  defaultSort: { column: 'id', desc: true },
  extras: {
    copy: defineExtra({
      method: 'POST',
      path: 'copy',
      summary: 'A copy of a record (query or body id), as Saber copies one',
      query: z.object({ id: idString }),
      fieldsFrom: 'query-or-body',
      response: z.boolean(),
      permission: ['code_copy', 'code_edit'],
    }),
    genCode: defineExtra({
      method: 'POST',
      path: 'gen-code',
      summary:
        'Generate code for records (ids) as a zip: system=sso a resource of this platform, system=saber the Saber pages. Nothing is written on the server',
      query: z.object({
        ids: idList,
        system: z.enum(CODE_SYSTEMS, m.say.system).optional(),
      }),
      fieldsFrom: 'query-or-body',
      response: z.instanceof(Uint8Array),
      download: true,
      permission: 'code_gen',
    }),
    tableColumns: defineExtra({
      method: 'GET',
      path: 'table-columns',
      summary: "The columns of a data source's table (datasourceId, tableName): types, nullability, comments and primary key",
      query: z.object({
        datasourceId: idString,
        tableName: requiredText(m.say.tableName, 64).pipe(
          z.string().regex(/^([A-Za-z_][A-Za-z0-9_]*\.)?[A-Za-z_][A-Za-z0-9_]*$/, m.say.tableNameFormat),
        ),
      }),
      response: z.array(tableColumn),
      permission: ['code_add', 'code_edit', 'code_gen'],
    }),
  },
  view: {
    title: ['代码生成', 'Code generation'],
    dialogWidth: 900,
    columns: [
      { prop: 'datasourceId', label: ['数据源', 'Data source'], search: true },
      { prop: 'codeName', label: ['模块名', 'Module name'], search: true },
      { prop: 'serviceName', label: ['服务名', 'Service name'], search: true },
      { prop: 'tableName', label: ['表名', 'Table name'], search: true },
      { prop: 'tablePrefix', label: ['表前缀', 'Table prefix'], hideInTable: true },
      { prop: 'pkName', label: ['主键名', 'Primary key'], hideInTable: true },
      { prop: 'packageName', label: ['包名', 'Package name'] },
      { prop: 'baseMode', label: ['基础业务', 'Base columns'], type: 'dict', dict: 'yes_no', hideInTable: true },
      { prop: 'wrapMode', label: ['包装器', 'Display names'], type: 'dict', dict: 'yes_no', hideInTable: true },
      { prop: 'apiPath', label: ['后端生成路径', 'Back-end path'], hideInTable: true },
      { prop: 'webPath', label: ['前端生成路径', 'Front-end path'], hideInTable: true },
      { prop: 'fields', label: ['字段设置', 'Field settings'], hideInTable: true, hideInForm: true },
    ],
  },
});
