import type { Filter } from './filter.js';
import type { AttrPath } from './paths.js';

/**
 * What the database can read narrowly for a filter. A list is filtered in memory, exactly; before
 * that, the equalities every match must meet (the `eq` conjuncts at the top of the filter, as a
 * provisioning client sends `userName eq "…"` or `displayName eq "…"` before each write) narrow
 * what is read, so that such a lookup does not read the whole tenant. Narrowing reads a superset:
 * the filter still decides.
 */

export interface Equality {
  path: AttrPath;
  /** The value compared, as given. */
  value: string;
}

/**
 * The `attr eq "text"` conjuncts of a filter. Only values whose case folding is the same in the
 * database and here are kept (ASCII, or text without case such as Chinese), so that a row the
 * filter matches is never left out by the database's `lower()`.
 */
export function equalities(filter: Filter | undefined): Equality[] {
  if (!filter) return [];
  if (filter.kind === 'and') return [...equalities(filter.left), ...equalities(filter.right)];
  if (filter.kind !== 'compare' || filter.op !== 'eq' || typeof filter.value !== 'string') return [];
  const value = filter.value;
  const foldsAlike = /^[\x20-\x7e]*$/.test(value) || (value.toLowerCase() === value && value.toUpperCase() === value);
  return foldsAlike ? [{ path: filter.path, value }] : [];
}

/** The equality on an attribute (core schema, or the extension URN given lower-cased), if the filter has one. */
export function equalityOn(list: readonly Equality[], attr: string, urn?: string): string | undefined {
  return list.find((e) => e.path.attr.toLowerCase() === attr.toLowerCase() && e.path.urn === urn && !e.path.sub)?.value;
}

/** Whether a filter reads an attribute anywhere (then what it needs must be loaded). */
export function mentions(filter: Filter | undefined, attr: string): boolean {
  if (!filter) return false;
  switch (filter.kind) {
    case 'and':
    case 'or':
      return mentions(filter.left, attr) || mentions(filter.right, attr);
    case 'not':
      return mentions(filter.filter, attr);
    case 'valuePath':
      return filter.path.attr.toLowerCase() === attr.toLowerCase() || mentions(filter.filter, attr);
    default:
      return !filter.path.urn && filter.path.attr.toLowerCase() === attr.toLowerCase();
  }
}

/** Whether an answer shows an attribute, given `attributes` / `excludedAttributes`. */
export function answers(attr: string, attributes?: AttrPath[], excluded?: AttrPath[]): boolean {
  const named = (paths: AttrPath[]) => paths.some((p) => !p.urn && p.attr.toLowerCase() === attr.toLowerCase());
  if (attributes) return named(attributes);
  if (excluded) return !excluded.some((p) => !p.urn && !p.sub && p.attr.toLowerCase() === attr.toLowerCase());
  return true;
}
