/**
 * 64-bit ids in the Snowflake layout BladeX uses: 41 bits of milliseconds since 2020,
 * 10 bits of worker, 12 bits of sequence. Serialised as decimal strings.
 */
const EPOCH = 1577836800000n; // 2020-01-01T00:00:00Z

/**
 * The smallest id generated at or after `instant`: ids are time-ordered, so `id >= firstIdAt(t)`
 * finds the rows written since `t` through the primary key (or an index ending in the id).
 */
export function firstIdAt(instant: Date): string {
  const ms = BigInt(Math.max(instant.getTime(), Number(EPOCH)));
  return ((ms - EPOCH) << 22n).toString();
}

export class IdGenerator {
  private lastMs = 0n;
  private sequence = 0n;
  private readonly worker: bigint;

  constructor(workerId = Math.floor(Math.random() * 1024)) {
    this.worker = BigInt(workerId & 1023);
  }

  next(): string {
    return this.reserve(1).toString();
  }

  /**
   * The first of `count` (at most 4,096) consecutive ids, all taken: one millisecond's sequence
   * numbers in a row, so that a batch of rows can be numbered `first + i` by the database.
   */
  reserve(count: number): bigint {
    if (!Number.isInteger(count) || count < 1 || count > 4096) throw new RangeError(`cannot reserve ${count} ids`);
    let now = BigInt(Date.now());
    if (now < this.lastMs) now = this.lastMs; // clock went back: keep counting on the last ms
    let first = now === this.lastMs ? this.sequence + 1n : 0n;
    if (first + BigInt(count) > 4096n) [now, first] = [this.lastMs + 1n, 0n]; // sequence spent: borrow the next ms
    this.lastMs = now;
    this.sequence = first + BigInt(count) - 1n;
    return ((now - EPOCH) << 22n) | (this.worker << 12n) | first;
  }
}
