import { badRequest, DEFAULT_PAGE_SIZE, dateRangeQuery, pageQuery, type ResourceDef, say, withDetail } from '@sso/shared-api';
import { z } from 'zod';
import { toCamel } from '../kernel/rows.js';
import type { ListRequest } from './types.js';

/** The query-string schema of a resource's list: paging, sorting, date range and its filters. */
export function listQuerySchema(def: ResourceDef) {
  const shape: Record<string, z.ZodType> = {};
  for (const [field, op] of Object.entries(def.filters)) {
    const own = (def.entity.shape as Record<string, z.ZodType>)[field];
    // An empty filter means none; anything else must pass the field's own schema (and its message).
    shape[field] = op === 'like' || !own ? z.string().max(255).optional() : z.preprocess((v) => (v === '' ? undefined : v), own.optional());
  }
  // Tables without the BaseEntity columns have no createTime to filter on.
  return (def.commonColumns ? pageQuery.extend(dateRangeQuery.shape) : pageQuery).extend(shape);
}

/** Sort columns from `ascs`/`descs` (camelCase or snake_case), checked against the whitelist. */
function parseSorts(def: ResourceDef, ascs?: string, descs?: string) {
  const sorts: { column: string; desc: boolean }[] = [];
  const add = (list: string | undefined, desc: boolean) => {
    for (const raw of (list ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const column = toCamel(raw);
      if (!def.sorts.includes(column)) throw badRequest(withDetail(say('badSort'), raw));
      sorts.push({ column, desc });
    }
  };
  add(ascs, false);
  add(descs, true);
  if (!sorts.length) sorts.push(def.defaultSort);
  const key = def.keyField;
  if (!sorts.some((s) => s.column === key)) sorts.push({ column: key, desc: false });
  return sorts;
}

export function toListRequest(def: ResourceDef, query: Record<string, unknown>): ListRequest {
  const filters: ListRequest['filters'] = [];
  for (const [field, op] of Object.entries(def.filters)) {
    const value = query[field];
    // A filter a schema turned into null (an empty id list) filters nothing, as an empty one.
    if (value === undefined || value === null || value === '') continue;
    filters.push({ column: field, op, value });
  }
  return {
    current: (query.current as number | undefined) ?? 1,
    size: (query.size as number | undefined) ?? DEFAULT_PAGE_SIZE,
    sorts: parseSorts(def, query.ascs as string | undefined, query.descs as string | undefined),
    filters,
    createdAfter: query.createTime_dategt as string | undefined,
    createdBefore: query.createTime_datelt as string | undefined,
  };
}
