import { type Kysely, sql } from 'kysely';

/**
 * Applications at scale and by business kind:
 * - the application login log is read by tenant newest first (its first page and its total), by
 *   account or application code prefix (the admin's searches) and by user and application (did
 *   this user just open it); each has an index, so millions of rows stay fast to page through;
 * - `app_type` names the business kind (office, production, finance, HR, …) and `app_category` the
 *   kind of client (web, mobile, mini program, desktop): the two dictionaries trade places, keys
 *   kept, and every application and log row follows;
 * - a `token` application hands over either a token in the address or a one-time code its server
 *   exchanges (`handoff_mode`).
 */
const indexes = [
  'create index blade_app_login_log_tenant on blade_app_login_log (tenant_id, id desc) where is_deleted = 0',
  'create index blade_app_login_log_account_prefix on blade_app_login_log (tenant_id, account varchar_pattern_ops) where is_deleted = 0',
  'create index blade_app_login_log_code_prefix on blade_app_login_log (tenant_id, app_code varchar_pattern_ops) where is_deleted = 0',
  'create index blade_app_login_log_user_app on blade_app_login_log (user_id, app_id, login_time desc)',
];

const typeSwap = [
  `update blade_dict set code = case code when 'app_type' then 'app_category' else 'app_type' end
   where code in ('app_type', 'app_category')`,
  `update blade_dict set dict_value = case code when 'app_type' then '应用类型' else '应用分类' end
   where parent_id = 0 and code in ('app_type', 'app_category')`,
  'update blade_app set app_type = app_category, app_category = app_type',
  `update blade_app_login_log l set app_type = a.app_type from blade_app a
   where a.id = l.app_id and l.app_type is distinct from a.app_type`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [...indexes, ...typeSwap]) await sql.raw(statement).execute(db);
  await sql.raw(`alter table blade_app add column handoff_mode varchar(8) not null default 'token'`).execute(db);
}
