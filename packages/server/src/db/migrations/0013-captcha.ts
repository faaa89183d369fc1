import { type Kysely, sql } from 'kysely';

/**
 * Captcha answers waiting to be checked, shared by every node: the sha-256 of the key and the
 * lower-cased code (never the code itself), and when it stops being accepted. Rows are spent by
 * the check; expired ones and the oldest past a cap are purged when new ones are issued.
 */
const captchaTable = [
  `create table sso_captcha (key varchar(64) primary key, code_hash varchar(64) not null,
    expires_at timestamptz not null, created_at timestamptz not null default now())`,
  'create index sso_captcha_expires on sso_captcha (expires_at)',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of captchaTable) await sql.raw(statement).execute(db);
}
