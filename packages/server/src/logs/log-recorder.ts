import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import type { IdGenerator } from '../kernel/ids.js';
import { insertColumns, type Value } from './batch-insert.js';
import {
  type ApiCall,
  apiSpec,
  type CapturedRequest,
  errorSpec,
  type RequestFields,
  requestFields,
  type TableSpec,
  usualSpec,
} from './log-rows.js';
import { serverInfo } from './server-info.js';

export type { RequestFields } from './log-rows.js';
export type LogTable = TableSpec<unknown>['table'];

interface RecorderOptions {
  /** Rows per insert, and the queue length that starts a write before the timer does. */
  batchSize?: number;
  intervalMs?: number;
  /** Entries kept waiting at most; beyond it new ones are dropped, counted and reported. */
  capacity?: number;
  /** Told after rows went into a table: cached list totals of the log screens are stale. */
  onWritten?: (table: LogTable) => void;
}

/** Up to one batch of a table's entries, column by column (see ColumnBatch). */
interface Chunk {
  at: number[];
  columns: Value[][];
}

/** A table's waiting entries: chunks of one batch each, the oldest first. */
interface TableQueue {
  spec: TableSpec<never>;
  chunks: Chunk[];
}

/** Columns every audit log row shares: live and not deleted. */
export const COMMON_CONSTANTS = { status: 1, is_deleted: 0 };

/**
 * Audit log entries are turned into column values as they come (a few shared strings per entry:
 * see ApiCall) and queued per table, then written in batches (one insert per table and batch)
 * off the request path. Writes run one at a time; between batches the event loop serves requests.
 */
export class LogRecorder {
  private readonly queues = new Map<TableSpec<never>, TableQueue>();
  private queued = 0;
  private draining: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly batchSize: number;
  private readonly capacity: number;
  private readonly specs;
  /** Entries refused because the queue was full, and entries that could not be built or stored. */
  dropped = 0;
  failed = 0;
  private reportedDrops = 0;
  log?: FastifyBaseLogger;

  constructor(
    private readonly db: Db,
    private readonly ids: IdGenerator,
    private readonly options: RecorderOptions = {},
  ) {
    // A batch's ids are one millisecond's run of sequence numbers (IdGenerator.reserve).
    this.batchSize = Math.min(options.batchSize ?? 1000, 4096);
    this.capacity = options.capacity ?? 100_000;
    const server = serverInfo();
    this.specs = {
      api: apiSpec(server),
      error: errorSpec(server),
      usual: usualSpec(server),
    };
  }

  /** Starts the periodic flush (every second by default). */
  start(): void {
    this.timer ??= setInterval(() => void this.drain(true), this.options.intervalMs ?? 1000);
    this.timer.unref();
  }

  /** An /api call (this runs on every request). */
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

  get pending(): number {
    return this.queued;
  }

  private push<E>(spec: TableSpec<E>, entry: E, always = false): void {
    if (this.queued >= this.capacity && !always) {
      this.dropped++;
      return;
    }
    let values: Value[];
    try {
      values = spec.values(entry);
    } catch (error) {
      this.failed++;
      this.log?.error({ err: error, table: spec.table }, 'audit log entry could not be built');
      return;
    }
    const chunks = this.queueOf(spec as TableSpec<never>).chunks;
    let chunk = chunks[chunks.length - 1];
    if (!chunk || chunk.at.length >= this.batchSize) {
      chunk = { at: [], columns: spec.columns.map(() => []) };
      chunks.push(chunk);
    }
    chunk.at.push(Date.now());
    const { columns } = chunk;
    for (let i = 0; i < columns.length; i++) columns[i]?.push(values[i] ?? null); // hot path: no iterator objects
    this.queued++;
    if (chunk.at.length >= this.batchSize) void this.drain();
  }

  private queueOf(spec: TableSpec<never>): TableQueue {
    let queue = this.queues.get(spec);
    if (!queue) {
      queue = { spec, chunks: [] };
      this.queues.set(spec, queue);
    }
    return queue;
  }

  /** Writes everything queued so far; resolves when it is stored. */
  async flush(): Promise<void> {
    while (this.queued || this.draining) await this.drain(true);
  }

  /**
   * Writes full batches while there are some, and with `tail` (the timer, flush) one short batch
   * per table; one writer at a time. Writing at once is cheapest: when PGlite's writes were paced
   * to leave the thread to requests, the entries kept waiting doubled the CPU each request cost.
   */
  private drain(tail = false): Promise<void> {
    this.draining ??= (async () => {
      this.reportDrops();
      const shortAllowed = new Set(tail ? this.queues.keys() : []);
      for (let next = this.nextChunk(shortAllowed); next; next = this.nextChunk(shortAllowed)) {
        await this.write(next.spec, next.chunk);
        await new Promise(setImmediate); // let waiting requests in between batches
      }
    })().finally(() => {
      this.draining = undefined;
    });
    return this.draining;
  }

  /** The oldest full chunk of a table, or a short one of a table still allowed one; off its queue. */
  private nextChunk(shortAllowed: Set<TableSpec<never>>): { spec: TableSpec<never>; chunk: Chunk } | undefined {
    for (const { spec, chunks } of this.queues.values()) {
      const chunk = chunks[0];
      if (!chunk) continue;
      const full = chunk.at.length >= this.batchSize;
      if (full || shortAllowed.delete(spec)) {
        chunks.shift();
        this.queued -= chunk.at.length;
        return { spec, chunk };
      }
    }
    return undefined;
  }

  /** Drops are written to the usual log (and the process log) each time the queue is written. */
  private reportDrops(): void {
    const dropped = this.dropped - this.reportedDrops;
    if (!dropped) return;
    this.reportedDrops = this.dropped;
    this.log?.warn({ dropped, capacity: this.capacity }, 'audit log queue full: entries dropped');
    this.push(this.specs.usual, { request: {}, level: 'warn', id: 'log-queue-full', data: { dropped, capacity: this.capacity } }, true);
  }

  private async write(spec: TableSpec<never>, chunk: Chunk): Promise<void> {
    try {
      const batch = { firstId: this.ids.reserve(chunk.at.length), ...chunk };
      await insertColumns(this.db, spec.table, spec.columns, batch, { ...COMMON_CONSTANTS, ...spec.constants });
      this.options.onWritten?.(spec.table);
    } catch (error) {
      this.failed += chunk.at.length;
      this.log?.error({ err: error, table: spec.table, rows: chunk.at.length }, 'audit log entries could not be stored');
    }
  }

  /** Stops the timer and writes what is left (server shutdown). */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }
}
