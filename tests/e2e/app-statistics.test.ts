import type { TestServer } from '@sso/server/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runnable, useBrowserSuite } from './browser.testkit.js';
import { button, openedDropdown, scrollsSideways, step } from './steps.testkit.js';

const PASSWORD = 'AppStats@2024!';
let server: TestServer;
let page: Page;
let pageErrors: string[] = [];

useBrowserSuite({ adminPassword: PASSWORD, viewport: { width: 1440, height: 900 } }, (suite) => ({ server, page, pageErrors } = suite));

const WAIT = { timeout: 30_000 };
const content = () => page.locator('.sso-admin .ant-layout-content');
const rowOf = (text: string) => content().locator('.ant-table-row').filter({ hasText: text }).first();
/** A tiny zip archive: an apk is one. */
const APK = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x61, 0x70, 0x6b]);

/** The mobile-application admin screens, each with what shows it has drawn its content. */
const PHONE_SCREENS = [
  ['/appmanage/appmanage/index', '.ant-table-row'],
  ['/appmanage/appmembermanage/index', '.ant-table'],
  ['/appmanage/appversionmanage/index', '.ant-table-row'],
  ['/appmanage/appdownloadrecord/index', '.ant-table'],
  ['/appmanage/appstartlog/index', '.ant-table-row'],
  ['/appmanage/appstatistics/index', '[data-testid="stats-per-app"] .ant-table-row'],
] as const;

/** The boxes under `selector` in the screen that reach past the window's left or right edge. */
const outsideWindow = (path: string, selector: string) =>
  page.evaluate(
    ({ path, selector }) =>
      [...document.querySelectorAll(`[data-tab-path="${path}"] ${selector}`)]
        .filter((el) => {
          const box = el.getBoundingClientRect();
          return box.width > 0 && (box.left < 0 || box.right > window.innerWidth);
        })
        .map((el) => el.textContent ?? ''),
    { path, selector },
  );

const report = (appId: string, osName: string, deviceBrand: string) =>
  fetch(`${server.baseUrl}/api/blade-appmanage/client/appstartlog/report`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ appId, osName, deviceType: 'phone', deviceBrand, appVersion: '1.0.0' }),
  });
const lastest = async (appId: string) =>
  (
    (await (await fetch(`${server.baseUrl}/api/blade-appmanage/appversionmanage/lastest?appId=${appId}&appType=1`)).json()) as {
      data: { versionCode: number } | null;
    }
  ).data;

