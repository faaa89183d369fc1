import { z } from 'zod';
import { wxMessages as m } from './wx-messages.js';

/** An optional field: "" as sent by forms counts as no value. */
export const blankAsNull = (schema: z.ZodType) => z.preprocess((v) => (v === '' ? null : v), schema.nullish());

/** A web address WeChat opens (a view menu, a template message): http(s), at most 1024 characters. */
export const wxUrl = blankAsNull(
  z
    .string(m.say.url)
    .trim()
    .max(1024, m.say.url)
    .regex(/^https?:\/\/[^\s/?#]+[^\s]*$/i, m.say.url),
);

/** A mini program's AppID as WeChat writes it: wx and 16 hexadecimal digits. */
export const wxMiniAppId = blankAsNull(
  z
    .string(m.say.wxAppId)
    .trim()
    .regex(/^wx[0-9a-fA-F]{16}$/, m.say.wxAppId),
);
