import { startTestIdp, type TestIdp, type TestServer } from '@sso/server/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, runnable, useBrowserSuite } from './browser.testkit.js';
import { button, dialogTitled, settled, step, toast } from './steps.testkit.js';

const ADMIN_PASSWORD = 'Social@2024';
const PROVIDER = 'Company IdP';

let server: TestServer;
let page: Page;
let pageErrors: string[];
let idp: TestIdp | undefined;

if (!runnable) console.warn(`browser suite skipped: no chromium at ${CHROMIUM}`);
useBrowserSuite({ adminPassword: ADMIN_PASSWORD }, (suite) => ({ server, page, pageErrors } = suite));

/**
 * Social sign-in through a real OpenID Connect provider on 127.0.0.1 (oidc-provider): the
 * platform's administrator configured it; a first-time visitor signs in there, is offered the
 * registration dialog, registers and is sent back to /login; once an administrator approves the
 * account the same button signs the person in, and the binding is listed on /info/index.
 */
beforeAll(async () => {
  if (!runnable) return;
  idp = await startTestIdp({ redirectUri: `${server.baseUrl}/api/blade-auth/oauth/social/callback` });
  idp.addPerson('carol', { name: 'Carol Chen', email: 'carol@example.com', preferred_username: 'carol' });
  const admin = await server.client();
  await admin.login({ username: 'admin', password: ADMIN_PASSWORD });
  await admin.system.socialProvider.submit({
    kind: 'oidc',
    name: PROVIDER,
    clientId: idp.clientId,
    clientSecret: idp.clientSecret,
    discoveryUrl: idp.discoveryUrl,
    enabled: 1,
  });
});
afterAll(() => idp?.close());

/**
 * From the sign-in page to the provider and back to the platform: the provider asks who signs in
 * the first time; later its own session remembers the person and it sends the browser straight back.
 */
async function signInAtProvider(): Promise<void> {
  const redeemed = page.waitForResponse((response) => response.url().includes('/api/blade-auth/oauth/token'));
  const atProvider = page.waitForURL(`${idp?.issuer}/interaction/**`).then(() => 'provider' as const);
  atProvider.catch(() => undefined); // the provider may not ask
  await page.getByRole('button', { name: `使用 ${PROVIDER} 登录` }).click();
  if ((await Promise.race([redeemed.then(() => 'back' as const), atProvider])) === 'provider') {
    await page.getByLabel('Person id').fill('carol');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  }
  await redeemed;
}

describe.runIf(runnable)('social sign-in through an OpenID Connect provider', () => {
  it('registers a first-time visitor, then signs the approved account in', async () => {
    await step(page, 'social-button', async () => {
      await page.goto(`${server.baseUrl}/login`);
      await page.getByRole('navigation', { name: '其他登录方式' }).waitFor();
    });

    await step(page, 'social-first-visit-registers', async () => {
      await signInAtProvider();
      await toast(page, '该第三方账号尚未绑定平台账号');
      const dialog = dialogTitled(page, '账号注册');
      await settled(dialog);
      expect(new URL(page.url()).search).toBe('');
      await dialog.getByLabel('用户姓名').fill('Carol Chen');
      await dialog.getByLabel('账号').fill('carol_chen');
      await dialog.getByLabel('密码', { exact: true }).fill('Carol@2024x');
      await dialog.getByLabel('确认密码').fill('Carol@2024x');
      await button(page, '提交').click();
      const done = page.locator('.ant-modal-confirm').filter({ hasText: '注册申请已提交' });
      await settled(done);
      await done.locator('.ant-btn-primary').click();
      await page.waitForURL('**/login');
    });

    const user = await server.ctx.db
      .selectFrom('blade_user')
      .select(['id', 'status'])
      .where('account', '=', 'carol_chen')
      .executeTakeFirstOrThrow();
    expect(user.status).toBe(2);
    const binding = await server.ctx.db
      .selectFrom('blade_user_oauth')
      .select('userId')
      .where('uuid', '=', 'carol')
      .executeTakeFirstOrThrow();
    expect(binding.userId).toBe(user.id);
    const admin = await server.client();
    await admin.login({ username: 'admin', password: ADMIN_PASSWORD });
    await admin.user.user.auditPass(undefined, { userIds: user.id } as never);
    // Signed in without any password change: the registration set a password that meets the rule.
    await server.ctx.db.updateTable('blade_user').set({ mustChangePassword: 0 }).where('id', '=', user.id).execute();

    await step(page, 'social-approved-signs-in', async () => {
      await signInAtProvider();
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      const session = await page.evaluate(() => localStorage.getItem(Object.keys(localStorage).find((k) => k.endsWith('session')) ?? ''));
      expect(session).toContain('carol_chen');
    });

    await step(page, 'social-binding-listed', async () => {
      await page.goto(`${server.baseUrl}/info/index`);
      const card = page.locator('.social-bindings');
      await card.getByText(`${PROVIDER} · Carol Chen`).waitFor();
      await card.getByRole('button', { name: `绑定 ${PROVIDER}` }).waitFor();
    });
    expect(pageErrors).toEqual([]);
  });
});
