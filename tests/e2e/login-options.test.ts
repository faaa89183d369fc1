import type { TestServer } from '@sso/server/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, runnable, useBrowserSuite } from './browser.testkit.js';
import { button, step } from './steps.testkit.js';

/**
 * The sign-in form follows the server's login options: the tenant field only in tenant mode and
 * when the host names no tenant, at a phone's and a desktop's size without sideways scrolling;
 * with the captcha required, a sign-in reads the picture's code through the test servers' hook.
 */
const PASSWORD = 'Login@Options1';
const SIZES = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
];
let server: TestServer;
let page: Page;
let pageErrors: string[];

if (!runnable) console.warn(`browser suite skipped: no chromium at ${CHROMIUM}`);
useBrowserSuite({ adminPassword: PASSWORD }, (suite) => ({ server, page, pageErrors } = suite));

let admin: Awaited<ReturnType<TestServer['admin']>>;
beforeAll(async () => {
  if (!runnable) return;
  admin = server.client();
  await admin.login({ username: 'admin', password: PASSWORD });
});
afterAll(() => admin?.logout().catch(() => undefined));

async function setParam(paramKey: string, paramValue: string): Promise<void> {
  const row = (await admin.system.param.list({ paramKey })).records.find((r) => r.paramKey === paramKey);
  if (!row) throw new Error(`parameter ${paramKey} is not seeded`);
  await admin.system.param.submit({ id: row.id, paramValue });
}

/**
 * Opens /login signed out and waits until the form has the server's options; `loading` starts
 * right before the page loads (to catch its first answers).
 */
async function openLogin<T>(loading?: () => T): Promise<T | undefined> {
  await page.context().clearCookies();
  await page.goto(`${server.baseUrl}/404`);
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  const started = loading?.();
  await page.goto(`${server.baseUrl}/login`);
  await page.locator('[data-ready="true"]').waitFor();
  await page.getByLabel('账号').waitFor();
  return started;
}

/**
 * How far the page or the sign-in panel runs past the window's right edge (0 when it fits): the
 * shell hides sideways overflow, so a panel wider than a phone would be cut off, not scrollable.
 */
const sidewaysScroll = () =>
  page.evaluate(() => {
    const panel = document.querySelector('[data-ready]')?.getBoundingClientRect();
    const overflow = document.documentElement.scrollWidth - document.documentElement.clientWidth;
    return Math.max(overflow, panel ? panel.right - window.innerWidth : 0, panel ? -panel.left : 0);
  });

describe.skipIf(!runnable)('login options on the sign-in page', () => {
  it('keeps the 登录 button where it first appeared while the later parts of the panel load, at phone and desktop sizes', async () => {
    // The passkey and social buttons come in their own chunks after the form: held back here
    // until the button's first position is taken, as a slow network would.
    const lateChunk = /\/assets\/(?:passkey-sign-in-button|social-buttons)-[^/]*\.js$/;
    const passkeyButton = page.getByRole('button', { name: /通行密钥/ });
    for (const size of SIZES) {
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(lateChunk, async (route) => {
        await held;
        await route.continue();
      });
      try {
        await page.setViewportSize(size);
        await step(page, `login-options-steady-button-${size.width}`, async () => {
          await page.goto(`${server.baseUrl}/login`);
          const submit = button(page, '登录');
          const first = await submit.boundingBox();
          expect(await passkeyButton.count()).toBe(0);
          release();
          await passkeyButton.waitFor();
          expect(await submit.boundingBox()).toEqual(first);
        });
      } finally {
        release();
        await page.unroute(lateChunk);
      }
    }
  });

  it('hides the tenant with tenant mode off and shows it with tenant mode on, at phone and desktop sizes', async () => {
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await step(page, `login-options-tenant-off-${size.width}`, async () => {
        await openLogin();
        expect(await page.getByLabel('租户编号').count()).toBe(0);
        expect(await sidewaysScroll()).toBeLessThanOrEqual(0);
      });
    }
    await setParam('tenant.mode', 'true');
    try {
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await step(page, `login-options-tenant-on-${size.width}`, async () => {
          await openLogin();
          await page.getByLabel('租户编号').waitFor();
          expect(await page.getByLabel('租户编号').inputValue()).toBe('000000');
          expect(await sidewaysScroll()).toBeLessThanOrEqual(0);
        });
      }
      // A host a tenant owns names the tenant: no field.
      const host = new URL(server.baseUrl).host;
      await server.ctx.db.updateTable('blade_tenant').set({ domain: host }).where('tenantId', '=', '000000').execute();
      try {
        await step(page, 'login-options-host-tenant', async () => {
          await openLogin();
          expect(await page.getByLabel('租户编号').count()).toBe(0);
        });
      } finally {
        await server.ctx.db.updateTable('blade_tenant').set({ domain: null }).where('tenantId', '=', '000000').execute();
      }
    } finally {
      await setParam('tenant.mode', 'false');
    }
  });

  it('signs in with the captcha required: a wrong code is refused and the picture redrawn, the right one signs in', async () => {
    await setParam('captcha.enabled', 'true');
    try {
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await step(page, `login-options-captcha-${size.width}`, async () => {
          const drawn = await openLogin(() => page.waitForResponse((r) => r.url().includes('/oauth/captcha')));
          if (!drawn) throw new Error('no captcha was drawn');
          const first = (await (await drawn).json()) as { key: string; image: string };
          const picture = page.getByAltText('验证码图片');
          await expect.poll(() => picture.getAttribute('src')).toBe(first.image);
          expect(await sidewaysScroll()).toBeLessThanOrEqual(0);

          await page.getByLabel('账号').fill('admin');
          await page.getByLabel('密码').fill(PASSWORD);
          const wrongCode = `${server.ctx.captcha.codeForTests(first.key)}x`;
          await page.getByLabel('验证码').fill(wrongCode);
          const redrawn = page.waitForResponse((r) => r.url().includes('/oauth/captcha'));
          await button(page, '登录').click();
          await page.getByText('验证码不正确或已过期，请刷新后重试').first().waitFor();
          const second = (await (await redrawn).json()) as { key: string };
          expect(second.key).not.toBe(first.key);

          const code = server.ctx.captcha.codeForTests(second.key);
          if (!code) throw new Error('the test hook knows no code for the picture shown');
          await page.getByLabel('验证码').fill(code.toLowerCase());
          await button(page, '登录').click();
          await page.waitForURL('**/wel/index');
        });
      }
    } finally {
      await setParam('captcha.enabled', 'false');
    }
    expect(pageErrors).toEqual([]);
  });
});
