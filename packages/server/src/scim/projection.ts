import { invalidValue } from './errors.js';
import { type AttrPath, containerOf, isObject, keyOf, parseAttrPath } from './paths.js';

type Json = Record<string, unknown>;

/** Attributes answered whatever `attributes`/`excludedAttributes` say (RFC 7643 "returned: always"). */
const ALWAYS = new Set(['id', 'schemas', 'meta']);

/** The comma-separated attribute paths of `attributes` or `excludedAttributes`; a bad one is a 400. */
export function parseAttributeList(text: string | undefined): AttrPath[] | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  if (text.length > 2000) throw invalidValue('The attribute list is too long');
  return text.split(',').map((part) => parseAttrPath(part, (detail) => invalidValue(detail)));
}

/** The resource narrowed to the attributes asked for, or without the excluded ones. */
export function project(resource: Json, attributes?: AttrPath[], excluded?: AttrPath[]): Json {
  if (attributes) {
    const out: Json = {};
    for (const key of Object.keys(resource)) if (ALWAYS.has(key)) out[key] = resource[key];
    for (const path of attributes) copyPath(resource, out, path);
    return out;
  }
  if (excluded) {
    const out = structuredClone(resource);
    for (const path of excluded) removePath(out, path);
    return out;
  }
  return resource;
}

function copyPath(from: Json, to: Json, path: AttrPath): void {
  const source = containerOf(from, path);
  if (!source) return;
  const key = keyOf(source, path.attr);
  if (key === undefined) return;
  let target = to;
  if (path.urn) {
    const urnKey = keyOf(from, path.urn) as string;
    target = isObject(to[urnKey]) ? (to[urnKey] as Json) : {};
    to[urnKey] = target;
  }
  const value = source[key];
  if (!path.sub) {
    target[key] = value;
    return;
  }
  const pick = (item: unknown) => {
    if (!isObject(item)) return undefined;
    const subKey = keyOf(item, path.sub as string);
    return subKey === undefined ? undefined : { [subKey]: item[subKey] };
  };
  if (Array.isArray(value)) target[key] = value.map(pick).filter(Boolean);
  else if (isObject(value)) target[key] = { ...(isObject(target[key]) ? (target[key] as Json) : {}), ...pick(value) };
}

function removePath(resource: Json, path: AttrPath): void {
  const holder = containerOf(resource, path);
  if (!holder) return;
  const key = keyOf(holder, path.attr);
  if (key === undefined || (!path.urn && ALWAYS.has(key))) return;
  if (!path.sub) {
    delete holder[key];
    return;
  }
  const items = Array.isArray(holder[key]) ? (holder[key] as unknown[]) : [holder[key]];
  for (const item of items) {
    if (!isObject(item)) continue;
    const subKey = keyOf(item, path.sub);
    if (subKey !== undefined) delete item[subKey];
  }
}
