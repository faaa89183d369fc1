import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import type { IdGenerator } from '../ids.js';
import { insertColumns, type Value } from './batch-insert.js';
import { type CityResolver, OfflineCityResolver } from './ip-city.js';
import {
  type ApiCall,
  apiSpec,
  type CapturedRequest,
  errorSpec,
  type RequestFields,
  requestFields,
  type SignInAttempt,
  signInSpec,
  type TableSpec,
  usualSpec,
} from './log-rows.js';
import { serverInfo } from './server-info.js';

export type { RequestFields, SignInAttempt } from './log-rows.js';
export type LogTable = TableSpec<unknown>['table'];

export interface RecorderOptions {
  /** Rows per insert, and the queue length that starts a write before the timer does. */
  batchSize?: number;
  intervalMs?: number;
  /** Entries kept waiting at most; beyond it new ones are dropped, counted and reported. */
  capacity?: number;
  cities?: CityResolver;
  /** Told after rows went into a table: cached list totals of the log screens are stale. */
  onWritten?: (table: LogTable) => void;
}

interface Queued {
  spec: TableSpec<never>;
  entry: unknown;
  /** When it happened (epoch ms): create_time. */
  at: number;
}

const COMMON_CONSTANTS = { status: 1, is_deleted: 0 };

/**
 * Audit log entries are queued in memory as captured, and turned into rows and written in
 * batches (one insert per table and batch) off the request path: recording costs a request one
 * small object. Writes run one at a time; between batches the event loop serves requests.
 */
export class LogRecorder {
  private queue: Queued[] = [];
  private draining: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly batchSize: number;
  private readonly capacity: number;
  private readonly specs;
  /** Entries refused because the queue was full, and entries a failed insert lost. */
  dropped = 0;
  failed = 0;
  private reportedDrops = 0;
  log?: FastifyBaseLogger;

  constructor(
    private readonly db: Db,
    private readonly ids: IdGenerator,
    private readonly options: RecorderOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 1000;
    this.capacity = options.capacity ?? 100_000;
    const server = serverInfo();
    const cities = options.cities ?? new OfflineCityResolver();
    this.specs = {
      api: apiSpec(server),
      error: errorSpec(server),
      usual: usualSpec(server),
      signIn: signInSpec((ip) => cities.city(ip)),
    };
  }

  /** Starts the periodic flush (every second by default). */
  start(): void {
    this.timer ??= setInterval(() => void this.drain(true), this.options.intervalMs ?? 1000);
    this.timer.unref();
  }

  /** An /api call, captured as is (see CapturedRequest). */
  api(call: ApiCall): void {
    this.push(this.specs.api, call);
  }

  error(request: CapturedRequest, error: Error): void {
    this.push(this.specs.error, { request: requestFields(request), error });
  }

  /** The application's logger: a level (info, warn, error…), an entry id and its data. */
  usual(level: string, id: string, data: unknown, request: RequestFields = {}): void {
    this.push(this.specs.usual, { request, level, id, data });
  }

  /** A password sign-in attempt, with the city of its address resolved offline. */
  signIn(attempt: SignInAttempt): void {
    this.push(this.specs.signIn, attempt);
  }

  get pending(): number {
    return this.queue.length;
  }

  private push<E>(spec: TableSpec<E>, entry: E, always = false): void {
    if (this.queue.length >= this.capacity && !always) {
      this.dropped++;
      return;
    }
    this.queue.push({ spec: spec as TableSpec<never>, entry, at: Date.now() });
    if (this.queue.length >= this.batchSize) void this.drain();
  }

  /** Writes everything queued so far; resolves when it is stored. */
  async flush(): Promise<void> {
    while (this.queue.length || this.draining) await this.drain(true);
  }

  /**
   * Writes full batches while there are some, and with `tail` (the timer, flush) what is left
   * once; one writer at a time. Writing at once is cheapest: when PGlite's writes were paced to
   * leave the thread to requests, the entries kept waiting doubled the CPU each request cost.
   */
  private drain(tail = false): Promise<void> {
    this.draining ??= (async () => {
      this.reportDrops();
      while (this.queue.length >= this.batchSize || (tail && this.queue.length)) {
        if (this.queue.length < this.batchSize) tail = false;
        await this.write(this.queue.splice(0, this.batchSize));
        await new Promise(setImmediate); // let waiting requests in between batches
      }
    })().finally(() => {
      this.draining = undefined;
    });
    return this.draining;
  }

  /** Drops are written to the usual log (and the process log) each time the queue is written. */
  private reportDrops(): void {
    const dropped = this.dropped - this.reportedDrops;
    if (!dropped) return;
    this.reportedDrops = this.dropped;
    this.log?.warn({ dropped, capacity: this.capacity }, 'audit log queue full: entries dropped');
    this.push(this.specs.usual, { request: {}, level: 'warn', id: 'log-queue-full', data: { dropped, capacity: this.capacity } }, true);
  }

  private async write(entries: Queued[]): Promise<void> {
    const byTable = new Map<TableSpec<never>, Value[][]>();
    for (const { spec, entry, at } of entries) {
      let row: Value[];
      try {
        row = [this.ids.next(), at, ...spec.values(entry as never)];
      } catch (error) {
        this.failed++;
        this.log?.error({ err: error, table: spec.table }, 'audit log entry could not be built');
        continue;
      }
      const rows = byTable.get(spec);
      if (rows) rows.push(row);
      else byTable.set(spec, [row]);
    }
    for (const [spec, rows] of byTable) {
      const columns = [{ name: 'id', type: 'bigint' } as const, { name: 'create_time', type: 'timestamptz' } as const, ...spec.columns];
      try {
        await insertColumns(this.db, spec.table, columns, rows, { ...COMMON_CONSTANTS, ...spec.constants });
        this.options.onWritten?.(spec.table);
      } catch (error) {
        this.failed += rows.length;
        this.log?.error({ err: error, table: spec.table, rows: rows.length }, 'audit log entries could not be stored');
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
