import { type Kysely, sql } from 'kysely';

/**
 * Saber opens a process's forms at `/work/process/<remark>/form/…`, the remark of its `flow`
 * dictionary entry: the leave entry's remark is `leave`. Databases seeded with `process/leave`
 * sent Saber to `/work/process/process/leave/…`; an entry an administrator changed is left alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update blade_dict set remark = 'leave' where code = 'flow' and dict_key = '1' and remark = 'process/leave'`.execute(db);
}
