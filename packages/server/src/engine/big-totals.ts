/** How many query shapes keep their last big total; the oldest is dropped beyond it. */
const KEPT_TOTALS = 1_000;

/**
 * Totals of big result sets (a log of millions of rows) per exact count query. Counting such a
 * set takes a scan, and the table changes all the time (every sign-in writes a log row), so a
 * total dropped from the cache would be recounted by every request waiting for it at once.
 * Instead one count runs at a time per query, and while it runs the last known total answers:
 * a big total may lag the table by one count, never blocks a page turn behind a scan.
 */
export class BigTotals {
  private readonly known = new Map<string, number>();
  private readonly running = new Map<string, Promise<number>>();

  /** The last total counted for this query, if it was big. */
  last(key: string): number | undefined {
    return this.known.get(key);
  }

  /** Runs `count` unless a count of the same query is already running, whose answer is shared. */
  once(key: string, count: () => Promise<number>): Promise<number> {
    const running = this.running.get(key);
    if (running) return running;
    const counting = count().finally(() => this.running.delete(key));
    this.running.set(key, counting);
    return counting;
  }

  /** Keeps a big total for the next time the cache has dropped it; forgets a total no longer big. */
  remember(key: string, total: number, big: boolean): void {
    this.known.delete(key);
    if (!big) return;
    this.known.set(key, total);
    if (this.known.size > KEPT_TOTALS) this.known.delete(this.known.keys().next().value as string);
  }
}

const perContext = new WeakMap<object, BigTotals>();

/** The big totals of one server (its context), shared by every repository it creates. */
export function bigTotalsOf(owner: object): BigTotals {
  let totals = perContext.get(owner);
  if (!totals) {
    totals = new BigTotals();
    perContext.set(owner, totals);
  }
  return totals;
}
