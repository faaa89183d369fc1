import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '@sso/server/testing';
import { render } from 'ink-testing-library';
import { App } from './app.js';
import type { Lang } from './core/i18n.js';
import { type Env, signIn, targetOf } from './core/session.js';
import { drive, KEY } from './drive.testkit.js';

export { KEY };

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
  const ui = drive(render(<App env={env} options={{ server: options.server }} lang={options.lang ?? 'zh'} wait={async () => {}} />));
  /** Opens a screen through the palette (`:` and what to type), once the palette is drawn. */
  const go = async (typed: string, expected: string | RegExp) => {
    await ui.press(':');
    await ui.until('跳转到');
    await ui.press(typed);
    await ui.until(expected);
    await ui.press(KEY.enter);
  };
  return { ...ui, go };
}
