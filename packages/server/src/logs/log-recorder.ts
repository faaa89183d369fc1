import { DEFAULT_TENANT_ID } from '@sso/shared-api';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import type { IdGenerator } from '../ids.js';
import { insertRows } from './batch-insert.js';
import { type CityResolver, OfflineCityResolver } from './ip-city.js';
import { type ServerInfo, serverInfo } from './server-info.js';

export type LogTable = 'blade_log_api' | 'blade_log_usual' | 'blade_log_error' | 'blade_log_login';
export type Entry = Record<string, unknown> & { tenantId?: string; createUser?: string | null };

/** The request a usual entry was written for (the hook fills it for api and error entries). */
export interface RequestFields {
  tenantId?: string;
  createUser?: string | null;
  createBy?: string | null;
  serviceId?: string;
  method?: string;
  requestUri?: string;
  userAgent?: string | null;
  remoteIp?: string;
  params?: string | null;
}

export interface SignInAttempt {
  tenantId: string;
  account: string;
  clientId?: string;
  success: boolean;
  reason: string;
  ip: string;
  userAgent?: string;
  userId?: string;
}

export interface RecorderOptions {
  /** Rows per multi-row insert, and the queue length that triggers a flush at once. */
  batchSize?: number;
  intervalMs?: number;
  /** Entries kept waiting at most; beyond it new ones are dropped and counted. */
  capacity?: number;
  cities?: CityResolver;
}

/**
 * Audit log entries are queued in memory and written in batches (one insert per table and
 * batch) off the request path, so recording costs a request an array push.
 */
export class LogRecorder {
  private queue: { table: LogTable; row: Entry }[] = [];
  private running: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly server: ServerInfo = serverInfo();
  private readonly batchSize: number;
  private readonly capacity: number;
  private readonly cities: CityResolver;
  /** Entries refused because the queue was full, and entries a failed insert lost. */
  dropped = 0;
  failed = 0;
  log?: FastifyBaseLogger;

  constructor(
    private readonly db: Db,
    private readonly ids: IdGenerator,
    private readonly options: RecorderOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 500;
    this.capacity = options.capacity ?? 100_000;
    this.cities = options.cities ?? new OfflineCityResolver();
  }

  /** Starts the periodic flush (every second by default). */
  start(): void {
    this.timer ??= setInterval(() => void this.flush(), this.options.intervalMs ?? 1000);
    this.timer.unref();
  }

  api(fields: RequestFields & { title?: string; methodName?: string; time: number; resultCode: number }): void {
    this.push('blade_log_api', { ...this.server, type: '1', ...fields, time: String(fields.time) });
  }

  error(fields: RequestFields & { error: Error }): void {
    const { error, ...request } = fields;
    const where = /\((.*):(\d+):\d+\)/.exec(error.stack?.split('\n')[1] ?? '');
    this.push('blade_log_error', {
      ...this.server,
      ...request,
      exceptionName: (error.name || 'Error').slice(0, 255),
      message: error.message,
      stackTrace: error.stack ?? null,
      fileName: where?.[1]?.slice(0, 1000) ?? null,
      lineNumber: where ? Number(where[2]) : null,
    });
  }

  /** The application's logger: a level (info, warn, error…), an entry id and its data. */
  usual(level: string, id: string, data: unknown, request: RequestFields = {}): void {
    const text = typeof data === 'string' ? data : JSON.stringify(data);
    this.push('blade_log_usual', { ...this.server, ...request, logLevel: level.slice(0, 10), logId: id.slice(0, 100), logData: text });
  }

  /** A password sign-in attempt, with the city of its address resolved offline. */
  signIn(attempt: SignInAttempt): void {
    this.push('blade_log_login', {
      tenantId: attempt.tenantId.slice(0, 12) || DEFAULT_TENANT_ID,
      createUser: attempt.userId ?? null,
      account: attempt.account.slice(0, 64),
      clientId: attempt.clientId?.slice(0, 48) ?? null,
      success: attempt.success ? 1 : 0,
      reason: attempt.reason.slice(0, 255),
      remoteIp: attempt.ip,
      city: this.cities.city(attempt.ip) ?? null,
      userAgent: attempt.userAgent?.slice(0, 1000) ?? null,
    });
  }

  get pending(): number {
    return this.queue.length;
  }

  private push(table: LogTable, row: Entry): void {
    if (this.queue.length >= this.capacity) {
      this.dropped++;
      return;
    }
    this.queue.push({
      table,
      row: { ...row, id: this.ids.next(), tenantId: row.tenantId || DEFAULT_TENANT_ID, createTime: new Date(), status: 1, isDeleted: 0 },
    });
    if (this.queue.length === this.batchSize) setImmediate(() => void this.flush());
  }

  /** Writes everything queued so far; resolves when it is stored (one flush runs at a time). */
  async flush(): Promise<void> {
    while (this.running) await this.running;
    if (!this.queue.length) return;
    this.running = this.write(this.queue.splice(0, this.queue.length)).finally(() => {
      this.running = undefined;
    });
    await this.running;
  }

  private async write(entries: { table: LogTable; row: Entry }[]): Promise<void> {
    const byTable = new Map<LogTable, Entry[]>();
    for (const { table, row } of entries) {
      const rows = byTable.get(table);
      if (rows) rows.push(row);
      else byTable.set(table, [row]);
    }
    for (const [table, rows] of byTable) {
      for (let at = 0; at < rows.length; at += this.batchSize) {
        const batch = rows.slice(at, at + this.batchSize);
        try {
          await insertRows(this.db, table, batch);
        } catch (error) {
          this.failed += batch.length;
          this.log?.error({ err: error, table, rows: batch.length }, 'audit log entries could not be stored');
        }
      }
    }
  }

  /** Stops the timer and writes what is left (server shutdown). */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }
}
