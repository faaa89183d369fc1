import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const artifacts = join(import.meta.dirname, '..', 'artifacts');
/** The built web app the suites serve; SSO_E2E_WEB_DIR points at another build (a parallel work tree). */
export const webDir = process.env.SSO_E2E_WEB_DIR ?? join(import.meta.dirname, '..', '..', 'web', 'dist');

/** Debian's chromium, headless, with the flags this machine needs (DESIGN §6); Playwright gives it a fresh profile. */
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
