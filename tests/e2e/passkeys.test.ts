import type { TestServer } from '@sso/server/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHROMIUM, runnable, useBrowserSuite } from './browser.testkit.js';
import { button, step, toast } from './steps.testkit.js';

/**
 * Passkeys in a real browser, with Chromium's virtual authenticator (DevTools protocol) standing
 * for the device's fingerprint reader: one is added on the personal info page, then signs in
 * without a password, and is asked for after a password sign-in. WebAuthn needs a domain as the
 * relying party: the server's public origin is http://localhost:port here.
 */
const ADMIN_PASSWORD = 'Passkey@2024x';

let server: TestServer;
let page: Page;
let pageErrors: string[];

if (!runnable) console.warn(`browser suite skipped: no chromium at ${CHROMIUM}`);
useBrowserSuite({ adminPassword: ADMIN_PASSWORD, serverConfig: { HOST: 'localhost' } }, (suite) => ({ server, page, pageErrors } = suite));

const origin = () => server.baseUrl.replace('127.0.0.1', 'localhost');

async function signInWithPassword(): Promise<void> {
  await page.goto(`${origin()}/login`);
  await page.getByLabel('账号').fill('admin');
  await page.getByLabel('密码').fill(ADMIN_PASSWORD);
  await button(page, '登录').click();
}

describe.runIf(runnable)('passkeys', () => {
  it('are added on the personal info page, sign in without a password, and answer the second step', async () => {
    const devtools = await page.context().newCDPSession(page);
    await devtools.send('WebAuthn.enable');
    await devtools.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });

    await step(page, 'passkey-add', async () => {
      await signInWithPassword();
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await page.goto(`${origin()}/info/index`);
      await page.locator('.passkeys-card').getByText('尚未添加通行密钥').waitFor();
      await page.getByLabel('名称（如：办公电脑、我的手机）').fill('办公电脑');
      await button(page, '添加通行密钥').click();
      await toast(page, '通行密钥已添加');
      await page.locator('.passkeys-card .passkey-name', { hasText: '办公电脑' }).waitFor();
    });

    await step(page, 'passkey-sign-in', async () => {
      await page.evaluate(() => localStorage.clear());
      await page.goto(`${origin()}/login`);
      await page.getByRole('button', { name: /使用通行密钥登录/ }).click();
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    });

    await step(page, 'passkey-second-step', async () => {
      await page.evaluate(() => localStorage.clear());
      await signInWithPassword();
      await page.getByRole('heading', { name: '双因素验证' }).waitFor();
      await page.getByRole('button', { name: /使用通行密钥验证/ }).click();
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    });

    const kept = await server.ctx.db.selectFrom('sso_passkey').select(['name', 'lastUsedTime', 'counter']).execute();
    expect(kept).toEqual([expect.objectContaining({ name: '办公电脑', lastUsedTime: expect.any(Date) })]);
    expect(pageErrors).toEqual([]);
  });
});
