import { z } from 'zod';
import { PAGE_SIZES } from './constants.js';
import { type Message, say, tooLong } from './messages.js';

/** A required text field: its own message when missing or blank, a length message when too long. */
export const requiredText = (message: Message, max = 255) => z.string(message).trim().min(1, message).max(max, tooLong(max));
/** An optional text field (null and absent allowed). */
export const optionalText = (max = 255) => z.string(say('badType')).max(max, tooLong(max)).nullish();

/** A 64-bit id as the API carries it: a decimal string. */
const MAX_ID = 9223372036854775807n;
// Checks run on after a failed regex (zod 4), so guard BigInt against text that is not digits.
const fitsInt8 = (v: string) => /^\d{1,19}$/.test(v) && BigInt(v) <= MAX_ID;
export const idString = z
  .string(say('badId'))
  .regex(/^[1-9]\d{0,18}$/, say('badId'))
  .refine(fitsInt8, say('badId'));
/** A parent reference: an id, or 0 for the root. */
export const parentIdString = z
  .string(say('badId'))
  .regex(/^(0|[1-9]\d{0,18})$/, say('badId'))
  .refine(fitsInt8, say('badId'));
/** An id field of a form: a string or a number, normalised to a string; empty means none. */
export const optionalId = z
  .union([z.string(), z.number().int()], say('badId'))
  .transform((v) => String(v))
  .pipe(z.union([z.literal(''), parentIdString], say('badId')))
  .transform((v) => (v === '' ? undefined : v))
  .optional();
/** An id field that may be cleared: empty or null stores none (null), absent leaves it as it is. */
export const clearableId = z
  .union([z.string(), z.number().int(), z.null()], say('badId'))
  .transform((v) => (v === null ? '' : String(v)))
  .pipe(z.union([z.literal(''), idString], say('badId')))
  .transform((v) => (v === '' ? null : v))
  .optional();
/** Comma-joined ids kept as text (e.g. a tenant package's menuId); 0 is allowed, as for parents. */
export const idListText = z
  .string()
  .regex(/^\d{1,19}(,\d{1,19})*$/, say('badIds'))
  .refine((s) => s.split(',').every(fitsInt8), say('badIds'));
export const idList = z
  .string(say('selectOne'))
  .min(1, say('selectOne'))
  .regex(/^[1-9]\d{0,18}(,[1-9]\d{0,18})*$/, say('badIds'))
  .refine((s) => s.split(',').every(fitsInt8), say('badIds'))
  .transform((s) => [...new Set(s.split(','))]);

/** A query-string integer. */
export const queryInt = (message: Message) =>
  z.preprocess((v) => (v === '' || v === undefined ? undefined : Number(v)), z.number(message).int(message));

export const pageQuery = z.object({
  current: queryInt(say('badPage'))
    .pipe(z.number().min(1, say('badPage')))
    .optional(),
  size: queryInt(say('badPageSize'))
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n as number), say('badPageSize'))
    .optional(),
  ascs: z.string().optional(),
  descs: z.string().optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/;
/** A real calendar date (`YYYY-MM-DD`, optionally ` HH:mm[:ss]`): 2021-02-30 or 25:00 would roll over silently in Date. */
export const isRealDate = (text: string) => {
  const match = DATE_TEXT.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1).map((p) => Number(p ?? 0));
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second
  );
};
const dateText = z.string().refine(isRealDate, say('badDate')).optional();
export const dateRangeQuery = z.object({ createTime_dategt: dateText, createTime_datelt: dateText });

/** BladeX BaseEntity columns every resource row carries (empty ids and times answer "", never null). */
export const commonColumns = z.object({
  id: z.string(),
  tenantId: z.string().optional(),
  createUser: z.string().optional(),
  createDept: z.string().optional(),
  createTime: z.string().optional(),
  updateUser: z.string().optional(),
  updateTime: z.string().optional(),
  status: z.number().optional(),
  isDeleted: z.number().optional(),
});
export type CommonColumns = z.infer<typeof commonColumns>;

/** A number in a form, sent as a number or a numeric string. */
/** An optional value a form may send as "" (BladeX answers null as "", and an edit form sends the row back): "" is null. */
export const emptyAsNull = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? null : v), schema.nullish());

export const formNumber = (message: Message) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v) : v),
    z.number(message).int(message),
  );

/** A file of a multipart upload: what the server hands to an extra, and what the SDK sends. */
export interface UploadedFile {
  filename: string;
  mimetype?: string;
  data: Uint8Array;
}
export const uploadedFile = (message: Message) =>
  z.custom<UploadedFile>(
    (v) =>
      typeof v === 'object' &&
      v !== null &&
      (v as UploadedFile).data instanceof Uint8Array &&
      typeof (v as UploadedFile).filename === 'string',
    message,
  );
