import type { z } from 'zod';
import type { Message } from './messages.js';
import { type Reference, withReferenceChoices } from './references.js';

/** `custom`: validated like the field, applied by the server's rules of the resource (`listFilter`). */
export type FilterOp = 'eq' | 'like' | 'custom';
export type Label = readonly [zh: string, en: string];

/**
 * How a column's value is entered and shown: `input` (the default), `textarea`, `richtext` (long
 * formatted text), `password` (never shown in clear), `number`, `switch`, `date` (a day),
 * `datetime` (a day and a time, `YYYY-MM-DD HH:mm:ss`), `select` and `dict` (a choice among a
 * dictionary's entries, see `dict`), `tree` (ids picked in a tree) and `icon` (a menu icon class).
 */
export type ColumnType =
  | 'input'
  | 'textarea'
  | 'richtext'
  | 'password'
  | 'number'
  | 'switch'
  | 'date'
  | 'datetime'
  | 'select'
  | 'dict'
  | 'tree'
  | 'icon';

/**
 * A condition on another field of the same form: it holds when that field's value is one of `in`
 * (compared as text, so a number and its digits are the same value).
 */
export interface FieldCondition {
  field: string;
  in: readonly (string | number)[];
}

/** A fixed choice of a `select` column: the value stored and its label in both languages. */
export interface ColumnOption {
  value: string;
  label: Label;
}

/** One column as the web table, search form, detail view and TUI show it. */
export interface ColumnView {
  prop: string;
  label: Label;
  type?: ColumnType;
  /** Dictionary code whose entries fill a select (the column is then of type `dict`). */
  dict?: string;
  /** The fixed choices of a `select` column that has no dictionary, shown by their labels (never the raw codes). */
  options?: readonly ColumnOption[];
  /**
   * The field applies only while the condition holds (an OpenID Connect setting applies to oidc
   * applications): forms show it then, and only then, and neither check nor send it otherwise.
   */
  appliesWhen?: FieldCondition;
  /** The field must be filled while the condition holds (a link application's address), or forms show `message`. */
  requiredWhen?: FieldCondition & { message: Message };
  search?: boolean;
  hideInTable?: boolean;
  hideInForm?: boolean;
  width?: number;
}

export interface ResourceView {
  title: Label;
  columns: readonly ColumnView[];
  dialogWidth?: number;
  /** Generic actions the screen offers; all on unless switched off. */
  actions?: { add?: boolean; edit?: boolean; remove?: boolean; view?: boolean };
}

/** A named endpoint beside the generic four (list, detail, submit, remove): declared, never a copy of them. */
export interface ExtraDef {
  method: 'GET' | 'POST';
  path: string;
  summary: string;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  /**
   * Menu or button code that guards it; a list lets holders of any of them in (a select several
   * screens use); null means any signed-in user; 'public' needs no token.
   */
  permission?: string | readonly string[] | null | 'public';
  /** Answers a file (bytes, not the envelope); the SDK method resolves to a Uint8Array. */
  download?: boolean;
  /** The body is multipart/form-data (file uploads); `body` describes its fields. */
  multipart?: boolean;
  /**
   * Answers rows of the resource under a path of its own (the user's `info`): they carry the
   * resource's display names as lists do (`list`, `page`, `detail` and the tree lists always do).
   */
  namedRows?: boolean;
  /**
   * BladeX binds action parameters as request parameters: its clients send them in the query
   * string, others in a JSON or form body. 'query-or-body' takes them from either (a body field
   * wins over a query field of the same name) and checks the merged fields against `body`, or
   * `query` when no body is declared; the handler gets them as both.
   */
  fieldsFrom?: 'query-or-body';
  /**
   * The answer may be kept this many seconds by clients and proxies (public reads such as an
   * update check): it carries Cache-Control and an ETag, and a matching If-None-Match gets 304.
   */
  cacheSeconds?: number;
}

/**
 * Where the display name beside a field comes from, as BladeX's wrappers answer list rows
 * (`deptId` → `deptName`): the value of a system dictionary entry whose dictKey is the field,
 * the names of the rows whose key the field holds (comma-joined ids give comma-joined names, in
 * the same order), or a fixed label per value. A value that resolves to nothing answers "".
 */
export type NameSource =
  | { field: string; dict: string }
  | {
      field: string;
      table: string;
      /** The column holding the name (camelCase). */
      column: string;
      /** The column the field refers to; `id` unless told. */
      key?: string;
      /** Only rows of the caller's tenant are named (tenant-owned tables). */
      sameTenant?: boolean;
      /** The name of the root parent (`0`), which is no row. */
      root?: string;
      /**
       * Names that may be messages of the shared [Chinese, English] table (the built-in roles'
       * names): an English caller gets the English of those it knows, the others as they are.
       */
      translated?: boolean;
    }
  /**
   * A fixed label per value; a [Chinese, English] pair is answered in Chinese and shown in English
   * on English screens (the console reads the pair from the definition).
   */
  | { field: string; labels: Readonly<Record<string, string | Label>> };
