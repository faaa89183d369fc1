import { type Kysely, sql } from 'kysely';

/**
 * Personal data encrypted at rest (SM4) with a keyed index for exact search (HMAC-SM3).
 *
 * - `sso_personal_key`: the numbered key pairs, an SM4 key and an index key each; the newest is the
 *   one new values are written under, older ones still read rows not yet re-encrypted. Kept apart
 *   from the rows they protect, as the other data keys are.
 * - `blade_user.phone`, `.email` widened to hold `sm4:<key id>:<iv><ciphertext>` in hex;
 *   `phone_index`, `email_index` hold the HMAC-SM3 of the plain value, searched instead of it.
 * Nothing is encrypted here: the server does it when the protection is turned on (the first key).
 */
const statements = [
  `create table sso_personal_key (id int primary key, cipher_key varchar(200) not null, index_key varchar(200) not null,
    created_at timestamptz not null default now())`,
  'alter table blade_user alter column phone type varchar(400)',
  'alter table blade_user alter column email type varchar(400)',
  'alter table blade_user add column phone_index varchar(64)',
  'alter table blade_user add column email_index varchar(64)',
  'create index blade_user_phone_index on blade_user (phone_index) where phone_index is not null',
  'create index blade_user_email_index on blade_user (email_index) where email_index is not null',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
