/**
 * 64-bit ids in the Snowflake layout BladeX uses: 41 bits of milliseconds since 2020,
 * 10 bits of worker, 12 bits of sequence. Serialised as decimal strings.
 */
const EPOCH = 1577836800000n; // 2020-01-01T00:00:00Z

export class IdGenerator {
  private lastMs = 0n;
  private sequence = 0n;
  private readonly worker: bigint;

  constructor(workerId = Math.floor(Math.random() * 1024)) {
    this.worker = BigInt(workerId & 1023);
  }

  next(): string {
    let now = BigInt(Date.now());
    if (now < this.lastMs) now = this.lastMs; // clock went back: keep counting on the last ms
    if (now === this.lastMs) {
      this.sequence = (this.sequence + 1n) & 4095n;
      if (this.sequence === 0n) now = this.lastMs + 1n; // sequence spent: borrow the next ms
    } else {
      this.sequence = 0n;
    }
    this.lastMs = now;
    return (((now - EPOCH) << 22n) | (this.worker << 12n) | this.sequence).toString();
  }
}
