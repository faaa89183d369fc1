import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '@sso/server/testing';
import { render } from 'ink-testing-library';
import { App } from './app.js';
import type { Lang } from './core/i18n.js';
import { keysTaken } from './core/input-queue.js';
import { type Env, signIn, targetOf } from './core/session.js';

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

/** A config directory of its own (no keychain), as `sso login` would leave it. */
export function consoleHome(): { env: Env; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'sso-tui-'));
  return { env: { SSO_CONFIG_DIR: dir, SSO_KEYRING: 'off' }, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A server and a home signed in as admin on it. */
export async function signedInServer(): Promise<{ server: TestServer; env: Env; close: () => Promise<void> }> {
  const server = await startTestServer();
  const home = consoleHome();
  await signIn(home.env, { ...targetOf(home.env, { server: server.baseUrl }), account: 'admin' }, 'admin', 'zh');
  return {
    server,
    env: home.env,
    close: async () => {
      home.cleanup();
      await server.close();
    },
  };
}

/** The console rendered in memory, with a wait for what it draws (never a fixed sleep). */
export function openConsole(env: Env, options: { server?: string; lang?: Lang } = {}) {
  const drawn = render(<App env={env} options={{ server: options.server }} lang={options.lang ?? 'zh'} wait={async () => {}} />);
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
  /** Opens a screen through the palette (`:` and what to type), once the palette is drawn. */
  const go = async (typed: string, expected: string | RegExp) => {
    await press(':');
    await until('跳转到');
    await press(typed);
    await until(expected);
    await press(KEY.enter);
  };
  return { ...drawn, frame, until, press, go };
}
