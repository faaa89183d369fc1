import { invalidPath, invalidSyntax, invalidValue, ScimError } from './errors.js';
import { type Filter, matches, parseFilter } from './filter.js';
import { type AttrPath, CORE_SCHEMAS, containerOf, isObject, keyOf, parseAttrPath } from './paths.js';
import { EXTENSION_SCHEMAS } from './schemas.js';

/**
 * PATCH (RFC 7644 §3.5.2): `add`, `replace` and `remove` operations applied, in order, to a copy
 * of the resource's SCIM representation. The result is then saved exactly like a PUT of it, so
 * that a PATCH passes the same checks as any other write.
 */

type Json = Record<string, unknown>;

export const PATCH_OP_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const MAX_OPERATIONS = 1000;

interface PatchPath {
  path: AttrPath;
  /** `attr[filter]`: the elements of a multi-valued attribute the operation targets. */
  filter?: Filter;
  /** `attr[filter].sub`: the sub-attribute of those elements. */
  subAfterFilter?: string;
}

export interface PatchOperation {
  op: 'add' | 'replace' | 'remove';
  path?: PatchPath;
  value?: unknown;
}

const noTarget = (detail: string) => new ScimError(400, detail, 'noTarget');

/** Reads and checks a PATCH body; anything malformed is a 400 naming what is wrong. */
export function parsePatchBody(body: unknown, readOnly: readonly string[]): PatchOperation[] {
  if (!isObject(body)) throw invalidSyntax('The body must be a JSON object');
  const schemas = body[keyOf(body, 'schemas') ?? ''];
  if (!Array.isArray(schemas) || !schemas.includes(PATCH_OP_SCHEMA))
    throw invalidSyntax(`A PATCH body names the schema ${PATCH_OP_SCHEMA}`);
  const operations = body[keyOf(body, 'Operations') ?? ''];
  if (!Array.isArray(operations) || !operations.length) throw invalidSyntax('A PATCH body carries a non-empty Operations array');
  if (operations.length > MAX_OPERATIONS) throw new ScimError(400, `At most ${MAX_OPERATIONS} operations per PATCH`, 'tooMany');
  return operations.map((raw) => {
    if (!isObject(raw)) throw invalidSyntax('Each operation is a JSON object');
    const op = String(raw[keyOf(raw, 'op') ?? ''] ?? '').toLowerCase();
    if (op !== 'add' && op !== 'replace' && op !== 'remove') throw invalidSyntax('An operation is add, replace or remove');
    const pathText = raw[keyOf(raw, 'path') ?? ''];
    if (pathText !== undefined && typeof pathText !== 'string') throw invalidPath('A path is a string');
    const path = pathText === undefined || pathText.trim() === '' ? undefined : parsePatchPath(pathText);
    if (path && !path.path.urn && readOnly.includes(path.path.attr.toLowerCase())) {
      throw new ScimError(400, `The attribute ${path.path.attr} cannot be changed`, 'mutability');
    }
    const valueKey = keyOf(raw, 'value');
    const value = valueKey === undefined ? undefined : raw[valueKey];
    if (op !== 'remove' && value === undefined) throw invalidValue(`The ${op} operation needs a value`);
    if (op === 'remove' && !path) throw noTarget('A remove operation needs a path');
    if (!path && !isObject(value)) throw invalidValue(`Without a path, the value of ${op} is an object of attributes`);
    return { op, path, value };
  });
}

function parsePatchPath(text: string): PatchPath {
  if (text.length > 1000) throw invalidPath('The path is too long');
  const open = text.indexOf('[');
  if (open < 0) return { path: parseAttrPath(text) };
  const close = text.lastIndexOf(']');
  if (close < open) throw invalidPath(`Invalid path: ${text.slice(0, 100)}`);
  const path = parseAttrPath(text.slice(0, open));
  if (path.sub) throw invalidPath('A filter follows an attribute, not a sub-attribute');
  let filter: Filter;
  try {
    filter = parseFilter(text.slice(open + 1, close));
  } catch (error) {
    throw error instanceof ScimError ? invalidPath(`Invalid filter in path: ${error.message}`) : error;
  }
  const after = text.slice(close + 1);
  if (after && !/^\.[A-Za-z$][\w$-]*$/.test(after)) throw invalidPath(`Invalid path: ${text.slice(0, 100)}`);
  return { path, filter, subAfterFilter: after ? after.slice(1) : undefined };
}

