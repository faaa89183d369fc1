import { type Kysely, sql } from 'kysely';

/**
 * The personal-data keys are stored wrapped under a master key kept outside the database
 * (db/master-key.ts): `sm4kw:<iv><ciphertext>.<tag>` is longer than the clear key, so the columns
 * widen. The keys themselves are wrapped by the server when it next reads them, since only it
 * holds the master key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sso_personal_key alter column cipher_key type varchar(400), alter column index_key type varchar(400)`.execute(db);
}
