import { createHash } from 'node:crypto';
import { ApiError, type SsoClient } from '@sso/shared-api';
import { CliError, EXIT, messageOf } from './errors.js';
import type { Output } from './output.js';
import type { RunJournal } from './run-journal.js';

const CHUNK_SIZE = 200;

/** One thing a bulk command acts on, with where it came from (a line of --file, or an argument). */
export interface BulkItem<T> {
  label: string;
  line?: number;
  value: T;
}
export interface BulkFailure {
  label: string;
  line?: number;
  message: string;
}
/** Sends one chunk; answers the failures of single items (by index in the chunk), or throws for all. */
export type ChunkSender<T> = (values: T[]) => Promise<{ index: number; message: string }[] | undefined | unknown>;

/** Where a bulk run's chunks get their idempotency keys (see RunJournal). */
export interface ChunkKeys {
  client: SsoClient;
  journal: RunJournal;
}

/** A run is known by the command and everything it sends. */
const runKeyOf = (title: string, items: BulkItem<unknown>[]) =>
  createHash('sha256')
    .update(`${title}\n${JSON.stringify(items.map((item) => item.value))}`)
    .digest('hex');

const denied = (error: unknown) => error instanceof ApiError && (error.code === 401 || error.code === 403);

/** A progress bar on stderr, on a terminal only. */
function progress(output: Output, title: string, total: number) {
  return (done: number) => {
    if (!output.isTTY) return;
    const width = 30;
    const filled = Math.round((done / Math.max(total, 1)) * width);
    output.err(`\r${title} [${'#'.repeat(filled)}${' '.repeat(width - filled)}] ${done}/${total}${done === total ? '\n' : ''}`);
  };
}

/**
 * Sends items in chunks of at most 200, each chunk's writes with idempotency keys when a client is given. A chunk the server refuses as a whole (400) is retried item
 * by item so each failure gets its own reason; 401/403 stop everything (exit 4).
 */
export async function runChunks<T>(
  output: Output,
  title: string,
  items: BulkItem<T>[],
  send: ChunkSender<T>,
  keys?: ChunkKeys,
): Promise<BulkFailure[]> {
  const failures: BulkFailure[] = [];
  const show = progress(output, title, items.length);
  const fail = (item: BulkItem<T>, message: string) => failures.push({ label: item.label, line: item.line, message });
  // Chunks of a run that stopped half-way are sent again under the same keys.
  const runKey = runKeyOf(title, items);
  const runId = keys?.journal.begin(runKey);
  const attempt = async (chunk: BulkItem<T>[]) => {
    try {
      const values = chunk.map((i) => i.value);
      const key = `sso-cli-${runId}-${items.indexOf(chunk[0] as BulkItem<T>)}-${chunk.length}`;
      const answer = keys ? await keys.client.withIdempotencyKey(key, () => send(values)) : await send(values);
      if (Array.isArray(answer)) for (const f of answer as { index: number; message: string }[]) fail(chunk[f.index], f.message);
    } catch (error) {
      if (denied(error) || chunk.length === 1 || !(error instanceof ApiError) || error.code !== 400) {
        if (denied(error) || !(error instanceof ApiError)) throw error;
        for (const item of chunk) fail(item, messageOf(error));
        return;
      }
      for (const item of chunk) await attempt([item]);
    }
  };
  show(0);
  for (let at = 0; at < items.length; at += CHUNK_SIZE) {
    await attempt(items.slice(at, at + CHUNK_SIZE));
    show(Math.min(at + CHUNK_SIZE, items.length));
  }
  keys?.journal.end(runKey);
  return failures;
}

/** The summary on stderr (stdout stays clean for scripts); any failure is exit 1. */
export function finish(output: Output, title: string, total: number, failures: BulkFailure[], extra = ''): void {
  output.err(`${title}: ${total - failures.length} 成功 (ok), ${failures.length} 失败 (failed)${extra}\n`);
  for (const f of failures) output.err(`  ${f.line !== undefined ? `line ${f.line}: ` : ''}${f.label}: ${f.message}\n`);
  if (failures.length) throw new CliError(`${failures.length} 项失败 (${failures.length} failed)`, EXIT.error);
}
