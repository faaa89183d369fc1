import { invalidPath } from './errors.js';

/**
 * Attribute paths (RFC 7644 §3.10): `attr`, `attr.sub`, optionally prefixed by a schema URN
 * (`urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:employeeNumber`). Names are
 * matched case-insensitively, as the RFC requires.
 */
export interface AttrPath {
  /** The schema URN the path names, lower-cased; undefined for the resource's core schema. */
  urn?: string;
  attr: string;
  sub?: string;
}

type Json = Record<string, unknown>;

const NAME = /^[A-Za-z$][\w$-]*$/;

/** Core schema URNs: a path under them addresses the top level of the resource. */
export const CORE_SCHEMAS = new Set(['urn:ietf:params:scim:schemas:core:2.0:user', 'urn:ietf:params:scim:schemas:core:2.0:group']);

/** Parses one attribute path; a malformed one is a 400 (`invalidPath`, or the caller's own error). */
export function parseAttrPath(text: string, refuse: (detail: string) => Error = invalidPath): AttrPath {
  let rest = text.trim();
  let urn: string | undefined;
  if (rest.toLowerCase().startsWith('urn:')) {
    const cut = rest.lastIndexOf(':');
    urn = rest.slice(0, cut).toLowerCase();
    rest = rest.slice(cut + 1);
    if (CORE_SCHEMAS.has(urn)) urn = undefined;
  }
  const [attr, sub, more] = rest.split('.');
  if (!attr || !NAME.test(attr) || (sub !== undefined && !NAME.test(sub)) || more !== undefined) {
    throw refuse(`Invalid attribute path: ${text.slice(0, 100)}`);
  }
  return { urn, attr, sub };
}

/** The key of an object matching a name case-insensitively. */
export function keyOf(object: Json, name: string): string | undefined {
  const lower = name.toLowerCase();
  return Object.keys(object).find((key) => key.toLowerCase() === lower);
}

export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The object holding the path's attribute: the resource itself, or its extension object (created when `create`). */
export function containerOf(resource: Json, path: AttrPath, create = false): Json | undefined {
  if (!path.urn) return resource;
  const key = keyOf(resource, path.urn);
  const found = key === undefined ? undefined : resource[key];
  if (isObject(found)) return found;
  if (!create) return undefined;
  const made: Json = {};
  resource[path.urn] = made;
  return made;
}

/** Every value the path reaches (multi-valued attributes flattened; a complex multi-valued attribute without `.sub` reaches its `value`s). */
export function valuesAt(resource: Json, path: AttrPath): unknown[] {
  const holder = containerOf(resource, path);
  if (!holder) return [];
  const key = keyOf(holder, path.attr);
  const found = key === undefined ? undefined : holder[key];
  const items = found === undefined || found === null ? [] : Array.isArray(found) ? found : [found];
  const sub = path.sub ?? (Array.isArray(found) ? 'value' : undefined);
  if (!sub) return items;
  return items.flatMap((item) => {
    if (!isObject(item)) return sub === 'value' && !path.sub ? [item] : [];
    const subKey = keyOf(item, sub);
    const value = subKey === undefined ? undefined : item[subKey];
    return value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
  });
}

/** Whether text is a platform id: digits within a 64-bit integer (a larger one would fail in the database). */
export const isPlatformId = (text: string) => /^[1-9]\d{0,18}$/.test(text) && BigInt(text) <= 9223372036854775807n;

/** The longest `externalId` kept. */
export const MAX_EXTERNAL_ID = 255;
