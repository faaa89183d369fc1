import { z } from 'zod';
import { formNumber, optionalId, optionalText, pageQuery, parentIdString, requiredText } from '../../common.js';
import { say, tooLong } from '../../messages.js';
import { defineExtra, type ResourceView } from '../../resource.js';
import { dictBulkExtras } from './dict-bulk.js';

/**
 * Fields shared by the system dictionary and the business dictionary: code, dictKey, dictValue,
 * sort and isSealed (0 or 1) are required, parentId, dictValueEn (the label on English screens;
 * empty shows dictValue) and remark optional.
 */
export const dictEntity = z.object({
  parentId: optionalId,
  code: requiredText(say('dictCode')),
  dictKey: z
    .union([z.string(), z.number()], say('dictKey'))
    .transform((v) => String(v).trim())
    .pipe(z.string().min(1, say('dictKey')).max(255, tooLong(255))),
  dictValue: requiredText(say('dictValue')),
  dictValueEn: optionalText(),
  sort: formNumber(say('dictSort')),
  isSealed: formNumber(say('dictSealed')).pipe(z.union([z.literal(0), z.literal(1)], say('dictSealed'))),
  remark: optionalText(),
});

export const dictRow = z.object({
  id: z.string(),
  parentId: z.string(),
  code: z.string(),
  dictKey: z.string(),
  dictValue: z.string(),
  /** The label on English screens; "" when none was given (dictValue is shown). */
  dictValueEn: z.string(),
  sort: z.number(),
  remark: z.string(),
  isSealed: z.number(),
});
export type DictRow = z.infer<typeof dictRow>;

export interface DictTreeNode extends DictRow {
  title: string;
  key: string;
  value: string;
  hasChildren: boolean;
  children?: DictTreeNode[];
}
const dictTreeNode: z.ZodType<DictTreeNode> = dictRow.extend({
  title: z.string(),
  key: z.string(),
  value: z.string(),
  hasChildren: z.boolean(),
  get children() {
    return z.array(dictTreeNode).optional();
  },
});

const dictPage = z.object({
  records: z.array(dictRow),
  total: z.number(),
  size: z.number(),
  current: z.number(),
  pages: z.number(),
});

export const dictExtras = (permission: string) => ({
  ...dictBulkExtras(permission),
  parentList: defineExtra({
    method: 'GET',
    path: 'parent-list',
    summary: 'Top-level dictionaries (code groups), paged',
    query: pageQuery.extend({ code: z.string().optional(), dictValue: z.string().optional() }),
    response: dictPage,
    permission,
  }),
  childList: defineExtra({
    method: 'GET',
    path: 'child-list',
    summary: 'Entries under one dictionary as a tree (BladeX); dictKey and dictValue keep matching entries, orphans become roots',
    // Paging parameters are accepted, as clients send them, but a tree list is not paged.
    query: pageQuery.extend({
      parentId: z.string(say('missingParam')).pipe(parentIdString),
      dictKey: z.string().optional(),
      dictValue: z.string().optional(),
    }),
    response: z.array(dictTreeNode),
    permission,
  }),
  tree: defineExtra({
    method: 'GET',
    path: 'tree',
    summary: 'The dictionary tree (code DICT lists every group)',
    query: z.object({ code: z.string().optional() }),
    response: z.array(dictTreeNode),
    permission: null,
  }),
  dictionary: defineExtra({
    method: 'GET',
    path: 'dictionary',
    summary: 'Entries of one dictionary code, sorted; unknown codes give an empty array',
    query: z.object({ code: z.string(say('missingParam')).min(1, say('missingParam')) }),
    response: z.array(dictRow),
    permission: null,
  }),
  dictionaryTree: defineExtra({
    method: 'GET',
    path: 'dictionary-tree',
    summary: 'Entries of one dictionary code as a tree',
    query: z.object({ code: z.string(say('missingParam')).min(1, say('missingParam')) }),
    response: z.array(dictTreeNode),
    permission: null,
  }),
});

export const dictView = (title: readonly [string, string]): ResourceView => ({
  title,
  dialogWidth: 880,
  columns: [
    { prop: 'code', label: ['字典编号', 'Code'], search: true },
    { prop: 'dictValue', label: ['字典名称', 'Name'], search: true },
    { prop: 'dictValueEn', label: ['英文名称', 'English name'] },
    { prop: 'dictKey', label: ['字典键值', 'Key'] },
    { prop: 'parentId', label: ['上级字典', 'Parent'], type: 'tree', hideInTable: true },
    { prop: 'sort', label: ['字典排序', 'Sort'], type: 'number' },
    { prop: 'isSealed', label: ['封存', 'Sealed'], type: 'select', dict: 'yes_no' },
    { prop: 'remark', label: ['字典备注', 'Remark'], type: 'textarea' },
  ],
});

export const dictFilters = { code: 'like', dictValue: 'like', dictKey: 'eq', parentId: 'eq' } as const;

/**
 * What the system and the business dictionary do alike: cached (read on every screen), the same
 * fields, filters and sorts, sorted by `sort`, and a key used once under one parent of one code.
 */
export const dictRules = {
  cached: true,
  entity: dictEntity,
  filters: dictFilters,
  sorts: ['sort', 'code', 'dictKey'],
  defaultSort: { column: 'sort' },
  unique: [{ fields: ['code', 'dictKey', 'parentId'], message: say('dictKeyTaken') }],
} as const;
