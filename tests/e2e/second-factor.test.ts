import { createHmac } from 'node:crypto';
import type { TestServer } from '@sso/server/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHROMIUM, runnable, useBrowserSuite } from './browser.testkit.js';
import { button, step, toast } from './steps.testkit.js';

const ADMIN_PASSWORD = 'Totp@2024x';

let server: TestServer;
let page: Page;
let pageErrors: string[];

if (!runnable) console.warn(`browser suite skipped: no chromium at ${CHROMIUM}`);
useBrowserSuite({ adminPassword: ADMIN_PASSWORD }, (suite) => ({ server, page, pageErrors } = suite));

/** RFC 6238 code (SHA-1, 6 digits, 30 s) of a base32 secret, `steps` periods from now: what an authenticator app shows. */
function totp(secret: string, steps = 0): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of secret.replace(/=+$/, '')) bits += alphabet.indexOf(ch).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => Number.parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000) + steps));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

async function signInWithPassword(): Promise<void> {
  await page.goto(`${server.baseUrl}/login`);
  await page.getByLabel('账号').fill('admin');
  await page.getByLabel('密码').fill(ADMIN_PASSWORD);
  await button(page, '登录').click();
}

describe.runIf(runnable)('TOTP second factor', () => {
  it('is set up on the personal info page with a QR code, then asked for after the password', async () => {
    let secret = '';
    await step(page, 'totp-enrol', async () => {
      await signInWithPassword();
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await page.goto(`${server.baseUrl}/info/index`);
      await button(page, '绑定身份验证器').click();
      await page.locator('.second-factor-card canvas, .second-factor-card svg').first().waitFor();
      secret = ((await page.locator('.totp-secret').first().textContent()) ?? '').replace(/[^A-Z2-7]/g, '');
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await page.getByLabel('验证器显示的6位验证码').fill(totp(secret));
      await button(page, '确认绑定').click();
      await toast(page, '双因素认证已开启');
      await expect.poll(() => page.locator('.recovery-codes li').count()).toBe(10);
      await page.locator('.second-factor-card .ant-tag', { hasText: '已开启' }).waitFor();
    });

    await step(page, 'totp-asked-after-password', async () => {
      await page.evaluate(() => localStorage.clear());
      await signInWithPassword();
      await page.getByRole('heading', { name: '双因素验证' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/login');
    });

    await step(page, 'totp-wrong-then-right', async () => {
      await page.getByLabel('动态验证码或恢复码').fill('000000');
      await button(page, '验证').click();
      await toast(page, '动态验证码错误');
      // The enrolment spent the current step: the next one (within the accepted window) signs in.
      await page.getByLabel('动态验证码或恢复码').fill(totp(secret, 1));
      await button(page, '验证').click();
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    });
    expect(pageErrors).toEqual([]);
  });
});
