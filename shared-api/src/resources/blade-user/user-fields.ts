import { z } from 'zod';
import { commonColumns, optionalText, requiredText } from '../../common.js';
import { type Message, say, tooLong } from '../../messages.js';
import { userMessages as m } from './user-messages.js';

/** Field schemas of a user: the columns of blade_user and their checks. */

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ID_LIST = /^[1-9]\d{0,18}(,[1-9]\d{0,18})*$/;
/** Comma-joined ids, each within a 64-bit integer (a larger one would fail in the database). */
const isIdList = (v: string) => ID_LIST.test(v) && v.split(',').every((id) => BigInt(id) <= 9223372036854775807n);
const DATE = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;

export const account = (message: Message) => requiredText(message, 45).refine((v) => !/\s/.test(v), m.say.accountSpaces);

/** A phone number: required, 11 characters, digits. */
export const phone = z
  .string(m.say.phoneEmpty)
  .trim()
  .min(1, m.say.phoneEmpty)
  .refine((v) => v.length === 11, m.say.phoneLength)
  .refine((v) => /^\d+$/.test(v), m.say.phoneDigits);

/** A phone number that may be left empty (stored as null). */
export const optionalPhone = z
  .string(say('badType'))
  .trim()
  .refine((v) => v === '' || v.length === 11, m.say.phoneLength)
  .refine((v) => v === '' || /^\d+$/.test(v), m.say.phoneDigits)
  .transform((v) => v || null)
  .nullish();

export const optionalEmail = z
  .string(say('badType'))
  .trim()
  .max(45, tooLong(45))
  .refine((v) => v === '' || EMAIL.test(v), m.say.email)
  .transform((v) => v || null)
  .nullish();

/** Comma-joined ids a user holds (roles, departments): at least one. */
export const requiredIdList = (message: Message) => z.string(message).trim().min(1, message).refine(isIdList, say('badIds'));

export const optionalIdList = z
  .string(say('badIds'))
  .trim()
  .refine((v) => v === '' || isIdList(v), say('badIds'))
  .transform((v) => v || null)
  .nullish();

/** A number chosen from a dictionary (a form may send it as text); empty means none. */
export const choice = <const V extends readonly number[]>(message: Message, values: V) =>
  z
    .union([z.number(), z.string(), z.null()], message)
    .transform((v) => (v === '' || v === null ? undefined : Number(v)))
    .refine((v) => v === undefined || values.includes(v), message)
    .optional();

/** yyyy-MM-dd (optionally with a time); empty means none. */
export const optionalDate = z
  .string(say('badDate'))
  .trim()
  .refine((v) => v === '' || (DATE.test(v) && !Number.isNaN(Date.parse(v.slice(0, 10)))), say('badDate'))
  .transform((v) => v || null)
  .nullish();

/** A password typed by a person (user form, registration), checked against the rule on the server. */
export const plainPassword = z.string(say('badType')).max(255, tooLong(255));

/** The editable fields of a user, in the order the form checks them. */
export const userEntity = z.object({
  account: account(m.say.account),
  password: plainPassword.optional(),
  password2: plainPassword.optional(),
  name: requiredText(m.say.name, 20),
  realName: requiredText(m.say.realName, 10),
  code: optionalText(45),
  userType: choice(m.say.userType, [1, 2, 3]),
  roleId: requiredIdList(m.say.roleId),
  deptId: requiredIdList(m.say.deptId),
  postId: optionalIdList,
  phone: optionalPhone,
  email: optionalEmail,
  sex: choice(m.say.sex, [1, 2, 3]),
  birthday: optionalDate,
  avatar: optionalText(500),
});

/** A user as the API answers it (the password hash is never sent; empty text answers ""). */
export const userRow = commonColumns.extend({
  account: z.string(),
  code: z.string(),
  userType: z.number(),
  name: z.string(),
  realName: z.string(),
  avatar: z.string(),
  email: z.string(),
  phone: z.string(),
  birthday: z.string(),
  sex: z.number().nullable(),
  roleId: z.string(),
  deptId: z.string(),
  postId: z.string(),
  userExt: z.string(),
  mustChangePassword: z.number(),
});

/**
 * Why an account must change its password before anything else (`must_change_password`): `required`
 * after a first sign-in or an administrator's reset, `expired` when the compliance profile's expiry
 * held it at sign-in. They are told apart so that a hold the expiry made is lifted again when the
 * expiry no longer applies (the profile turned off, the expiry lengthened); any non-zero value holds.
 */
export const PASSWORD_CHANGE = { none: 0, required: 1, expired: 2 } as const;
export type UserRow = z.infer<typeof userRow>;
