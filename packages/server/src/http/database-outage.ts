import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/** Codes of a connection to PostgreSQL that failed or broke, and of a server shutting down or starting up. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  '57P01',
  '57P02',
  '57P03',
]);
/** How often, during an outage, the database is asked whether it is back. */
const PROBE_MS = 2000;
/** What a client is told to wait before trying again. */
export const RETRY_AFTER_SECONDS = 5;

interface OutageLog {
  error(details: object, message: string): void;
  info(details: object, message: string): void;
}

/** Whether an error means the database cannot be reached (rather than a bad query). */
export function isDatabaseUnreachable(error: unknown): boolean {
  const { code = '', message = '' } = (error ?? {}) as { code?: string; message?: string };
  if (CONNECTION_CODES.has(code) || code.startsWith('08')) return true;
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(message);
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
