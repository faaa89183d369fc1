import { type Kysely, sql } from 'kysely';
import type { Notify } from '../migration-notices.js';

/**
 * Failed sign-ins counted so a lock cannot be aimed at someone else, and accounts unique
 * regardless of case.
 *
 * sso_account_failure: consecutive failures of an account (lower-cased as typed, known or not)
 * from one address, and in the row with ip '' from every address, with the first failing address
 * and whether another one failed since (`spread`). sso_address_failure: failures of an address
 * across accounts, one row per minute. Each sign-in touches a fixed number of rows by primary key.
 */
const lockoutTables = [
  `create table sso_account_failure (tenant_id varchar(64) not null, account varchar(100) not null,
    ip varchar(100) not null, fail_count int not null default 0, first_ip varchar(100), spread smallint not null default 0,
    locked_until timestamptz, updated_at timestamptz not null default now(), primary key (tenant_id, account, ip))`,
  `create table sso_address_failure (ip varchar(100) not null, minute int not null, failures int not null default 0,
    primary key (ip, minute))`,
  'drop table if exists sso_login_failure',
];

export async function up(db: Kysely<unknown>, notify?: Notify): Promise<void> {
  for (const statement of lockoutTables) await sql.raw(statement).execute(db);
  await accountsUniqueIgnoringCase(db, notify);
}

/**
 * `CaseAcc` and `caseacc` must not both live in one tenant. Existing rows that already clash keep
 * working (sign-in prefers the exact spelling): each clash is reported and the index is created
 * without uniqueness until an administrator renames or removes one of them.
 */
async function accountsUniqueIgnoringCase(db: Kysely<unknown>, notify?: Notify): Promise<void> {
  const clashes = await sql<{ tenantId: string; accounts: string }>`select tenant_id as "tenantId",
    string_agg(account, ', ' order by account) as accounts
    from blade_user where is_deleted = 0 group by tenant_id, lower(account) having count(*) > 1
    order by tenant_id, lower(account)`.execute(db);
  const unique = clashes.rows.length === 0 ? 'unique' : '';
  await sql.raw(`create ${unique} index blade_user_account_ci on blade_user (tenant_id, lower(account)) where is_deleted = 0`).execute(db);
  for (const { tenantId, accounts } of clashes.rows) {
    notify?.({
      id: 'account-clash',
      message: `accounts differing only in case share tenant ${tenantId}: ${accounts}; rename or remove all but one to make accounts unique regardless of case`,
      data: { tenantId, accounts },
    });
  }
}
