import type { z } from 'zod';

export type FilterOp = 'eq' | 'like';
export type Label = readonly [zh: string, en: string];

/** One column as the web table, search form, detail view and TUI show it. */
export interface ColumnView {
  prop: string;
  label: Label;
  type?: 'input' | 'textarea' | 'number' | 'select' | 'tree' | 'switch' | 'date';
  /** Dictionary code whose entries fill a select. */
  dict?: string;
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

/** A named endpoint beside the generic four (SPEC "Extras by resource"). */
export interface ExtraDef {
  method: 'GET' | 'POST';
  path: string;
  summary: string;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  /** Menu or button code that guards it; null means any signed-in user; 'public' needs no token. */
  permission?: string | null | 'public';
}

export interface ResourceOptions<E extends z.ZodObject, X extends Record<string, ExtraDef>> {
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
  /** Fields that must be unique among live rows (per tenant when tenant scoped). */
  unique?: readonly { fields: readonly string[]; message: string }[];
  /** Columns never sent to clients. */
  hidden?: readonly string[];
  extras?: X;
  view: ResourceView;
}

export interface ResourceDef<E extends z.ZodObject = z.ZodObject, X extends Record<string, ExtraDef> = Record<string, ExtraDef>>
  extends Required<Omit<ResourceOptions<E, X>, 'defaultSort' | 'filters' | 'sorts'>> {
  filters: Record<string, FilterOp>;
  sorts: readonly string[];
  defaultSort: { column: string; desc: boolean };
  /** URL base, e.g. /api/blade-system/param */
  basePath: string;
}

const COMMON_SORTS = ['id', 'createTime', 'updateTime'];

export function defineResource<E extends z.ZodObject, X extends Record<string, ExtraDef> = Record<string, never>>(
  options: ResourceOptions<E, X>,
): ResourceDef<E, X> {
  return {
    cached: false,
    unique: [],
    hidden: [],
    extras: {} as X,
    ...options,
    filters: (options.filters ?? {}) as Record<string, FilterOp>,
    sorts: [...COMMON_SORTS, ...(options.sorts ?? [])],
    defaultSort: { desc: false, ...(options.defaultSort ?? { column: 'id' }) },
    basePath: `/api/${options.service}/${options.name}`,
  };
}

export function defineExtra<Q extends z.ZodType | undefined, B extends z.ZodType | undefined, R extends z.ZodType>(
  extra: ExtraDef & { query?: Q; body?: B; response: R },
) {
  return extra;
}
