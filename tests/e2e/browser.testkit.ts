import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '@sso/server/testing';
import { md5, toBase64 } from '@sso/shared-api';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { keepJournal } from './page-journal.testkit.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const artifacts = join(import.meta.dirname, '..', 'artifacts');
/** Without Chromium (a laptop without the apt packages) the suites are skipped; CI always has it. */
export const runnable = existsSync(CHROMIUM) || Boolean(process.env.CI);
/** The built web app the suites serve; SSO_E2E_WEB_DIR points at another build (a parallel work tree). */
export const webDir = process.env.SSO_E2E_WEB_DIR ?? join(import.meta.dirname, '..', '..', 'web', 'dist');

/**
 * Debian's chromium, headless, with the flags a headless machine needs (no sandbox, GPU, QUIC or
 * background networking); Playwright gives it a fresh profile.
 */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`chromium not found at ${CHROMIUM}: apt-get install -y chromium fonts-wqy-zenhei`);
  mkdirSync(artifacts, { recursive: true });
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface BrowserSuite {
  server: TestServer;
  browser: Browser;
  page: Page;
  /** Uncaught errors of the page: a story ends by expecting none. */
  pageErrors: string[];
}

export interface SuiteOptions {
  viewport?: { width: number; height: number };
  /** The admin's first password change done beforehand (through the API), for stories that do not walk it. */
  adminPassword?: string;
  /** Settings of the server beyond the suite's own (e.g. HOST: 'localhost', the public origin passkeys need). */
  serverConfig?: Partial<Parameters<typeof startTestServer>[0]>;
}

/**
 * Registers the hooks of a browser story: before it, a server serving the built app, chromium and
 * one page whose uncaught errors are collected, handed to the suite by `ready`; after it, all
 * closed again.
 */
export function useBrowserSuite(options: SuiteOptions, ready: (suite: BrowserSuite) => void): void {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    if (!runnable) return;
    if (!existsSync(join(webDir, 'index.html'))) throw new Error(`${webDir} is missing: build the web app first (npm test does)`);
    // A first start without SSO_ADMIN_PASSWORD: the seeded admin must change its password first.
    server = await startTestServer({ SSO_WEB_DIR: webDir, SSO_ADMIN_PASSWORD: undefined, ...options.serverConfig });
    if (options.adminPassword) await changeAdminPassword(server, options.adminPassword);
    browser = await launchBrowser();
    const page = await browser.newPage({ viewport: options.viewport ?? { width: 1366, height: 820 } });
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await keepJournal(page);
    ready({ server, browser, page, pageErrors });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
}

async function changeAdminPassword(server: TestServer, password: string): Promise<void> {
  const admin = await server.admin();
  await admin.user.user.updatePassword({
    oldPassword: md5('admin'),
    newPassword: md5(password),
    newPassword1: md5(password),
    passwordBase64: toBase64(password),
  });
}