export type NameSources = Record<string, NameSource>;

export interface ResourceOptions<E extends z.ZodObject, X extends Record<string, ExtraDef>, N extends NameSources = Record<string, never>> {
  service: string;
  name: string;
  table: string;
  /** The editable fields with their validation messages. */
  entity: E;
  /** Whether rows belong to a tenant (tenant_id scoping). */
  tenantScoped: boolean;
  filters?: Partial<Record<keyof z.infer<E> & string, FilterOp>>;
  /** Extra sortable columns besides id, createTime, updateTime. */
  sorts?: readonly (keyof z.infer<E> & string)[];
  defaultSort?: { column: string; desc?: boolean };
  /** Menu code guarding the screen's routes; its buttons are `${permission}_add` etc. */
  permission: string;
  /** Read-mostly configuration: list and detail are cached until the table changes. */
  cached?: boolean;
  /**
   * Fields that must be unique among live rows (per tenant when tenant scoped); with
   * `ignoreCase`, text that differs only in case counts as the same (accounts).
   */
  unique?: readonly { fields: readonly string[]; message: Message; ignoreCase?: boolean }[];
  /** Columns never sent to clients. */
  hidden?: readonly string[];
  /**
   * Only callers of the platform tenant (000000) reach its guarded routes (the generic ones and
   * extras with a code): others get 403 even when they hold the menu (tenants, clients).
   */
  platformOnly?: boolean;
  extras?: X;
  view: ResourceView;
  /** URL base when it is not `/api/${service}/${name}` (BladeX's user routes sit at /api/blade-user). */
  basePath?: string;
  /**
   * A primary key the client supplies (region's `code`) instead of the generated `id`: detail reads
   * `?${detailParam}=`, remove takes `?${removeParam}=` (comma-joined), submit inserts or updates by it.
   */
  naturalKey?: NaturalKey;
  /** Whether the table has the BaseEntity columns (tenant, audit, soft delete); default true. */
  commonColumns?: boolean;
  /**
   * Saves and removals are security events (accounts, roles, clients, tenants, what grants
   * shape): the server writes each one in the same transaction as the change, before answering.
   */
  securityAudit?: boolean;
  /**
   * Which generic routes exist: `all` (list, page, detail, submit, remove — the default) or `read`
   * (list, page, detail: audit logs are never edited through the API). Calls that serve no table
   * of their own are a `defineEndpoints` group, not a resource.
   */
  routes?: 'all' | 'read';
  /** Display names answered beside fields in list, page, tree and detail rows (`sexName` from `sex`). */
  names?: N;
  /**
   * Fields holding the key of another resource's row (`appId` → an application): checked on save,
   * picked by name in the console and the terminal console.
   */
  references?: Readonly<Record<string, Reference>>;
  /**
   * Columns that record a message of the shared [Chinese, English] table (a sign-in's reason, the
   * city 本机): rows answer them in the caller's language, as envelopes answer their messages.
   */
  messageColumns?: readonly string[];
  /**
   * What the resource's `list` answers: a `page` of rows, or the whole `tree` (an array of nodes with
   * `children`, not paged). Derived when not declared: `tree` when an extra takes the `list` path and
   * answers an array (dept, menu, role), else `page`.
   */
  shape?: ListShape;
}

export type ListShape = 'page' | 'tree';

export interface NaturalKey {
  /** An entity field: its schema validates the key wherever it is sent. */
  field: string;
  detailParam: string;
  removeParam: string;
}

export interface ResourceDef<
  E extends z.ZodObject = z.ZodObject,
  X extends Record<string, ExtraDef> = Record<string, ExtraDef>,
  N extends NameSources = NameSources,
> extends Required<Omit<ResourceOptions<E, X, N>, 'defaultSort' | 'filters' | 'sorts' | 'basePath' | 'naturalKey'>> {
  readonly kind: 'resource';
  naturalKey?: NaturalKey;
  /** The field that identifies a row: the natural key's field when there is one, else `id`. */
  keyField: string;
  filters: Record<string, FilterOp>;
  sorts: readonly string[];
  defaultSort: { column: string; desc: boolean };
  /** URL base, e.g. /api/blade-system/param */
  basePath: string;
}

/** Always sortable: the key, and the audit times when the table has them. */
const baseSorts = (keyField: string, commonColumns: boolean | undefined) => [
  keyField,
  ...(commonColumns === false ? [] : ['createTime', 'updateTime']),
];

