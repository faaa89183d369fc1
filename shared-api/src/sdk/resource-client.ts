import type { z } from 'zod';
import type { CommonColumns, UploadedFile } from '../common.js';
import type { Page } from '../envelope.js';
import type { EndpointsDef, ExtraDef, RegistryEntry, ResourceDef } from '../resource.js';
import type { AuthClient } from './auth-client.js';
import type { QueryValue } from './transport.js';

type EntityOf<R> = R extends ResourceDef<infer E, infer _X> ? E : never;
type ExtrasOf<R> = R extends ResourceDef<infer _E, infer X> ? X : never;

type NamesOf<R> = R extends ResourceDef<infer _E, infer _X, infer N> ? N : never;
/** Rows answer empty text and ids as "" (BladeX's null-to-empty), never null; numbers may still be null. */
export type Answered<T> = { [K in keyof T]: [Extract<T[K], string>] extends [never] ? T[K] : Exclude<T[K], null> };
/** A row as list, page and detail answer it: its fields, the common columns and its display names. */
export type RowOf<R> = Answered<z.output<EntityOf<R>> & CommonColumns> & { [K in keyof NamesOf<R>]: string };
/** Insert: every required field, no id. Update: the id and the fields that change. */
export type SubmitOf<R> = (z.input<EntityOf<R>> & { id?: '' }) | (Partial<z.input<EntityOf<R>>> & { id: string });
export type ListQuery = Record<string, QueryValue> & { current?: number; size?: number; ascs?: string; descs?: string };

type QueryOf<X extends ExtraDef> = X['query'] extends z.ZodType ? z.input<X['query']> : Record<string, QueryValue> | undefined;
type JsonBodyOf<X extends ExtraDef> = X['body'] extends z.ZodType ? z.input<X['body']> : unknown;
/** A multipart body: a FormData, or its fields as an object (files as UploadedFile or Blob). */
type BodyOf<X extends ExtraDef> = X['multipart'] extends true ? FormData | JsonBodyOf<X> : JsonBodyOf<X>;
type ResultOf<X extends ExtraDef> = X['download'] extends true ? Uint8Array : z.output<X['response']>;

export type ExtraMethod<X extends ExtraDef> = X['method'] extends 'GET'
  ? (query?: QueryOf<X>) => Promise<ResultOf<X>>
  : (body?: BodyOf<X>, query?: QueryOf<X>) => Promise<ResultOf<X>>;

export interface GenericMethods<R> {
  readonly def: ResourceDef;
  list(query?: ListQuery): Promise<Page<RowOf<R>>>;
  page(query?: ListQuery): Promise<Page<RowOf<R>>>;
  detail(id: string): Promise<RowOf<R>>;
  submit(row: SubmitOf<R>): Promise<RowOf<R>>;
  remove(ids: readonly string[] | string): Promise<boolean>;
}

/** Names of a resource's declared extras (none when it declares none: the keys are then `string`). */
type ExtraKeys<R> = string extends keyof ExtrasOf<R> ? never : keyof ExtrasOf<R>;
/** An extra keyed like a generic method (e.g. `list` of a tree resource) replaces it. */
export type ResourceApi<R> = Omit<GenericMethods<R>, ExtraKeys<R>> & { [K in keyof ExtrasOf<R>]: ExtraMethod<ExtrasOf<R>[K]> };

/** The calls of an endpoint group, one method per endpoint. */
export type EndpointsApi<R> = R extends EndpointsDef<infer X> ? { readonly def: R } & { [K in keyof X]: ExtraMethod<X[K]> } : never;

/** What the SDK offers for a registry entry: a resource's methods, or an endpoint group's calls. */
export type EntryApi<R> = R extends EndpointsDef ? EndpointsApi<R> : ResourceApi<R>;

/** The client of one registry entry: an endpoint group's calls, or a resource's generic methods and extras. */
export function entryClient<R extends RegistryEntry>(client: AuthClient, def: R): EntryApi<R> {
  if (def.kind === 'endpoints') return Object.assign({ def }, extraMethods(client, def)) as unknown as EntryApi<R>;
  return resourceClient(client, def as ResourceDef) as EntryApi<R>;
}

/** One method per declared extra (or endpoint), calling its path under the entry's base. */
function extraMethods(client: AuthClient, def: RegistryEntry): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(def.extras).map(([key, extra]) => {
      const options = { binary: extra.download === true };
      const url = `${def.basePath}/${extra.path}`;
      return [
        key,
        extra.method === 'GET'
          ? (query?: Record<string, QueryValue>) => client.call('GET', url, query, undefined, options)
          : (body?: unknown, query?: Record<string, QueryValue>) =>
              client.call('POST', url, query, extra.multipart ? toFormData(body) : body, options),
      ];
    }),
  );
}

/** Generic methods of one registry resource, plus its declared extras. */
export function resourceClient<R extends ResourceDef>(client: AuthClient, def: R): ResourceApi<R> {
  const base = def.basePath;
  const generic: GenericMethods<R> = {
    def,
    list: (query) => client.call('GET', `${base}/list`, query),
    page: (query) => client.call('GET', `${base}/page`, query),
    detail: (id) => client.call('GET', `${base}/detail`, { [def.naturalKey?.detailParam ?? 'id']: id }),
    submit: (row) => client.call('POST', `${base}/submit`, undefined, row),
    remove: (ids) =>
      client.call('POST', `${base}/remove`, { [def.naturalKey?.removeParam ?? 'ids']: typeof ids === 'string' ? ids : ids.join(',') }),
  };
  return Object.assign(generic, extraMethods(client, def)) as ResourceApi<R>;
}

/** Fields of a multipart body as FormData: files (UploadedFile or Blob) as parts, the rest as text. */
function toFormData(body: unknown): FormData {
  if (body instanceof FormData) return body;
  const form = new FormData();
  const append = (name: string, value: unknown) => {
    if (value === undefined || value === null) return;
    if (value instanceof Blob) form.append(name, value);
    else if (typeof value === 'object' && (value as UploadedFile).data instanceof Uint8Array) {
      const file = value as UploadedFile;
      form.append(name, new Blob([file.data.slice()], { type: file.mimetype ?? 'application/octet-stream' }), file.filename);
    } else form.append(name, String(value));
  };
  // An array (several files under one name, as deploy-upload's `files`) is sent as repeated parts.
  for (const [name, value] of Object.entries((body ?? {}) as Record<string, unknown>)) {
    if (Array.isArray(value)) for (const item of value) append(name, item);
    else append(name, value);
  }
  return form;
}
