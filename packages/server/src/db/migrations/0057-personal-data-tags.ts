import { type Kysely, sql } from 'kysely';

/**
 * Personal data at rest carries an integrity tag (HMAC-SM3) after its ciphertext. The keys made
 * before this migration are marked untagged (0): values they wrote carry no tag and still read,
 * and the catch-up rewrites them with one. Every key made from now on is tagged (1) and refuses a
 * value without its tag.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sso_personal_key add column tagged smallint not null default 0`.execute(db);
}
