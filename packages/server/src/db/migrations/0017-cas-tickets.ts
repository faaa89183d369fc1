import { type Kysely, sql } from 'kysely';

/**
 * One-time proofs handed to applications — CAS service tickets and hand-off codes — shared by
 * every node: the sha-256 of the ticket (never the ticket itself), its kind, the application and
 * service it was issued for, what it proves (JSON), and when it stops being accepted. A ticket is
 * spent by deleting its row, so it validates once; expired rows are purged when new ones are issued.
 */
const ticketTable = [
  `create table sso_app_ticket (id_hash varchar(64) primary key, kind varchar(16) not null,
    app_id varchar(32) not null, service varchar(2000) not null, payload text not null,
    expires_at timestamptz not null, created_at timestamptz not null default now())`,
  'create index sso_app_ticket_expires on sso_app_ticket (expires_at)',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of ticketTable) await sql.raw(statement).execute(db);
}
