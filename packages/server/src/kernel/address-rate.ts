/**
 * A per-address budget in fixed windows, kept in this process: what anonymous callers may make
 * the server write (a captcha row, an error-log row) is bounded by it. Addresses whose window has passed are forgotten
 * when the table grows, so it stays bounded however many addresses call.
 */
export class AddressRate {
  private readonly windows = new Map<string, { startedAt: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly maxAddresses = 50_000,
  ) {}

  /** Counts one request of `ip`; false when it is over budget, with the seconds until the window ends. */
  take(ip: string, now = Date.now()): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
    let window = this.windows.get(ip);
    if (!window || now - window.startedAt >= this.windowMs) {
      if (this.windows.size >= this.maxAddresses) this.forgetPassed(now);
      window = { startedAt: now, count: 0 };
      this.windows.set(ip, window);
    }
    window.count++;
    if (window.count <= this.limit) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.startedAt + this.windowMs - now) / 1000)) };
  }

  /** How many of `ip`'s requests in its current window were over budget (1 on the first refusal). */
  overBudget(ip: string): number {
    const window = this.windows.get(ip);
    return window ? Math.max(0, window.count - this.limit) : 0;
  }

  private forgetPassed(now: number): void {
    for (const [ip, window] of this.windows) if (now - window.startedAt >= this.windowMs) this.windows.delete(ip);
    // Every address still inside its window: the oldest go rather than the table growing.
    while (this.windows.size >= this.maxAddresses) this.windows.delete(this.windows.keys().next().value as string);
  }
}
