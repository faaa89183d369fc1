/**
 * The personal data kept SM4-encrypted at rest once a personal-data key exists: each table's
 * protected columns (snake_case, as the database names them) with the column of its keyed
 * HMAC-SM3 index, searched instead of the value. A user's phone and email, and the copies of them
 * other tables keep: the phone an SMS was sent to (its log and its pending code) and the email a
 * social account reported.
 */
export const PROTECTED_COLUMNS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  blade_user: { phone: 'phone_index', email: 'email_index' },
  blade_user_oauth: { email: 'email_index' },
  blade_sms_log: { phone: 'phone_index' },
  blade_sms_code: { phone: 'phone_index' },
};

/** The protected tables, in the order a catch-up rewrites them (users first: what people search). */
export const PROTECTED_TABLES = Object.keys(PROTECTED_COLUMNS);
