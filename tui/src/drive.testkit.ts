import type { render } from 'ink-testing-library';
import { keysTaken } from './core/input-queue.js';

/** Keys as a terminal sends them. */
export const KEY = {
  enter: '\r',
  esc: '\u001B',
  up: '\u001B[A',
  down: '\u001B[B',
  right: '\u001B[C',
  left: '\u001B[D',
  tab: '\t',
  backspace: '\u007F',
};

/** A wait for what the screen draws (never a fixed sleep) and keys typed one at a time, on a rendered tree. */
export function drive(drawn: ReturnType<typeof render>) {
  const frame = () => drawn.lastFrame() ?? '';
  /** Resolves once the frame satisfies the check (text it contains, or a predicate). */
  const until = async (check: string | RegExp | ((frame: string) => boolean), timeout = 20_000) => {
    const test = typeof check === 'function' ? check : (f: string) => (typeof check === 'string' ? f.includes(check) : check.test(f));
    const started = Date.now();
    for (;;) {
      if (test(frame())) {
        // What was drawn subscribes its keys in effects React runs right after the commit (queued
        // before this check ran): let them run, so the next key reaches the screen just drawn.
        for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
        return frame();
      }
      if (Date.now() - started > timeout) throw new Error(`not drawn within ${timeout} ms: ${String(check)}\n${frame()}`);
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  /** Types keys one write at a time, each once the console has taken the one before and drawn what it asked for. */
  const press = async (...keys: string[]) => {
    for (const key of keys) {
      drawn.stdin.write(key);
      await keysTaken();
    }
  };
  return { ...drawn, frame, until, press };
}
