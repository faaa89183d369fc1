import { describe, expect, it } from 'vitest';
import { createIdleWatch } from './idle.js';

/** The idle watch: input keeps the session alive, written down sparingly; no limit, never idle. */
function watch(minutes: number | undefined) {
  let clock = 1_000_000;
  let stored: number | undefined;
  let writes = 0;
  const idle = createIdleWatch({
    idleMinutes: () => minutes,
    now: () => clock,
    read: () => stored,
    write: (at) => {
      stored = at;
      writes++;
    },
  });
  return { idle, advance: (ms: number) => (clock += ms), writes: () => writes };
}

describe('idle watch', () => {
  it('is idle once the limit passes without input, counting from the first check', () => {
    const { idle, advance } = watch(30);
    expect(idle.isIdle()).toBe(false);
    advance(29 * 60_000);
    expect(idle.isIdle()).toBe(false);
    idle.input();
    advance(29 * 60_000);
    expect(idle.isIdle()).toBe(false);
    advance(60_000);
    expect(idle.isIdle()).toBe(true);
  });

  it('writes input down at most every few seconds', () => {
    const { idle, advance, writes } = watch(30);
    idle.input();
    idle.input();
    advance(1000);
    idle.input();
    expect(writes()).toBe(1);
    advance(5000);
    idle.input();
    expect(writes()).toBe(2);
  });

  it('is never idle without a limit', () => {
    const { idle, advance } = watch(undefined);
    idle.start();
    advance(10 * 24 * 3_600_000);
    expect(idle.isIdle()).toBe(false);
  });
});
