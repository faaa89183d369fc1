import { describe, expect, it } from 'vitest';
import { BigTotals, bigTotalsOf } from './big-totals.js';

/** A count the test finishes when it chooses, counting how often it was started. */
function heldCount() {
  let started = 0;
  let finish: (total: number) => void = () => {};
  const count = () => {
    started++;
    return new Promise<number>((resolve) => {
      finish = resolve;
    });
  };
  return { count, finish: (total: number) => finish(total), started: () => started };
}

describe('big totals', () => {
  it('runs one count per query at a time and shares its answer with every caller waiting', async () => {
    const totals = new BigTotals();
    const held = heldCount();
    const first = totals.once('q', held.count);
    const second = totals.once('q', held.count);
    expect(held.started()).toBe(1);
    held.finish(5_000_000);
    expect(await Promise.all([first, second])).toEqual([5_000_000, 5_000_000]);
    // Once finished, the next call counts afresh.
    const third = totals.once('q', held.count);
    expect(held.started()).toBe(2);
    held.finish(5_000_001);
    expect(await third).toBe(5_000_001);
  });

  it('keeps the last big total per query and forgets one that is no longer big', () => {
    const totals = new BigTotals();
    totals.remember('q', 5_000_000, true);
    totals.remember('other', 12, false);
    expect(totals.last('q')).toBe(5_000_000);
    expect(totals.last('other')).toBeUndefined();
    totals.remember('q', 9, false);
    expect(totals.last('q')).toBeUndefined();
  });

  it('keeps at most a thousand queries, dropping the oldest', () => {
    const totals = new BigTotals();
    for (let i = 0; i <= 1_000; i++) totals.remember(`q${i}`, 20_000 + i, true);
    expect(totals.last('q0')).toBeUndefined();
    expect(totals.last('q1')).toBe(20_001);
    expect(totals.last('q1000')).toBe(21_000);
  });

  it('gives each server its own totals', () => {
    const a = {};
    expect(bigTotalsOf(a)).toBe(bigTotalsOf(a));
    expect(bigTotalsOf(a)).not.toBe(bigTotalsOf({}));
  });
});
