import { setTimeout as pause } from 'node:timers/promises';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** How long a browser step may take to land somewhere (a sign-on is a handful of redirects). */
const LANDING_TIMEOUT_MS = 20_000;

/**
 * Where a visit of a protected address ends: on the application's page `path` at `origin`
 * ('application'), or on the platform's sign-in form asking for a password ('password form'),
 * whichever comes first; 'nowhere' when neither happens in time.
 */
export async function landing(page: Page, origin: string, path: string): Promise<'application' | 'password form' | 'nowhere'> {
  const timeout = LANDING_TIMEOUT_MS;
  const atApplication = page
    .waitForURL((url) => url.origin === origin && url.pathname === path && !url.search, { timeout })
    .then(() => 'application' as const);
  const asked = page
    .getByLabel('密码')
    .waitFor({ timeout })
    .then(() => 'password form' as const);
  // The loser keeps waiting until its timeout: its rejection is expected and ignored.
  return Promise.race([atApplication.catch(() => 'nowhere' as const), asked.catch(() => 'nowhere' as const)]);
}

/** How long an effect the platform delivers in the background (a logout, a revocation) may take. */
const SETTLE_TIMEOUT_MS = 10_000;
const SETTLE_POLL_MS = 50;

/**
 * Reads `read` until it answers `wanted` or SETTLE_TIMEOUT_MS have passed, and answers the last
 * value read: the caller compares it, so that a failure shows what it settled on instead.
 */
export async function settledValue<T>(read: () => Promise<T>, wanted: T): Promise<T> {
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  let value = await read();
  while (value !== wanted && Date.now() < deadline) {
    await pause(SETTLE_POLL_MS);
    value = await read();
  }
  return value;
}

/** Expects the visit showing in `page` to land as `wanted` (see `landing`); a failure names where the browser stopped. */
export async function expectLanding(page: Page, origin: string, path: string, wanted: 'application' | 'password form'): Promise<void> {
  const landed = await landing(page, origin, path);
  expect(landed, `the browser stopped at ${page.url()}`).toBe(wanted);
}
