import { type Kysely, sql } from 'kysely';

/**
 * The tamper-evident chain of the security records (security events in the usual log, sign-in
 * attempts in the sign-in log), per tenant:
 * - `blade_log_chain`: one link per record, in order (`seq`), naming the record and carrying
 *   the hash of the previous link and its own (digest of the previous hash and the record's
 *   content, SM3 or SHA-256 as `digest` says);
 * - `blade_log_chain_head`: the tenant's last link (taken under a row lock, so links are
 *   written one writer at a time), when the chain began, and how far retention has purged it.
 */
const statements = [
  `create table blade_log_chain (tenant_id varchar(12) not null, seq bigint not null, log_table varchar(20) not null,
    log_id bigint not null, digest varchar(8) not null, prev_hash varchar(64) not null, hash varchar(64) not null,
    create_time timestamptz not null default now(), primary key (tenant_id, seq))`,
  'create index blade_log_chain_record on blade_log_chain (log_table, log_id)',
  `create table blade_log_chain_head (tenant_id varchar(12) primary key, seq bigint not null, hash varchar(64) not null,
    started_at timestamptz not null default now(), purged_seq bigint not null default 0)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
