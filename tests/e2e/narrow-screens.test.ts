import type { TestServer } from '@sso/server/testing';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runnable, useBrowserSuite } from './browser.testkit.js';
import { button, openedDialog, openedDropdown, openFromSidebar, settled, step } from './steps.testkit.js';

const PASSWORD = 'Narrow@2024!';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
/** Width class 1 (768–991 px): the sidebar beside the page, full screen in the overflow menu. */
const TABLET = { width: 800, height: 900 };
/** The theme dialog's title in Chinese. */
const THEME_DIALOG_TITLE = '选择';
let server: TestServer;
let page: Page;
let pageErrors: string[] = [];

useBrowserSuite({ adminPassword: PASSWORD, viewport: PHONE }, (suite) => ({ server, page, pageErrors } = suite));

/** The toolbar buttons the users screen shows the admin, in each language. */
const USER_TOOLBAR = {
  zh: [
    '新增',
    '删除',
    '角色配置',
    '密码重置',
    '一键改密',
    '取消改密',
    '重置动态验证码',
    '账号解封',
    '启用',
    '停用',
    '导入',
    '导出',
    '刷新',
  ],
  en: [
    'Add',
    'Delete',
    'Roles',
    'Reset password',
    'Require password change',
    'Cancel password change',
    'Reset second factor',
    'Unlock',
    'Enable',
    'Disable',
    'Import',
    'Export',
    'Refresh',
  ],
} as const;

const sidebarDrawer = () => page.locator('.sso-sidebar-drawer');
const toolbarButtons = () => page.locator('.sso-crud-toolbar button');

/** The page scrolls only up and down: nothing is wider than the window. */
async function expectNoSidewaysScroll(): Promise<void> {
  const widths = await page.evaluate(() => ({
    document: document.documentElement.scrollWidth,
    body: document.body.scrollWidth,
    window: window.innerWidth,
  }));
  expect(widths.document).toBeLessThanOrEqual(widths.window);
  expect(widths.body).toBeLessThanOrEqual(widths.window);
}

/** The element is shown and lies wholly between the window's left and right edges. */
async function expectInsideWindow(target: Locator): Promise<void> {
  await target.waitFor({ state: 'visible' });
  const name = (await target.textContent()) ?? '';
  const box = await target.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box, name).not.toBeNull();
  if (!box) return;
  expect(box.x, name).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, name).toBeLessThanOrEqual(width);
}

/** The dashboard, drawn, with no sideways scroll. */
async function checkDashboard(): Promise<void> {
  await page.goto(`${server.baseUrl}/wel/index`);
  await page.locator('.ant-statistic').first().waitFor();
  await expectNoSidewaysScroll();
}

/** The users screen with its rows: every toolbar button in the window and in the card, no sideways scroll. */
async function checkUserScreen(language: 'zh' | 'en'): Promise<void> {
  await page.locator('.ant-table-row').first().waitFor();
  const labels = (await toolbarButtons().allTextContents()).map((text) => text.replace(/\s+/g, ''));
  expect(labels).toEqual(USER_TOOLBAR[language].map((text) => text.replace(/\s+/g, '')));
  const card = await page
    .locator('.ant-card')
    .filter({ has: page.locator('.sso-crud-toolbar') })
    .boundingBox();
  for (const toolbarButton of await toolbarButtons().all()) {
    await expectInsideWindow(toolbarButton);
    // Inside the list's card too: a button past its right edge is cut off.
    const box = await toolbarButton.boundingBox();
    expect(card && box && box.x + box.width <= card.x + card.width, await toolbarButton.textContent()).toBe(true);
  }
  await expectNoSidewaysScroll();
}

