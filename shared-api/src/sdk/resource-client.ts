import type { z } from 'zod';
import type { CommonColumns } from '../common.js';
import type { Page } from '../envelope.js';
import type { ExtraDef, ResourceDef } from '../resource.js';
import type { SsoClient } from './client.js';
import type { QueryValue } from './transport.js';

type EntityOf<R> = R extends ResourceDef<infer E, infer _X> ? E : never;
type ExtrasOf<R> = R extends ResourceDef<infer _E, infer X> ? X : never;

export type RowOf<R> = z.output<EntityOf<R>> & CommonColumns;
/** Insert: every required field, no id. Update: the id and the fields that change. */
export type SubmitOf<R> = (z.input<EntityOf<R>> & { id?: '' }) | (Partial<z.input<EntityOf<R>>> & { id: string });
export type ListQuery = Record<string, QueryValue> & { current?: number; size?: number; ascs?: string; descs?: string };

type QueryOf<X extends ExtraDef> = X['query'] extends z.ZodType ? z.input<X['query']> : Record<string, QueryValue> | undefined;
type BodyOf<X extends ExtraDef> = X['body'] extends z.ZodType ? z.input<X['body']> : unknown;

export type ExtraMethod<X extends ExtraDef> = X['method'] extends 'GET'
  ? (query?: QueryOf<X>) => Promise<z.output<X['response']>>
  : (body?: BodyOf<X>, query?: QueryOf<X>) => Promise<z.output<X['response']>>;

export interface GenericMethods<R> {
  readonly def: ResourceDef;
  list(query?: ListQuery): Promise<Page<RowOf<R>>>;
  page(query?: ListQuery): Promise<Page<RowOf<R>>>;
  detail(id: string): Promise<RowOf<R>>;
  submit(row: SubmitOf<R>): Promise<RowOf<R>>;
  remove(ids: readonly string[] | string): Promise<boolean>;
}

export type ResourceApi<R> = GenericMethods<R> & { [K in keyof ExtrasOf<R>]: ExtraMethod<ExtrasOf<R>[K]> };

/** Generic methods of one registry resource, plus its declared extras. */
export function resourceClient<R extends ResourceDef>(client: SsoClient, def: R): ResourceApi<R> {
  const base = def.basePath;
  const generic: GenericMethods<R> = {
    def,
    list: (query) => client.call('GET', `${base}/list`, query),
    page: (query) => client.call('GET', `${base}/page`, query),
    detail: (id) => client.call('GET', `${base}/detail`, { id }),
    submit: (row) => client.call('POST', `${base}/submit`, undefined, row),
    remove: (ids) => client.call('POST', `${base}/remove`, { ids: typeof ids === 'string' ? ids : ids.join(',') }),
  };
  const extras = Object.fromEntries(
    Object.entries(def.extras).map(([key, extra]) => [
      key,
      extra.method === 'GET'
        ? (query?: Record<string, QueryValue>) => client.call('GET', `${base}/${extra.path}`, query)
        : (body?: unknown, query?: Record<string, QueryValue>) => client.call('POST', `${base}/${extra.path}`, query, body),
    ]),
  );
  return Object.assign(generic, extras) as ResourceApi<R>;
}
