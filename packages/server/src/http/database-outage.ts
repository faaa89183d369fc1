import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/** How often, during an outage, the database is asked whether it is back. */
const PROBE_MS = 2000;
/** What a client is told to wait before trying again. */
export const RETRY_AFTER_SECONDS = 5;

interface OutageLog {
  error(details: object, message: string): void;
  info(details: object, message: string): void;
}

/**
 * While the database cannot be reached every request fails the same way: it is logged once when
 * the outage begins and once when it ends (a probe asks every PROBE_MS), not once per request, and
 * callers get 503 with Retry-After instead of 500.
 */
export class DatabaseOutage {
  private probe: NodeJS.Timeout | undefined;
  private since: number | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: () => OutageLog | undefined,
  ) {}

  get ongoing(): boolean {
    return this.since !== undefined;
  }

  /** A request failed because the database cannot be reached. */
  noticed(error: unknown): void {
    if (this.since !== undefined) return;
    this.since = Date.now();
    this.log()?.error({ err: error }, 'database unreachable: answering 503 until it is back');
    this.probe = setInterval(() => void this.check(), PROBE_MS);
    this.probe.unref();
  }

  private async check(): Promise<void> {
    try {
      await sql`select 1`.execute(this.db);
    } catch {
      return;
    }
    const lasted = Date.now() - (this.since ?? Date.now());
    this.stop();
    this.log()?.info({ outageMs: lasted }, 'database reachable again');
  }

  stop(): void {
    clearInterval(this.probe);
    this.probe = undefined;
    this.since = undefined;
  }
}
