import { afterEach, describe, expect, it, vi } from 'vitest';
import { runPeriodically } from './daily.js';

describe('a periodic task', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs first after its delay, then at its interval, and not once stopped', async () => {
    vi.useFakeTimers();
    let runs = 0;
    const stop = runPeriodically(
      async () => {
        runs++;
      },
      { firstAfterMs: 1000, everyMs: 5000 },
      () => {},
    );
    await vi.advanceTimersByTimeAsync(999);
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toBe(3);
    await stop();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(runs).toBe(3);
  });

  it('runs at once when asked to, reports a failure and tries again at the next turn', async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    let runs = 0;
    const stop = runPeriodically(
      async () => {
        runs++;
        throw new Error(`turn ${runs}`);
      },
      { firstAfterMs: 0, everyMs: 100 },
      (error) => errors.push(error),
    );
    await vi.advanceTimersByTimeAsync(100);
    await stop();
    expect(runs).toBe(2);
    expect(errors.map((e) => (e as Error).message)).toEqual(['turn 1', 'turn 2']);
  });

  it('waits for a running pass when stopped', async () => {
    let finished = false;
    let release = () => {};
    const stop = runPeriodically(
      () =>
        new Promise<void>((resolve) => {
          release = () => {
            finished = true;
            resolve();
          };
        }),
      { firstAfterMs: 0, everyMs: 60_000 },
      () => {},
    );
    const stopped = stop();
    release();
    await stopped;
    expect(finished).toBe(true);
  });
});
