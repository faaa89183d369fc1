import { z } from 'zod';
import { optionalText } from '../../common.js';
import { defineMessages, type Said, tooLong } from '../../messages.js';
import { defineExtra } from '../../resource.js';

export const dictBulkMessages = defineMessages('dictBulk', {
  code: ['字典编号不能为空', 'Dictionary code is required'],
  dictKey: ['字典键值不能为空', 'Dictionary key is required'],
  dictValue: ['字典名称不能为空', 'Dictionary name is required'],
  sort: ['字典排序必须是整数', 'Sort must be an integer'],
  isSealed: ['封存只能是 0 或 1', 'Sealed must be 0 or 1'],
  rows: ['每次导入 1 到 200 行', 'Send 1 to 200 rows at a time'],
});
const m = dictBulkMessages;

const text = (message: Said) =>
  z
    .union([z.string(), z.number()], message)
    .transform((v) => String(v).trim())
    .pipe(z.string().min(1, message).max(255, tooLong(255)));

/** One entry of a bulk import: upserted by code + parent + dictKey; parentKey names a parent entry of the same code. */
export const dictImportRow = z.object({
  code: text(m.say.code),
  dictKey: text(m.say.dictKey),
  dictValue: text(m.say.dictValue),
  /** The label on English screens; left as it is when absent. */
  dictValueEn: z.string().trim().max(255, tooLong(255)).optional(),
  sort: z.coerce.number(m.say.sort).int(m.say.sort).optional(),
  isSealed: z.coerce
    .number(m.say.isSealed)
    .pipe(z.union([z.literal(0), z.literal(1)], m.say.isSealed))
    .optional(),
  remark: optionalText(),
  /** dictKey of the parent entry; empty: directly under the code's group. */
  parentKey: z.string().trim().max(255, tooLong(255)).optional(),
  /** Name of the code's group when it has to be created (default: the code). */
  codeName: z.string().trim().max(255, tooLong(255)).optional(),
});
export type DictImportRow = z.input<typeof dictImportRow>;

export const dictBulkResult = z.object({
  inserted: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  /** Rows left as they were, by index in the request, with the reason. */
  failures: z.array(z.object({ index: z.number(), message: z.string() })),
});

/** Bulk upsert for `sso dict import`: idempotent, parents and groups created as needed. */
export const dictBulkExtras = (permission: string) => ({
  bulkUpsert: defineExtra({
    method: 'POST',
    path: 'bulk-upsert',
    summary: 'Upsert up to 200 entries by code + parent + dictKey (parents created as needed)',
    body: z.object({ rows: z.array(dictImportRow, m.say.rows).min(1, m.say.rows).max(200, m.say.rows) }),
    response: dictBulkResult,
    permission: `${permission}_add`,
  }),
});
