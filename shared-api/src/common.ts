import { z } from 'zod';
import { PAGE_SIZES } from './constants.js';
import { zh } from './messages.js';

/** A 64-bit id as the API carries it: a decimal string. */
const MAX_ID = 9223372036854775807n;
const fitsInt8 = (v: string) => BigInt(v) <= MAX_ID;
export const idString = z
  .string({ error: zh('badId') })
  .regex(/^[1-9]\d{0,18}$/, zh('badId'))
  .refine(fitsInt8, zh('badId'));
/** A parent reference: an id, or 0 for the root. */
export const parentIdString = z
  .string({ error: zh('badId') })
  .regex(/^(0|[1-9]\d{0,18})$/, zh('badId'))
  .refine(fitsInt8, zh('badId'));
/** An id field of a form: a string or a number, normalised to a string; empty means none. */
export const optionalId = z
  .union([z.string(), z.number().int()], { error: zh('badId') })
  .transform((v) => String(v))
  .pipe(z.union([z.literal(''), parentIdString], { error: zh('badId') }))
  .transform((v) => (v === '' ? undefined : v))
  .optional();
export const idList = z
  .string({ error: zh('selectOne') })
  .min(1, zh('selectOne'))
  .regex(/^[1-9]\d{0,18}(,[1-9]\d{0,18})*$/, zh('badIds'))
  .refine((s) => s.split(',').every(fitsInt8), zh('badIds'))
  .transform((s) => [...new Set(s.split(','))]);

/** A query-string integer. */
export const queryInt = (message: string) =>
  z.preprocess((v) => (v === '' || v === undefined ? undefined : Number(v)), z.number({ error: message }).int(message));

export const pageQuery = z.object({
  current: queryInt(zh('badPage')).pipe(z.number().min(1, zh('badPage'))).optional(),
  size: queryInt(zh('badPageSize'))
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n as number), zh('badPageSize'))
    .optional(),
  ascs: z.string().optional(),
  descs: z.string().optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

const dateText = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/, zh('badDate'))
  .optional();
export const dateRangeQuery = z.object({ createTime_dategt: dateText, createTime_datelt: dateText });

/** BladeX BaseEntity columns every resource row carries. */
export const commonColumns = z.object({
  id: z.string(),
  tenantId: z.string().optional(),
  createUser: z.string().nullable().optional(),
  createDept: z.string().nullable().optional(),
  createTime: z.string().nullable().optional(),
  updateUser: z.string().nullable().optional(),
  updateTime: z.string().nullable().optional(),
  status: z.number().optional(),
  isDeleted: z.number().optional(),
});
export type CommonColumns = z.infer<typeof commonColumns>;

/** A number in a form, sent as a number or a numeric string. */
export const formNumber = (message: string) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v) : v),
    z.number({ error: message }).int(message),
  );
