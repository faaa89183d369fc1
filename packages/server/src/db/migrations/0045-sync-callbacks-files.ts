import { type Kysely, sql } from 'kysely';

/**
 * Directory sync, continued: the change callbacks of the organisation APIs and the HR file drop.
 *
 * - `callback_token` / `callback_key`: what WeCom, DingTalk and Feishu sign and encrypt their
 *   change callbacks with (WeCom/DingTalk: Token and EncodingAESKey; Feishu: Verification Token and
 *   Encrypt Key), both encrypted at rest like the API secret.
 * - `sync_wanted`: when a callback asked for a sync that has not started yet (a sync under way
 *   runs once more when it ends, so no change is missed).
 * - `file_name` / `file_data` / `file_time`: the HR file last uploaded to a `file` source (its
 *   bytes base64), read by every run until the next upload.
 */
const statements = [
  'alter table blade_sync_source add column callback_token varchar(1000)',
  'alter table blade_sync_source add column callback_key varchar(1000)',
  'alter table blade_sync_source add column sync_wanted timestamptz',
  'alter table blade_sync_source add column file_name varchar(255)',
  'alter table blade_sync_source add column file_data text',
  'alter table blade_sync_source add column file_time timestamptz',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
