import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '@sso/server/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { CHROMIUM, launchBrowser, webDir } from '../e2e/browser.testkit.js';
import { missingApache } from './apache.testkit.js';

/** What an interop suite runs against: the platform serving the built web app, and chromium. */
export interface InteropPlatform {
  server: TestServer;
  browser: Browser;
}

/**
 * Whether the suite can run here. A machine without Apache, one of the modules, chromium or one of
 * the other `programs` skips it, saying so; under CI=true nothing is skipped, and the suite fails
 * naming what is missing.
 */
export function interopPrerequisites(
  suite: string,
  modules: readonly string[],
  programs: readonly string[] = [],
): { runnable: boolean; missing: string[] } {
  const missing = [...missingApache(modules), ...[CHROMIUM, ...programs].filter((program) => !existsSync(program))];
  const runnable = missing.length === 0 || Boolean(process.env.CI);
  if (!runnable) {
    console.warn(
      `interop suite "${suite}" skipped: ${missing.join(', ')} not installed ` +
        '(apt-get install apache2 libapache2-mod-auth-openidc libapache2-mod-auth-cas libapache2-mod-auth-mellon chromium openssl)',
    );
  }
  return { runnable, missing };
}

/**
 * Registers the hooks of an interop suite: before it, one platform server (the seeded admin keeps
 * admin/admin) serving the built web app and one chromium, handed over by `ready`; after it,
 * both closed. Hooks registered later by the suite (its Apache) run after these start and stop
 * before these close.
 */
export function useInteropPlatform(prerequisites: { runnable: boolean; missing: string[] }, ready: (platform: InteropPlatform) => void) {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    if (!prerequisites.runnable) return;
    if (prerequisites.missing.length) throw new Error(`not installed: ${prerequisites.missing.join(', ')}`);
    if (!existsSync(join(webDir, 'index.html'))) throw new Error(`${webDir} is missing: build the web app first (npm test does)`);
    server = await startTestServer({ SSO_WEB_DIR: webDir });
    browser = await launchBrowser();
    ready({ server, browser });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
}
