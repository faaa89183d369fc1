import type { TestServer } from '@sso/server/testing';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, runnable, useBrowserSuite } from './browser.testkit.js';
import { button, dialogTitled, settled, step, toast } from './steps.testkit.js';

const ADMIN_PASSWORD = 'Phone@2024';
const ADMIN_PHONE = '13900002222';
const RESET_PHONE = '13900003333';

let server: TestServer;
let page: Page;
let pageErrors: string[];

if (!runnable) console.warn(`browser suite skipped: no chromium at ${CHROMIUM}`);
useBrowserSuite(
  { adminPassword: ADMIN_PASSWORD, viewport: { width: 390, height: 844 } },
  (suite) => ({ server, page, pageErrors } = suite),
);

/** The newest code the log provider recorded for a phone, read as an administrator (sms/log-list). */
async function codeSentTo(phone: string): Promise<string> {
  const admin = await server.client();
  await admin.login({ username: 'admin', password: ADMIN_PASSWORD });
  const logs = await admin.resource.sms.logs({ phone });
  const code = (JSON.parse(logs[0]?.content ?? '{}') as { code?: string }).code;
  if (!code) throw new Error(`no code sent to ${phone}`);
  return code;
}

/** No sideways scroll at 390 px: the page is as wide as the window. */
const fitsWidth = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

beforeAll(async () => {
  if (!runnable) return;
  // The administrator has a phone; a second account (same role) recovers its password.
  const admin = await server.ctx.db.selectFrom('blade_user').selectAll().where('account', '=', 'admin').executeTakeFirstOrThrow();
  await server.ctx.db.updateTable('blade_user').set({ phone: ADMIN_PHONE }).where('id', '=', admin.id).execute();
  await server.ctx.db
    .insertInto('blade_user')
    .values({
      id: server.ctx.ids.next(),
      tenantId: admin.tenantId,
      account: 'forgetful',
      password: admin.password,
      name: 'forgetful',
      realName: 'Forgetful',
      roleId: admin.roleId,
      deptId: admin.deptId,
      phone: RESET_PHONE,
      status: 1,
    })
    .execute();
});

describe.runIf(runnable)('phone sign-in and a forgotten password on a phone-sized screen', () => {
  it('signs in with an SMS code, then recovers a password and signs in with the new one', async () => {
    await step(page, 'phone-tab', async () => {
      await page.goto(`${server.baseUrl}/login`);
      await page.getByRole('tab', { name: '手机登录' }).click();
      await page.getByRole('tab', { name: '手机登录', selected: true }).waitFor();
      await page.getByLabel('手机号码').fill(ADMIN_PHONE);
      expect(await fitsWidth()).toBe(true);
    });

    await step(page, 'phone-code-sent', async () => {
      await button(page, '获取验证码').click();
      await toast(page, '验证码已发送，5分钟内有效');
      await page.getByRole('button', { name: /秒后重发/ }).waitFor();
    });

    await step(page, 'phone-signed-in', async () => {
      await page.getByLabel('短信验证码').fill(await codeSentTo(ADMIN_PHONE));
      await button(page, '登录').click();
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    });

    await step(page, 'forgot-dialog', async () => {
      await page.evaluate(() => localStorage.clear());
      await page.goto(`${server.baseUrl}/login`);
      await page.getByRole('button', { name: '忘记密码' }).click();
      const dialog = dialogTitled(page, '找回密码');
      await settled(dialog);
      await dialog.getByLabel('账号').fill('forgetful');
      await dialog.getByLabel('手机号码').fill(RESET_PHONE);
      await dialog.getByRole('button', { name: '获取验证码' }).click();
      await toast(page, '验证码已发送，5分钟内有效');
      await dialog.getByLabel('短信验证码').fill(await codeSentTo(RESET_PHONE));
      await dialog.getByLabel('新密码', { exact: true }).fill('Renewed@2026');
      await dialog.getByLabel('确认新密码').fill('Renewed@2026');
      expect(await fitsWidth()).toBe(true);
      await button(page, '重置密码').click();
      await toast(page, '密码已重置，请使用新密码登录');
    });

    await step(page, 'forgot-new-password-signs-in', async () => {
      await page.getByLabel('账号').fill('forgetful');
      await page.getByLabel('密码').fill('Renewed@2026');
      await button(page, '登录').click();
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    });
    expect(pageErrors).toEqual([]);
  });
});