describe.skipIf(!runnable)('narrow and wide screens', () => {
  it('signs in on a phone, with the sidebar a closed drawer', async () => {
    await step(page, 'narrow-01-sign-in-390', async () => {
      await page.goto(`${server.baseUrl}/login`);
      await expectNoSidewaysScroll();
      await page.getByLabel('账号').fill('admin');
      await page.getByLabel('密码').fill(PASSWORD);
      await button(page, '登录').click();
      await page.waitForURL('**/wel/index');
      await page.locator('.ant-statistic').first().waitFor();
      // Closed by default: the menu is not on the page, the page has the whole width.
      expect(await page.getByTestId('sidebar').isVisible()).toBe(false);
      await expectInsideWindow(page.getByTestId('menu-button'));
      await expectInsideWindow(page.getByTestId('top-bar-more'));
      await expectInsideWindow(page.getByTestId('user-menu'));
      await expectNoSidewaysScroll();
    });
  });

  it('opens the drawer from the menu button and navigates to 用户管理, closing it', async () => {
    await step(page, 'narrow-02-drawer-390', async () => {
      await page.getByTestId('menu-button').click();
      await settled(sidebarDrawer().locator('.ant-drawer-content-wrapper'));
      await expectInsideWindow(sidebarDrawer().getByTestId('sidebar'));
    });
    await step(page, 'narrow-03-user-screen-390-zh', async () => {
      await openFromSidebar(page, '系统管理', '用户管理', '/system/user/index');
      await page.getByTestId('sidebar').waitFor({ state: 'hidden' });
      await checkUserScreen('zh');
    });
  });

  it('fits the add dialog into the phone', async () => {
    let dialog: Locator | undefined;
    await step(page, 'narrow-04-dialog-390', async () => {
      await button(page, '新增').click();
      dialog = await openedDialog(page, '新增');
      await expectInsideWindow(dialog.locator('.ant-modal-container, .ant-modal-content').first());
      await expectNoSidewaysScroll();
    });
    await step(page, 'narrow-05-dialog-closed-390', async () => {
      await dialog?.getByRole('button', { name: /取\s*消/ }).click();
      await dialog?.waitFor({ state: 'hidden' });
    });
  });

  it('closes the drawer on its mask', async () => {
    await step(page, 'narrow-06-drawer-mask-390', async () => {
      await page.getByTestId('menu-button').click();
      await settled(sidebarDrawer().locator('.ant-drawer-content-wrapper'));
      // The mask right of the 230 px drawer.
      await page.mouse.click(PHONE.width - 20, PHONE.height / 2);
      await page.getByTestId('sidebar').waitFor({ state: 'hidden' });
      expect(new URL(page.url()).pathname).toBe('/system/user/index');
    });
  });

  it('switches to English from the top bar overflow menu and fits the phone in English', async () => {
    let menu: Locator | undefined;
    await step(page, 'narrow-07-overflow-menu-390', async () => {
      await page.getByTestId('top-bar-more').click();
      menu = await openedDropdown(page);
      await expectInsideWindow(menu);
      for (const tool of ['通知', '日志', '锁屏', '主题', '全屏', 'English']) await menu.getByRole('menuitem', { name: tool }).waitFor();
    });
    await step(page, 'narrow-07b-theme-colour-390', async () => {
      // The top bar has no room for the colour picker on a phone: the theme dialog carries it.
      await menu?.getByRole('menuitem', { name: '主题' }).click();
      const dialog = await openedDialog(page, THEME_DIALOG_TITLE);
      await expectInsideWindow(dialog.getByTestId('theme-dialog-color'));
      await dialog.locator('.ant-modal-close').click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByTestId('top-bar-more').click();
      menu = await openedDropdown(page);
    });
    await step(page, 'narrow-08-language-390', async () => {
      await menu?.getByRole('menuitem', { name: 'English' }).click();
      await button(page, 'Add').waitFor();
      expect(await page.evaluate(() => localStorage.getItem('sso-language'))).toBe('en');
    });
    await step(page, 'narrow-09-user-screen-390-en', () => checkUserScreen('en'));
    await step(page, 'narrow-10-dashboard-390-en', checkDashboard);
  });

  it('keeps everything in the window on a desktop in English', async () => {
    await page.setViewportSize(DESKTOP);
    await step(page, 'narrow-11-dashboard-1440-en', async () => {
      await checkDashboard();
      // Wide screens keep the sidebar beside the page, with no drawer.
      await expectInsideWindow(page.getByTestId('sidebar'));
      expect(await sidebarDrawer().count()).toBe(0);
    });
    await step(page, 'narrow-12-user-screen-1440-en', async () => {
      await page.goto(`${server.baseUrl}/system/user/index`);
      await checkUserScreen('en');
    });
  });

  it('keeps everything in the window on a desktop in Chinese', async () => {
    await step(page, 'narrow-13-language-1440', async () => {
      await page.getByRole('button', { name: 'Language' }).click();
      const menu = await openedDropdown(page);
      await menu.getByRole('menuitem', { name: '简体中文' }).click();
      await button(page, '新增').waitFor();
    });
    await step(page, 'narrow-14-user-screen-1440-zh', () => checkUserScreen('zh'));
    await step(page, 'narrow-15-dashboard-1440-zh', checkDashboard);
  });

  it('fits a tablet between the two, full screen in the overflow menu', async () => {
    await page.setViewportSize(TABLET);
    await step(page, 'narrow-16-user-screen-800-zh', async () => {
      await page.goto(`${server.baseUrl}/system/user/index`);
      await checkUserScreen('zh');
      await expectInsideWindow(page.getByTestId('sidebar'));
      await expectInsideWindow(page.getByTestId('user-menu'));
      await page.getByTestId('top-bar-more').click();
      const menu = await openedDropdown(page);
      await menu.getByRole('menuitem', { name: '全屏' }).waitFor();
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
    });
  });

  it('checks the dashboard on a phone in Chinese', async () => {
    await page.setViewportSize(PHONE);
    await step(page, 'narrow-17-dashboard-390-zh', async () => {
      await checkDashboard();
      expect(await page.getByTestId('sidebar').isVisible()).toBe(false);
    });
    expect(pageErrors).toEqual([]);
  });
});
