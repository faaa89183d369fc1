import { type Kysely, sql } from 'kysely';
import { commonColumns } from './0001-tenants-users-menus-dicts-sessions.js';

/**
 * WeChat official accounts and mini programs (微信应用, 小程序分析).
 *
 * - `blade_wx_app`: a tenant's applications; the AppSecret encrypted at rest; an AppID belongs to
 *   one live application of the whole platform (WeChat calls back by it).
 * - `blade_wx_menu`: the custom menu tree of an official account.
 * - `blade_wx_user`: followers, one row per application and OpenID.
 * - `blade_wx_message_send` and `blade_wx_message_recipient`: a message and one row per recipient
 *   (or per tag / everyone for a mass message to them), unique per message and recipient, holding
 *   the outcome (msgid, status, errcode, errmsg) and a lease while a node sends it.
 * - `blade_wx_token`: the access token of each application, shared by the nodes (encrypted), with
 *   the lease of the node refreshing it.
 * - `blade_wx_callback_seen`: signed callbacks seen lately (by nonce and timestamp), so a replay
 *   is refused; `blade_wx_inbound`: the messages and events WeChat delivered, once each.
 * - `blade_wx_mini_stat`: final periods of the mini program analytics as WeChat answered them.
 */
const statements = [
  `create table blade_wx_app (${commonColumns}, name varchar(64) not null, app_type int not null, app_id varchar(32) not null,
    app_secret varchar(1000), token varchar(32), aes_key varchar(43), remark varchar(255))`,
  'create unique index blade_wx_app_app_id on blade_wx_app (app_id) where is_deleted = 0',
  'create index blade_wx_app_tenant on blade_wx_app (tenant_id, is_deleted)',
  `create table blade_wx_menu (${commonColumns}, app_id bigint not null, parent_id bigint not null default 0, name varchar(60) not null,
    type varchar(16), menu_key varchar(128), url varchar(1024), mini_app_id varchar(32), page_path varchar(255), sort int not null default 0)`,
  'create index blade_wx_menu_app on blade_wx_menu (app_id, is_deleted)',
  `create table blade_wx_user (${commonColumns}, app_id bigint not null, open_id varchar(64) not null, union_id varchar(64),
    nickname varchar(100), subscribe int not null default 1, subscribe_time timestamptz, unsubscribe_time timestamptz,
    subscribe_scene varchar(64), language varchar(16), remark varchar(30), tag_ids varchar(255), synced_at timestamptz)`,
  'create unique index blade_wx_user_open_id on blade_wx_user (app_id, open_id) where is_deleted = 0',
  `create table blade_wx_message_send (${commonColumns}, app_id bigint not null, title varchar(64) not null, msg_kind varchar(16) not null,
    template_id varchar(64), content text, mass_type varchar(16), media_id varchar(128), url varchar(1024), mini_app_id varchar(32),
    page_path varchar(255), target varchar(16) not null, open_ids text, tag_id bigint, send_status int not null default 0,
    total int not null default 0, succeeded int not null default 0, failed int not null default 0, sent_time timestamptz)`,
  'create index blade_wx_message_send_app on blade_wx_message_send (app_id, is_deleted)',
  `create table blade_wx_message_recipient (id bigint primary key, tenant_id varchar(12) not null, send_id bigint not null,
    open_id varchar(64) not null, batch int not null default 0, status int not null default 0, msg_id varchar(64),
    errcode int not null default 0, errmsg varchar(500), attempts int not null default 0, lease_until timestamptz,
    sent_time timestamptz, create_time timestamptz not null default now())`,
  'create unique index blade_wx_message_recipient_once on blade_wx_message_recipient (send_id, open_id)',
  'create index blade_wx_message_recipient_status on blade_wx_message_recipient (send_id, status, batch)',
  `create table blade_wx_token (app_id bigint primary key, access_token varchar(1000), expires_at timestamptz,
    lease_owner varchar(64), lease_until timestamptz, updated_at timestamptz not null default now())`,
  `create table blade_wx_callback_seen (app_id bigint not null, nonce varchar(64) not null, timestamp bigint not null,
    seen_at timestamptz not null default now(), primary key (app_id, nonce, timestamp))`,
  'create index blade_wx_callback_seen_at on blade_wx_callback_seen (seen_at)',
  `create table blade_wx_inbound (id bigint primary key, tenant_id varchar(12) not null, app_id bigint not null, once_key varchar(128) not null,
    from_user varchar(64) not null, msg_type varchar(32) not null, event varchar(64), event_key varchar(255), content text,
    create_time timestamptz not null default now())`,
  'create unique index blade_wx_inbound_once on blade_wx_inbound (app_id, once_key)',
  `create table blade_wx_mini_stat (app_id bigint not null, api varchar(64) not null, begin_date varchar(8) not null,
    end_date varchar(8) not null, data text not null, fetched_at timestamptz not null default now(),
    primary key (app_id, api, begin_date, end_date))`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
