import { type Kysely, sql } from 'kysely';

/**
 * Timers of process instances: when the earliest timer an instance waits on falls due. Every
 * node's sweep finds the due ones through the partial index and fires each once (row locks).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table blade_flow_instance add column due_at timestamptz`.execute(db);
  await sql`create index blade_flow_instance_due on blade_flow_instance (due_at) where status = 'running' and due_at is not null`.execute(
    db,
  );
}
