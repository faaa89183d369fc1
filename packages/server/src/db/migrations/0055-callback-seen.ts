import { type Kysely, sql } from 'kysely';

/**
 * One record of the signed callbacks seen lately, whoever receives them.
 *
 * - `blade_callback_seen`: by channel (`sync` for the directory-sync change callbacks of WeCom,
 *   DingTalk and Feishu, `wechat` for the WeChat official accounts), key (the source's or the
 *   official account's id) and nonce, with the call's timestamp and when it was seen. Every node
 *   writes here, so a callback replayed to any node is refused while it could still pass as fresh;
 *   older rows are pruned by the next call.
 * - `blade_sync_callback_seen` (migration 54) and `blade_wx_callback_seen` (migration 41), which
 *   did the same for one channel each, are dropped: they hold only ten minutes of nonces, so none
 *   is carried over (a call replayed across the upgrade still fails its timestamp window).
 * - `blade_sync_grant.refused`: a birthright grant refused (separation of duties, the three
 *   administrators) is recorded with a digest of what the refusal depended on (the person's roles
 *   and application roles, the tenant's separation-of-duties rules); the next runs skip it, without
 *   an error row or another refusal logged, until that digest changes.
 */
const statements = [
  `create table blade_callback_seen (channel varchar(16) not null, key varchar(64) not null, nonce varchar(128) not null,
    timestamp varchar(16) not null, seen_at timestamptz not null default now(), primary key (channel, key, nonce))`,
  'create index blade_callback_seen_at on blade_callback_seen (seen_at)',
  'drop table blade_sync_callback_seen',
  'drop table blade_wx_callback_seen',
  'alter table blade_sync_grant add column refused varchar(64)',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
