import { type Kysely, sql } from 'kysely';

/**
 * The distinct values of a period (applications started, device brands seen) are found one value
 * at a time: the next value after the last one found, then whether it has a row within the period.
 * These indexes give both in a few index steps — by value (application), then day — instead of
 * reading every daily row of the period: a year of daily counts is thousands of rows, the distinct
 * values a few dozen.
 */
const statements = [
  'create index blade_app_daily_count_app_day on blade_app_daily_count (tenant_id, dimension, app_id, day)',
  'create index blade_app_daily_total_value_day on blade_app_daily_total (tenant_id, dimension, value, day)',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
