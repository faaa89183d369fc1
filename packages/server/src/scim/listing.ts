import { createHash } from 'node:crypto';
import { invalidValue } from './errors.js';
import { type Filter, matches, parseFilter } from './filter.js';
import type { AttrPath } from './paths.js';
import { parseAttributeList, project } from './projection.js';
import { listResponse, MAX_PAGE } from './schemas.js';
import { compareBy, parseSort, type Sortable } from './sorting.js';

type Json = Record<string, unknown>;

/** What a list request asks (RFC 7644 §3.4.2): checked before anything is read. */
export interface ListQuery {
  filter?: Filter;
  startIndex: number;
  count: number;
  attributes?: AttrPath[];
  excluded?: AttrPath[];
  /** `sortBy` / `sortOrder` (RFC 7644 §3.4.2.3); without it, resources come in id order. */
  sort?: { path: AttrPath; descending: boolean };
}

const text = (value: unknown, name: string): string | undefined => {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidValue(`${name} is given once`);
  return value;
};

/** A whole number parameter within bounds; absent gives the fallback, anything else a 400. */
function whole(value: unknown, name: string, fallback: number, min: number): number {
  const raw = text(value, name);
  if (raw === undefined || raw === '') return fallback;
  if (!/^-?\d{1,9}$/.test(raw.trim())) throw invalidValue(`${name} is a whole number`);
  return Math.max(min, Number(raw));
}

/**
 * The list parameters of a query string; `count` is capped at MAX_PAGE, and values below the
 * minimum count as it (RFC 7644 §3.4.2.4). `sortBy` must name one of the attributes the
 * resource type sorts by.
 */
export function parseListQuery(query: Record<string, unknown>, sortable: Sortable): ListQuery {
  const filter = text(query.filter, 'filter');
  return {
    filter: filter === undefined || filter.trim() === '' ? undefined : parseFilter(filter),
    startIndex: whole(query.startIndex, 'startIndex', 1, 1),
    count: Math.min(MAX_PAGE, whole(query.count, 'count', 100, 0)),
    sort: parseSort(text(query.sortBy, 'sortBy'), text(query.sortOrder, 'sortOrder'), sortable),
    ...projectionOf(query),
  };
}

/** `attributes` / `excludedAttributes` of a query string. */
export function projectionOf(query: Record<string, unknown>): { attributes?: AttrPath[]; excluded?: AttrPath[] } {
  return {
    attributes: parseAttributeList(text(query.attributes, 'attributes')),
    excluded: parseAttributeList(text(query.excludedAttributes, 'excludedAttributes')),
  };
}

/** The resources the query's filter matches. */
export function filtered(resources: Json[], query: ListQuery): Json[] {
  const { filter } = query;
  return filter ? resources.filter((resource) => matches(resource, filter)) : resources;
}

/** The list answer of the matching resources: sorted, then the page asked for, each narrowed to the attributes asked for. */
export function answerList(hits: Json[], query: ListQuery) {
  const sorted = query.sort ? [...hits].sort(compareBy(query.sort.path, query.sort.descending)) : hits;
  const page = sorted.slice(query.startIndex - 1, query.startIndex - 1 + query.count);
  return listResponse(
    page.map((resource) => project(resource, query.attributes, query.excluded)),
    hits.length,
    query.startIndex,
  );
}

/**
 * The version (ETag) of a resource: a digest of everything it says but its meta, so that any
 * change a client could see (a membership included) gives a new version.
 */
export function versionOf(resource: Json): string {
  const { meta: _meta, ...content } = resource;
  return `W/"${createHash('sha256').update(JSON.stringify(content)).digest('base64url').slice(0, 22)}"`;
}

/** The resource with its meta filled in (version last, over the rest). */
export function withMeta(resource: Json, meta: { resourceType: string; created: Date; lastModified: Date; location: string }): Json {
  const version = versionOf(resource);
  return {
    ...resource,
    meta: {
      resourceType: meta.resourceType,
      created: meta.created.toISOString(),
      lastModified: meta.lastModified.toISOString(),
      location: meta.location,
      version,
    },
  };
}
