import { invalidValue } from './errors.js';
import { type AttrPath, containerOf, isObject, keyOf, parseAttrPath } from './paths.js';
import { ENTERPRISE_USER_SCHEMA, PLATFORM_GROUP_SCHEMA } from './schemas.js';

/**
 * Sorting (RFC 7644 §3.4.2.3): `sortBy` names one attribute, `sortOrder` is `ascending` (the
 * default) or `descending`. Strings compare case-insensitively in Unicode code point order with
 * no locale (every attribute here is caseExact false), booleans false before true, timestamps as
 * instants; a multi-valued attribute sorts by its primary value, else its first. Resources
 * without a value come last ascending and first descending, as the RFC says; ties keep id order.
 * Only the attributes listed per resource type sort: any other `sortBy` is a 400 `invalidValue`,
 * never a silently unsorted answer.
 */

type Json = Record<string, unknown>;

/** The attributes a resource type sorts by, as `attr`, `attr.sub` or `<extension urn>:attr` (lower-cased). */
export type Sortable = ReadonlySet<string>;

const COMMON = ['id', 'externalid', 'meta.created', 'meta.lastmodified'];
export const USER_SORTS: Sortable = new Set([
  ...COMMON,
  'username',
  'displayname',
  'name.formatted',
  'active',
  'emails',
  'emails.value',
  'phonenumbers',
  'phonenumbers.value',
  `${ENTERPRISE_USER_SCHEMA.toLowerCase()}:employeenumber`,
]);
export const GROUP_SORTS: Sortable = new Set([...COMMON, 'displayname', `${PLATFORM_GROUP_SCHEMA.toLowerCase()}:kind`]);
/** The root `/.search` spans both types: an attribute either sorts by (the other type's resources have no value). */
export const ANY_SORTS: Sortable = new Set([...USER_SORTS, ...GROUP_SORTS]);

const keyText = (path: AttrPath) => `${path.urn ? `${path.urn}:` : ''}${path.attr}${path.sub ? `.${path.sub}` : ''}`.toLowerCase();

/** `sortBy` and `sortOrder` as given (each at most once); absent `sortBy` means no sorting, and then `sortOrder` is ignored. */
export function parseSort(
  sortBy: string | undefined,
  sortOrder: string | undefined,
  sortable: Sortable,
): { path: AttrPath; descending: boolean } | undefined {
  if (sortOrder !== undefined && sortOrder.trim() !== '' && !/^(ascending|descending)$/i.test(sortOrder.trim())) {
    throw invalidValue('sortOrder is ascending or descending');
  }
  if (sortBy === undefined || sortBy.trim() === '') return undefined;
  if (sortBy.length > 300) throw invalidValue('sortBy is too long');
  const path = parseAttrPath(sortBy, (detail) => invalidValue(detail));
  if (!sortable.has(keyText(path))) {
    throw invalidValue(`Cannot sort by ${sortBy.slice(0, 100)}; sortBy is one of: ${[...sortable].join(', ')}`);
  }
  return { path, descending: sortOrder?.trim().toLowerCase() === 'descending' };
}

/** The value a resource sorts by: the attribute, or for a multi-valued one its primary (else first) element's value. */
function sortValue(resource: Json, path: AttrPath): unknown {
  const holder = containerOf(resource, path);
  if (!holder) return undefined;
  const key = keyOf(holder, path.attr);
  let found = key === undefined ? undefined : holder[key];
  if (Array.isArray(found)) {
    found = found.find((item) => isObject(item) && item[keyOf(item, 'primary') ?? ''] === true) ?? found[0];
    if (isObject(found) && !path.sub) found = found[keyOf(found, 'value') ?? ''];
  }
  if (path.sub) found = isObject(found) ? found[keyOf(found, path.sub) ?? ''] : undefined;
  return found === null || found === '' ? undefined : found;
}

/** Orders two present values of the same attribute; values of different types order by type name, so the order is total. */
function compareValues(a: unknown, b: unknown): number {
  if (typeof a !== typeof b) return typeof a < typeof b ? -1 : 1;
  if (typeof a === 'string') {
    const x = a.toLowerCase();
    const y = (b as string).toLowerCase();
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (typeof a === 'number' || typeof a === 'boolean') return Number(a) - Number(b);
  return 0;
}

/** A comparator of resources for Array.prototype.sort (stable: ties keep the order they came in). */
export function compareBy(path: AttrPath, descending: boolean): (a: Json, b: Json) => number {
  return (a, b) => {
    const x = sortValue(a, path);
    const y = sortValue(b, path);
    // No value: last ascending, first descending — the same place as the greatest value.
    if (x === undefined || y === undefined) return x === y ? 0 : (x === undefined ? 1 : -1) * (descending ? -1 : 1);
    return compareValues(x, y) * (descending ? -1 : 1);
  };
}