/** Whether a schema describes an array (zod's own description of a schema, no instance check). */
const isArraySchema = (schema: z.ZodType) => (schema as { def?: { type?: string } }).def?.type === 'array';

/** A tree list is an extra in the `list` route's place that answers an array instead of a page. */
function listShapeOf(extras: Record<string, ExtraDef> | undefined): ListShape {
  const list = Object.values(extras ?? {}).find((extra) => extra.path === 'list');
  return list && isArraySchema(list.response) ? 'tree' : 'page';
}

export function defineResource<
  E extends z.ZodObject,
  X extends Record<string, ExtraDef> = Record<string, never>,
  const N extends NameSources = Record<string, never>,
>(options: ResourceOptions<E, X, N>): ResourceDef<E, X, N> {
  const keyField = options.naturalKey?.field ?? 'id';
  return {
    kind: 'resource',
    names: {} as N,
    references: {},
    messageColumns: [],
    cached: false,
    unique: [],
    hidden: [],
    platformOnly: false,
    commonColumns: true,
    securityAudit: false,
    routes: 'all',
    extras: {} as X,
    ...options,
    entity: options.references ? withReferenceChoices(options.entity, options.references) : options.entity,
    keyField,
    shape: options.shape ?? listShapeOf(options.extras),
    filters: (options.filters ?? {}) as Record<string, FilterOp>,
    sorts: [...baseSorts(keyField, options.commonColumns), ...(options.sorts ?? [])],
    defaultSort: { desc: false, ...(options.defaultSort ?? { column: keyField }) },
    basePath: options.basePath ?? `/api/${options.service}/${options.name}`,
  };
}

/** An extra as declared: its literal type (schemas, `download`, `multipart`) types the SDK method. */
export function defineExtra<const X extends ExtraDef>(extra: X): X {
  return extra;
}

export interface EndpointsOptions<X extends Record<string, ExtraDef>> {
  service: string;
  name: string;
  /** URL base when it is not `/api/${service}/${name}`. */
  basePath?: string;
  /**
   * The menu code the group belongs to: an extra declaring no permission of its own is open to
   * any signed-in user; one declaring this code (or another) needs it.
   */
  permission: string;
  /** Only callers of the platform tenant (000000) reach the extras guarded by a code. */
  platformOnly?: boolean;
  /** What the group is, in both languages (OpenAPI and the CLI's help). */
  title: Label;
  /**
   * The table whose rows its answers carry, if any (the portal answers applications): their empty
   * text columns answer "" as BladeX's do. The group reads it; it has no routes of its own on it.
   */
  rowsOf?: string;
  endpoints: X;
  /** The rows its list endpoints answer, as a console table shows them (the key names one row). */
  rows?: EndpointRows;
}

export interface EndpointRows {
  key: string;
  columns: readonly ColumnView[];
}

/**
 * Calls that are not the CRUD of a table of their own: a screen's statistics, the portal's
 * catalogue as a user sees it, the workflow engine's actions, what an application asks as itself.
 * They have no entity, no generic routes and no table; the SDK, the CLI and the server serve
 * their endpoints as they serve a resource's extras.
 */
export interface EndpointsDef<X extends Record<string, ExtraDef> = Record<string, ExtraDef>> {
  readonly kind: 'endpoints';
  service: string;
  name: string;
  basePath: string;
  permission: string;
  platformOnly: boolean;
  title: Label;
  /** The calls, named like a resource's extras so the server and the SDK treat both alike. */
  extras: X;
  rowsOf?: string;
  rows?: EndpointRows;
}

export function defineEndpoints<X extends Record<string, ExtraDef>>(options: EndpointsOptions<X>): EndpointsDef<X> {
  return {
    kind: 'endpoints',
    service: options.service,
    name: options.name,
    basePath: options.basePath ?? `/api/${options.service}/${options.name}`,
    permission: options.permission,
    platformOnly: options.platformOnly ?? false,
    title: options.title,
    extras: options.endpoints,
    ...(options.rowsOf ? { rowsOf: options.rowsOf } : {}),
    ...(options.rows ? { rows: options.rows } : {}),
  };
}

/** Any registry entry: a resource with its table, or a group of endpoints. */
export type RegistryEntry = ResourceDef | EndpointsDef;

export const isEndpoints = (entry: RegistryEntry): entry is EndpointsDef => entry.kind === 'endpoints';

/** What an entry is called, in both languages: a resource's view title or an endpoint group's. */
export const titleOf = (entry: RegistryEntry): Label => (isEndpoints(entry) ? entry.title : entry.view.title);
