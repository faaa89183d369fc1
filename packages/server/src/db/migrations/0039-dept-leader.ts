import { type Kysely, sql } from 'kysely';

/**
 * A department's leader: the user a workflow's `leader:<deptId>` assignee resolves to (an
 * applicant's own leader approves their leave). Optional; a department without one hands the
 * step to the nearest department above it that has one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table blade_dept add column leader_id bigint`.execute(db);
}
