import { describe, expect, it } from 'vitest';
import { AddressRate } from './address-rate.js';

describe('AddressRate', () => {
  it('allows the budget per address and window, then answers the seconds until the window ends', () => {
    const rate = new AddressRate(2, 60_000);
    expect(rate.take('a', 0)).toEqual({ allowed: true });
    expect(rate.take('a', 1_000)).toEqual({ allowed: true });
    expect(rate.take('a', 1_500)).toEqual({ allowed: false, retryAfterSeconds: 59 });
    expect(rate.take('b', 1_500)).toEqual({ allowed: true });
    expect(rate.take('a', 60_000)).toEqual({ allowed: true });
  });

  it('tells how far over budget an address is in its window (1 on the first refusal)', () => {
    const rate = new AddressRate(1, 60_000);
    expect(rate.overBudget('a')).toBe(0);
    rate.take('a', 0);
    expect(rate.overBudget('a')).toBe(0);
    rate.take('a', 1);
    expect(rate.overBudget('a')).toBe(1);
    rate.take('a', 2);
    expect(rate.overBudget('a')).toBe(2);
    rate.take('a', 60_000);
    expect(rate.overBudget('a')).toBe(0);
  });

  it('stays bounded: passed windows are forgotten first, then the oldest addresses', () => {
    const rate = new AddressRate(1, 1_000, 3);
    rate.take('old', 0);
    rate.take('x', 5_000);
    rate.take('y', 5_000);
    rate.take('z', 5_000); // 'old' has passed: forgotten
    expect(rate.take('x', 5_100).allowed).toBe(false);
    rate.take('w', 5_200); // all live: the oldest live one ('x') goes
    expect(rate.take('x', 5_300).allowed).toBe(true);
    expect(rate.take('z', 5_300).allowed).toBe(false);
  });
});