describe.skipIf(!runnable)('mobile application statistics and versions', () => {
  let appId = '';

  it('shows posted start logs on the statistics dashboard, in Chinese and in English', async () => {
    const admin = await server.client();
    await admin.login({ username: 'admin', password: PASSWORD });
    const app = (await admin.call('POST', '/api/blade-appmanage/appmanage/submit', undefined, {
      appName: '掌上巡检',
      appCategory: '1',
    })) as {
      id: string;
    };
    appId = app.id;
    for (const [os, brand] of [
      ['Android', 'Huawei'],
      ['Android', 'Huawei'],
      ['Android', 'Xiaomi'],
      ['iOS', 'Apple'],
    ]) {
      expect((await report(appId, os, brand)).status).toBe(200);
    }

    await step(page, 'app-stats-01-sign-in', async () => {
      await page.goto(`${server.baseUrl}/login`);
      await page.getByLabel('账号').fill('admin');
      await page.getByLabel('密码').fill(PASSWORD);
      await button(page, '登录').click();
      await page.waitForURL('**/wel/index');
    });

    await step(page, 'app-stats-02-dashboard', async () => {
      await page.goto(`${server.baseUrl}/appmanage/appstatistics/index`);
      const totals = page.getByTestId('stats-totals');
      await totals.getByText('启动次数').waitFor(WAIT);
      await expect
        .poll(() => totals.locator('.ant-statistic').first().locator('.ant-statistic-content-value').textContent(), WAIT)
        .toBe('4');
      await page
        .getByTestId('stats-per-app')
        .locator('.ant-table-row')
        .filter({ hasText: '掌上巡检' })
        .filter({ hasText: '4' })
        .waitFor(WAIT);
      for (const chart of ['app-stats-trend', 'app-stats-os', 'app-stats-brand'])
        await page.getByTestId(chart).locator('canvas').waitFor(WAIT);
      await page.getByText('操作系统分布').or(page.getByTestId('app-stats-os')).first().waitFor(WAIT);
    });

    await step(page, 'app-stats-03-english', async () => {
      await page.getByRole('button', { name: '中英文' }).click();
      await (await openedDropdown(page)).getByRole('menuitem', { name: 'English' }).click();
      await page.getByTestId('stats-totals').getByText('Starts').waitFor(WAIT);
      await page.getByText('Starts per application').waitFor(WAIT);
      const chinese = await content().evaluate(
        (root) => (root.textContent ?? '').replace(/掌上巡检/g, '').match(/[\u4e00-\u9fff]+/g) ?? [],
      );
      expect(chinese).toEqual([]);
      await page
        .getByRole('button', { name: '中英文' })
        .or(page.getByRole('button', { name: /language/i }))
        .first()
        .click();
      await (await openedDropdown(page)).getByRole('menuitem', { name: '中文' }).click();
      await page.getByTestId('stats-totals').getByText('启动次数').waitFor(WAIT);
    });
    expect(pageErrors).toEqual([]);
  });

  it('uploads a package and releases the version, which the update check then answers', async () => {
    const admin = await server.client();
    await admin.login({ username: 'admin', password: PASSWORD });
    const version = (await admin.call('POST', '/api/blade-appmanage/appversionmanage/submit', undefined, {
      appId,
      appType: 1,
      versionName: '2.0.0',
      versionCode: 200,
    })) as { id: string };
    expect(await lastest(appId)).toBeNull();

    await step(page, 'app-stats-04-versions', async () => {
      await page.goto(`${server.baseUrl}/appmanage/appversionmanage/index`);
      await rowOf('2.0.0').waitFor(WAIT);
      await page.getByTestId(`upload-${version.id}`).locator('..').locator('input[type=file]').setInputFiles({
        name: 'inspect-2.0.0.apk',
        mimeType: 'application/vnd.android.package-archive',
        buffer: APK,
      });
      await rowOf('inspect-2.0.0.apk').waitFor(WAIT);
      await page.getByTestId(`release-${version.id}`).click();
      await page.getByTestId(`release-${version.id}`).filter({ hasText: '取消发布' }).waitFor(WAIT);
    });
    expect(await lastest(appId)).toMatchObject({ versionCode: 200 });

    await step(page, 'app-stats-05-withdraw', async () => {
      await page.getByTestId(`release-${version.id}`).click();
      await page
        .getByTestId(`release-${version.id}`)
        .filter({ hasText: /^发\s*布$/ })
        .waitFor(WAIT);
    });
    expect(await lastest(appId)).toBeNull();
    expect(pageErrors).toEqual([]);
  });

  it('fits every mobile-application admin screen into a 390×844 phone, row actions within reach', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await step(page, 'app-stats-06-phone-screens', async () => {
      const faults: Record<string, unknown> = {};
      for (const [path, drawn] of PHONE_SCREENS) {
        await page.goto(`${server.baseUrl}${path}`);
        await page.locator(`[data-tab-path="${path}"] ${drawn}`).first().waitFor(WAIT);
        // The page never scrolls sideways; toolbar and search buttons and the cards stay inside the window
        // (a wide table scrolls inside its own box).
        const outside = await outsideWindow(path, '.ant-card, .sso-crud-toolbar button, form button');
        if ((await scrollsSideways(page)) || outside.length) faults[path] = outside;
      }
      expect(faults).toEqual({});
    });
    await step(page, 'app-stats-07-phone-row-actions', async () => {
      // The row actions sit at the table's right end: scrolling the table brings them into the window.
      await page.goto(`${server.baseUrl}/appmanage/appversionmanage/index`);
      const release = page.locator('[data-tab-path="/appmanage/appversionmanage/index"] [data-testid^="release-"]').first();
      await release.waitFor(WAIT);
      await release.scrollIntoViewIfNeeded();
      const box = await release.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
      expect(await scrollsSideways(page)).toBe(false);
    });
    expect(pageErrors).toEqual([]);
  });
});
