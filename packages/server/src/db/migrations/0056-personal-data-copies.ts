import { type Kysely, sql } from 'kysely';

/**
 * The copies of personal data other tables keep, protected as the user's own phone and email are
 * (migration 53): the phone an SMS was sent to (`blade_sms_log`, `blade_sms_code`) and the email a
 * social account reported (`blade_user_oauth`). Each column is widened to hold
 * `sm4:<key id>:<iv><ciphertext>` and gets its HMAC-SM3 index column, searched instead of it
 * (the SMS limits count by phone, a code is checked by phone). Nothing is encrypted here: the
 * server does it when the protection is on.
 */
const statements = [
  'alter table blade_sms_log alter column phone type varchar(400)',
  'alter table blade_sms_log add column phone_index varchar(64)',
  'create index blade_sms_log_phone_index on blade_sms_log (phone_index, create_time) where phone_index is not null',
  'alter table blade_sms_code alter column phone type varchar(400)',
  'alter table blade_sms_code add column phone_index varchar(64)',
  'create index blade_sms_code_phone_index on blade_sms_code (tenant_id, phone_index) where phone_index is not null',
  'alter table blade_user_oauth alter column email type varchar(400)',
  'alter table blade_user_oauth add column email_index varchar(64)',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
