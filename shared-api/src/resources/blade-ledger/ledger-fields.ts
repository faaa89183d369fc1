import { z } from 'zod';
import { formNumber, isRealDate } from '../../common.js';
import { ledgerMessages as m } from './ledger-messages.js';

/** A 0/1 flag sent as a number or numeric text. */
export const flag = formNumber(m.say.flag).pipe(z.union([z.literal(0), z.literal(1)], m.say.flag));

/** A day as `yyyy-MM-dd`, kept as text; empty means none. */
export const dayText = z
  .string(m.say.date)
  .trim()
  .refine((v) => v === '' || (/^\d{4}-\d{2}-\d{2}$/.test(v) && isRealDate(v)), m.say.date)
  .nullish();
