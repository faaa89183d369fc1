import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestServer } from '@sso/server/testing';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runnable, useBrowserSuite } from './browser.testkit.js';
import { button, confirm, openedDrawer, openedOptions, settled, signInChangingPassword, step, toast } from './steps.testkit.js';

const NEW_PASSWORD = 'Admin@2024!';
/** A 1×1 red PNG, written at test time as the avatar fixture. */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
let server: TestServer;
let page: Page;
let fixtures: string;
/** Uncaught errors of the page: the screens must have none. */
let pageErrors: string[] = [];

beforeAll(() => {
  fixtures = mkdtempSync(join(tmpdir(), 'sso-platform-'));
  writeFileSync(join(fixtures, 'avatar.png'), TINY_PNG);
  writeFileSync(join(fixtures, 'avatar.gif'), Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'));
  writeFileSync(join(fixtures, 'big.png'), Buffer.concat([TINY_PNG, Buffer.alloc(500 * 1024)]));
  writeFileSync(join(fixtures, '浏览器附件.txt'), 'uploaded by the browser suite\n');
});
afterAll(() => {
  if (fixtures) rmSync(fixtures, { recursive: true, force: true });
});
useBrowserSuite({}, (suite) => ({ server, page, pageErrors } = suite));

const row = (scope: Page | Locator, text: string) => scope.locator('.ant-table-row').filter({ hasText: text });
const link = (scope: Locator, name: string) => scope.getByRole('button', { name: new RegExp(`^\\s*${[...name].join('\\s*')}\\s*$`) });

/** Opens a menu screen by its address (leaves answer at `<menu path>/index`) and waits for its card. */
async function open(path: string, title: string) {
  await page.goto(`${server.baseUrl}${path}/index`);
  await page.locator('.ant-card-head-title').filter({ hasText: title }).first().waitFor();
}

/** One story: each step needs the state the last one left (signed in, the attachment uploaded …). */
describe.skipIf(!runnable)('the platform service screens against the real server', () => {
  it('signs in as admin through the forced password change', async () => {
    await step(page, 'platform-01-sign-in', async () => {
      await signInChangingPassword(page, server.baseUrl, NEW_PASSWORD);
    });
  });

  it('lists API calls and shows one entry with every field in a drawer', async () => {
    await step(page, 'platform-02-api-log', async () => {
      await open('/monitor/log/api', '接口日志');
      // The recorder writes in batches: refresh until the calls of the sign-in are there.
      await expect
        .poll(
          async () => {
            await button(page, '刷新').click();
            return row(page, '/api/').count();
          },
          { timeout: 30_000, interval: 1_000 },
        )
        .toBeGreaterThan(0);
      await link(row(page, '/api/').first(), '查看').click();
      const drawer = await openedDrawer(page, '日志详情');
      const detail = drawer.getByTestId('log-detail');
      for (const label of ['请求接口', '请求方法', '用户代理', '请求数据', '耗时(ms)', '结果码'])
        await detail.getByText(label, { exact: true }).waitFor();
      const agent = detail.locator('pre[data-field="userAgent"]');
      await expect.poll(() => agent.textContent()).toContain('Chrome');
      expect(await agent.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe('pre-wrap');
      expect(await agent.evaluate((el) => getComputedStyle(el).fontFamily)).toContain('monospace');
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });
    });
  });

  it('uploads an attachment that is then listed with its download link', async () => {
    await step(page, 'platform-03-attach-upload', async () => {
      await open('/resource/attach', '附件管理');
      await page.locator('input[type=file]').setInputFiles(join(fixtures, '浏览器附件.txt'));
      await toast(page, '上传成功');
      const uploaded = row(page, '浏览器附件.txt');
      await uploaded.waitFor();
      const href = await uploaded.getByRole('link', { name: /下\s*载/ }).getAttribute('href');
      // A signed link: it works without the session (the request carries no token).
      expect(href).toMatch(/^\/api\/blade-resource\/oss\/endpoint\/file\?name=.+&expires=\d+&signature=[\w-]+$/);
      const stored = await page.request.get(`${server.baseUrl}${href}`);
      expect(await stored.text()).toBe(readFileSync(join(fixtures, '浏览器附件.txt'), 'utf8'));
    });
  });

  it('enables an SMS configuration and sends a test message through the log provider', async () => {
    await step(page, 'platform-04-sms-config', async () => {
      await open('/resource/sms', '短信配置');
      await button(page, '新增').click();
      const dialog = await settled(page.getByRole('dialog'));
      await dialog.getByLabel('分类').click();
      await (await openedOptions(page)).locator('.ant-select-item-option').filter({ hasText: /^log$/ }).click(); // the log provider
      await dialog.getByLabel('资源编号').fill('e2e-verify');
      await dialog.getByLabel('模板ID').fill('SMS_E2E');
      await button(page, '提交').click();
      await toast(page, '新增成功');
      const config = row(page, 'e2e-verify');
      await link(config, '启用').click();
      await confirm(page, '确定启用该配置？同一租户只能启用一个配置。');
      await toast(page, '启用成功');
      await config.getByText('已启用').waitFor();
    });
    await step(page, 'platform-05-sms-send', async () => {
      await link(row(page, 'e2e-verify'), '发送测试').click();
      const dialog = await settled(page.getByRole('dialog').filter({ hasText: '发送测试短信' }));
      await dialog.getByLabel('手机号码').fill('13912345678');
      await dialog.getByLabel('短信参数').fill('not json');
      await link(dialog, '发送').click();
      await dialog.getByText('短信参数必须是JSON对象').waitFor();
      await dialog.getByLabel('短信参数').fill('{"code":"246810"}');
      await link(dialog, '发送').click();
      await toast(page, '发送成功');
      await dialog.waitFor({ state: 'hidden' });
      await button(page, '短信记录').click();
      const log = await openedDrawer(page, '短信记录');
      const sent = row(log, '13912345678');
      await sent.waitFor();
      expect(await sent.textContent()).toContain('246810');
    });
  });

  it('uploads an avatar on /info/index that then shows in the top bar', async () => {
    const topAvatar = page.getByTestId('user-menu').locator('img');
    await step(page, 'platform-06-avatar-refused', async () => {
      await page.goto(`${server.baseUrl}/info/index`);
      await page.getByTestId('avatar-upload').waitFor();
      const before = await topAvatar.getAttribute('src');
      await page.locator('input[type=file]').setInputFiles(join(fixtures, 'avatar.gif'));
      await page.getByTestId('avatar-rule').filter({ hasText: '只能上传jpg/png格式' }).waitFor();
      await page.locator('input[type=file]').setInputFiles(join(fixtures, 'big.png'));
      await page.getByTestId('avatar-rule').filter({ hasText: '不能超过500kb' }).waitFor();
      expect(await topAvatar.getAttribute('src')).toBe(before);
    });
    await step(page, 'platform-07-avatar-saved', async () => {
      // The admin has no phone yet: the avatar waits for the profile to be complete.
      await page.locator('input[type=file]').setInputFiles(join(fixtures, 'avatar.png'));
      await toast(page, '头像已上传，请完善个人信息后提交');
      await page.getByLabel('手机号码').fill('13912345678');
      await page
        .locator('form#profile')
        .getByRole('button', { name: /提\s*交/ })
        .click();
      await toast(page, '个人信息已保存');
      await expect.poll(() => topAvatar.getAttribute('src')).toContain('/api/blade-resource/oss/endpoint/file');
      await expect.poll(() => topAvatar.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
      // Kept by the server: a reload shows it too.
      await page.reload();
      await expect.poll(() => topAvatar.getAttribute('src')).toContain('/api/blade-resource/oss/endpoint/file');
    });
  });

  it('writes a notice in its editor and enables a storage configuration', async () => {
    await step(page, 'platform-08-notice', async () => {
      await open('/desk/notice', '通知公告');
      await button(page, '新增').click();
      const dialog = await settled(page.getByRole('dialog').filter({ hasText: '新增 · 通知公告' }));
      await dialog.getByLabel('通知标题').fill('浏览器通知');
      await dialog.getByLabel('通知类型').click();
      await (await openedOptions(page)).locator('.ant-select-item-option').filter({ hasText: '发布通知' }).click();
      expect(await dialog.getByLabel('发布时间').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      await dialog.getByLabel('通知内容').fill('第一行\n第二行');
      await link(dialog, '提交').click();
      await toast(page, '新增成功');
      await link(row(page, '浏览器通知'), '修改').click();
      const editor = await settled(page.getByRole('dialog').filter({ hasText: '修改 · 通知公告' }));
      await expect.poll(() => editor.getByLabel('通知内容').inputValue()).toBe('第一行\n第二行');
      await link(editor, '取消').click();
      await editor.waitFor({ state: 'hidden' });
    });
    await step(page, 'platform-09-oss-enable', async () => {
      await open('/resource/oss', '对象存储');
      await button(page, '新增').click();
      const dialog = await settled(page.getByRole('dialog').filter({ hasText: '新增 · 对象存储' }));
      await dialog.getByLabel('分类').click();
      await (await openedOptions(page))
        .locator('.ant-select-item-option')
        .filter({ hasText: /^local$/ })
        .click();
      await dialog.getByLabel('资源编号').fill('e2e-local');
      await link(dialog, '提交').click();
      await toast(page, '新增成功');
      const config = row(page, 'e2e-local');
      await link(config, '启用').click();
      await confirm(page, '确定启用该配置？同一租户只能启用一个配置。');
      await toast(page, '启用成功');
      await config.getByText('已启用').waitFor();
    });
    expect(pageErrors).toEqual([]);
  });
});