/** The resource with the operations applied (a new object; the given one is left as it is). */
export function applyPatch(resource: Json, operations: readonly PatchOperation[]): Json {
  const out = structuredClone(resource);
  for (const operation of operations) {
    if (!operation.path) {
      for (const [name, value] of Object.entries(operation.value as Json)) applyToAttribute(out, operation.op, attributeOf(name), value);
    } else if (operation.path.filter) {
      applyToElements(out, operation, operation.path);
    } else {
      applyToAttribute(out, operation.op, operation.path.path, operation.value);
    }
  }
  return out;
}

/** A key of a path-less value: an attribute, or an extension URN whose object is merged attribute by attribute. */
function attributeOf(name: string): AttrPath {
  const lower = name.toLowerCase();
  if (CORE_SCHEMAS.has(lower)) return { attr: '' };
  return EXTENSION_SCHEMAS.has(lower) ? { urn: lower, attr: '' } : parseAttrPath(name);
}

const sameElement = (a: unknown, b: unknown) => {
  const key = (v: unknown) => (isObject(v) ? v[keyOf(v, 'value') ?? ''] : v);
  const ka = key(a);
  return ka !== undefined && String(ka).toLowerCase() === String(key(b)).toLowerCase();
};

function applyToAttribute(resource: Json, op: PatchOperation['op'], path: AttrPath, value: unknown): void {
  if (path.attr === '') {
    // A whole schema's object given without a path: each of its attributes in turn.
    if (!isObject(value)) throw invalidValue('The value of a schema URN is an object');
    for (const [name, inner] of Object.entries(value)) {
      const attribute = parseAttrPath(name);
      applyToAttribute(resource, op, { ...attribute, urn: path.urn }, inner);
    }
    return;
  }
  const holder = containerOf(resource, path, op !== 'remove');
  if (!holder) return;
  const key = keyOf(holder, path.attr) ?? path.attr;
  if (path.sub) {
    const parent = isObject(holder[key]) ? (holder[key] as Json) : op === 'remove' ? undefined : {};
    if (!parent) return;
    holder[key] = parent;
    const subKey = keyOf(parent, path.sub) ?? path.sub;
    if (op === 'remove') delete parent[subKey];
    else parent[subKey] = value;
    return;
  }
  const current = holder[key];
  if (op === 'remove') {
    // Remove with a value (as several clients send for members): only those elements go.
    if (value !== undefined && Array.isArray(current)) {
      const gone = Array.isArray(value) ? value : [value];
      holder[key] = current.filter((item) => !gone.some((g) => sameElement(item, g)));
    } else {
      delete holder[key];
    }
    return;
  }
  if (op === 'add' && (Array.isArray(current) || Array.isArray(value))) {
    const existing = Array.isArray(current) ? current : current === undefined || current === null ? [] : [current];
    const added = (Array.isArray(value) ? value : [value]).filter((item) => !existing.some((e) => sameElement(e, item)));
    holder[key] = [...existing, ...added];
  } else if (op === 'add' && isObject(current) && isObject(value)) {
    holder[key] = { ...current, ...value };
  } else {
    holder[key] = value;
  }
}

function applyToElements(resource: Json, operation: PatchOperation, path: PatchPath): void {
  const holder = containerOf(resource, path.path, false);
  const key = holder ? keyOf(holder, path.path.attr) : undefined;
  const current = holder && key !== undefined ? holder[key] : undefined;
  const items = Array.isArray(current) ? current : [];
  const hits = items.filter((item) => matches(isObject(item) ? item : { value: item }, path.filter as Filter));
  if (!hits.length) {
    if (operation.op === 'remove') return;
    throw noTarget(`No value of ${path.path.attr} matches the filter of the path`);
  }
  if (!holder || key === undefined) return;
  if (operation.op === 'remove' && !path.subAfterFilter) {
    holder[key] = items.filter((item) => !hits.includes(item));
    return;
  }
  for (const hit of hits) {
    if (!isObject(hit)) continue;
    if (path.subAfterFilter) {
      const subKey = keyOf(hit, path.subAfterFilter) ?? path.subAfterFilter;
      if (operation.op === 'remove') delete hit[subKey];
      else hit[subKey] = operation.value;
    } else if (isObject(operation.value)) {
      if (operation.op === 'replace') for (const k of Object.keys(hit)) delete hit[k];
      Object.assign(hit, operation.value);
    } else {
      throw invalidValue(`The value for ${path.path.attr}[…] is an object`);
    }
  }
}
