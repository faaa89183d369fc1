/**
 * Error-log rows caused by requests without a signed-in caller are capped per client address:
 * anyone can send requests, and a request that keeps failing must not be able to flood the error
 * log (or the database behind it). Past the cap the entries are dropped and counted; signed-in
 * callers are not capped (they are accountable and rate-limited elsewhere).
 */
export class ErrorLogLimit {
  /** Entries dropped since the server started. */
  dropped = 0;
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly perWindow = 10,
    private readonly windowMs = 60_000,
    /** Addresses remembered at once; past it, finished windows are forgotten (or all, if none is). */
    private readonly maxAddresses = 10_000,
  ) {}

  /** Whether an anonymous failure from this address may be written; counts it either way. */
  allow(address: string, now = Date.now()): boolean {
    let window = this.windows.get(address);
    if (!window || now - window.start >= this.windowMs) {
      if (!window && this.windows.size >= this.maxAddresses) this.forgetFinished(now);
      window = { start: now, count: 0 };
      this.windows.set(address, window);
    }
    window.count++;
    if (window.count <= this.perWindow) return true;
    this.dropped++;
    return false;
  }

  /** Whether this drop is the first of its address's window (worth one warning, not one per request). */
  firstDrop(address: string): boolean {
    return this.windows.get(address)?.count === this.perWindow + 1;
  }

  private forgetFinished(now: number): void {
    for (const [address, window] of this.windows) if (now - window.start >= this.windowMs) this.windows.delete(address);
    if (this.windows.size >= this.maxAddresses) this.windows.clear();
  }
}
