import { type Kysely, sql } from 'kysely';

/**
 * The daily counts of all the applications of a tenant together, kept beside the per-application
 * counts: the statistics of every application read one row per day and value instead of one per
 * application, day and value. The distinct brands of a period are the distinct values of these
 * rows, exact because a row exists for every brand seen on a day (distinct counts cannot be
 * summed over days, so no per-day figure of distinct brands is stored).
 */
const statements = [
  `create table blade_app_daily_total (tenant_id varchar(12) not null, dimension varchar(16) not null, day date not null,
    value varchar(64) not null, count int not null, primary key (tenant_id, dimension, day, value))`,
  `insert into blade_app_daily_total (tenant_id, dimension, day, value, count)
    select tenant_id, dimension, day, value, sum(count) from blade_app_daily_count group by 1, 2, 3, 4`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
