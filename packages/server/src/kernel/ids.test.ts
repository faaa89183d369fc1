import { describe, expect, it, vi } from 'vitest';
import { firstIdAt, IdGenerator } from './ids.js';

describe('IdGenerator', () => {
  it('hands out increasing ids, a reserved run consecutive and never handed out again', () => {
    const ids = new IdGenerator(5);
    const before = BigInt(ids.next());
    const first = ids.reserve(1000);
    expect(first).toBeGreaterThan(before);
    const after = BigInt(ids.next());
    expect(after).toBeGreaterThanOrEqual(first + 1000n);
  });

  it('moves to the next millisecond when a run would not fit in this one', () => {
    vi.useFakeTimers({ now: new Date('2026-11-21T10:00:00Z') });
    try {
      const ids = new IdGenerator(5);
      const a = ids.reserve(4000);
      const b = ids.reserve(200); // 4,000 + 200 > 4,096 sequence numbers of one millisecond
      expect(b & 4095n).toBe(0n);
      expect(b >> 22n).toBe((a >> 22n) + 1n);
      expect(BigInt(ids.next())).toBe(b + 200n);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a run longer than one millisecond holds', () => {
    expect(() => new IdGenerator().reserve(4097)).toThrow(RangeError);
    expect(() => new IdGenerator().reserve(0)).toThrow(RangeError);
  });

  it('bounds the ids of an instant: every id made at or after it is at least firstIdAt, none made before', () => {
    vi.useFakeTimers({ now: new Date('2026-11-21T10:00:00Z') });
    try {
      const ids = new IdGenerator(1023);
      const before = BigInt(ids.next());
      vi.setSystemTime(new Date('2026-11-21T10:00:00.001Z'));
      const after = BigInt(new IdGenerator(0).next());
      const bound = BigInt(firstIdAt(new Date('2026-11-21T10:00:00.001Z')));
      expect(before).toBeLessThan(bound);
      expect(after).toBeGreaterThanOrEqual(bound);
    } finally {
      vi.useRealTimers();
    }
  });
});
