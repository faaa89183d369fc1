import type { TestServer } from '@sso/server/testing';
import type { MenuNode } from '@sso/shared-api';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runnable, useBrowserSuite } from './browser.testkit.js';
import { button, openedDropdown, settled, step } from './steps.testkit.js';

const PASSWORD = 'English@2024!';
let server: TestServer;
let page: Page;
let pageErrors: string[] = [];

useBrowserSuite({ adminPassword: PASSWORD, viewport: { width: 1440, height: 900 } }, (suite) => ({ server, page, pageErrors } = suite));

const WAIT = { timeout: 30_000, interval: 100 };

/** Each leaf of the admin's menu/routes that opens a page of the shell (absolute URLs open elsewhere), with its groups. */
function screensOf(nodes: readonly MenuNode[], groups: MenuNode[] = []): MenuNode[][] {
  return nodes.flatMap((node) =>
    node.children?.length ? screensOf(node.children, [...groups, node]) : /^https?:/i.test(node.path) ? [] : [[...groups, node]],
  );
}

const englishName = (menu: MenuNode) => menu.nameEn || menu.name;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A sidebar entry by its whole name: its accessible name is the icon's label, a space, then the name. */
const entryNamed = (name: string) =>
  page.getByTestId('sidebar').getByRole('menuitem', { name: new RegExp(`(?:^|\\s)${escapeRegExp(name)}$`) });

/**
 * Opens a screen as a user does: unfolds each of its groups that is folded (waiting until the menu
 * has stopped moving, so the next click lands), then clicks the screen's entry.
 */
async function openFromSidebar(trail: MenuNode[], link: string): Promise<void> {
  for (const group of trail.slice(0, -1)) {
    const entry = entryNamed(englishName(group));
    if ((await entry.getAttribute('aria-expanded')) === 'true') continue;
    await entry.click();
    await settled(page.locator('.ant-menu-root'));
  }
  await entryNamed(englishName(trail[trail.length - 1])).click();
  await page.waitForURL(`**${link}`);
}

/** Requests of the page under way, so a screen is read once what it asked the server for has arrived. */
let requestsUnderway = 0;
function countRequests(target: Page): void {
  target.on('request', () => requestsUnderway++);
  for (const end of ['requestfinished', 'requestfailed'] as const) target.on(end, () => requestsUnderway--);
}

/**
 * Runs in the page: what the content area shows once the page has loaded. "missing" is the
 * "not available yet" page (ScreenMissing marks itself with data-screen="missing"): that menu has no
 * screen yet and is not walked. "ready" is a screen drawn with nothing loading in it.
 */
function contentState(): 'missing' | 'ready' | 'loading' {
  const visible = (element: Element) => element.checkVisibility({ visibilityProperty: true });
  const content = [...document.querySelectorAll('.sso-admin .ant-layout-content')].find(visible);
  if (!content) return 'loading';
  if ([...content.querySelectorAll('[data-screen="missing"]')].some(visible)) return 'missing';
  const drawn = [...content.querySelectorAll('.ant-card, .ant-table, .ant-tree, .ant-form')].some(visible);
  const busy = [...content.querySelectorAll('.ant-spin-spinning, .ant-skeleton')].some(visible);
  return drawn && !busy ? 'ready' : 'loading';
}

/**
 * Runs in the page: each visible piece of UI text of the shell (sidebar, top bar, tabs) and of the
 * screen (header, toolbar, search form, table headers, pagination, empty-table text), and the
 * placeholders of visible inputs, that holds a Chinese character.
 *
 * Left out, because they are data and not UI text: the cells of table rows and the items of
 * lists (seeded dictionary values, user and department names, display names such as 顶级) except
 * the buttons in them, which are the row actions; tree node titles (departments, regions, dictionaries); and the signed-in
 * user's name in the top bar (the seeded admin is called 管理员).
 */
function chineseUiText(): string[] {
  const han = /[\u4e00-\u9fff]/;
  const root = document.querySelector('.sso-admin');
  if (!root) return ['(no admin shell)'];
  const isData = (element: Element) =>
    Boolean(element.closest('.ant-tree-title, .ant-tree-node-content-wrapper, .sso-user-name')) ||
    Boolean(element.closest('tr.ant-table-row, .ant-list-item') && !element.closest('button'));
  const found = new Set<string>();
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim() ?? '';
    const parent = node.parentElement;
    if (!text || !han.test(text) || !parent || isData(parent)) continue;
    if (parent.checkVisibility({ visibilityProperty: true, opacityProperty: true })) found.add(text);
  }
  for (const input of root.querySelectorAll('input[placeholder], textarea[placeholder]')) {
    const placeholder = input.getAttribute('placeholder') ?? '';
    if (han.test(placeholder) && input.checkVisibility({ visibilityProperty: true })) found.add(`placeholder: ${placeholder}`);
  }
  return [...found];
}

describe.skipIf(!runnable)('every screen in English', () => {
  it('signs in and switches the shell to English', async () => {
    await step(page, 'english-01-switch', async () => {
      countRequests(page);
      await page.goto(`${server.baseUrl}/login`);
      await page.getByLabel('账号').fill('admin');
      await page.getByLabel('密码').fill(PASSWORD);
      await button(page, '登录').click();
      await page.waitForURL('**/wel/index');
      // The check below does see the shell's text: in Chinese it finds the menu names.
      await page
        .getByTestId('sidebar')
        .getByRole('menuitem', { name: /系统管理$/ })
        .waitFor(WAIT);
      expect(await page.evaluate(chineseUiText)).toContain('系统管理');
      await page.getByRole('button', { name: '中英文' }).click();
      await (await openedDropdown(page)).getByRole('menuitem', { name: 'English' }).click();
      await page
        .getByTestId('sidebar')
        .getByRole('menuitem', { name: /System$/ })
        .waitFor(WAIT);
      await page.locator('.sso-tags .ant-tabs-tab-active').filter({ hasText: 'Home' }).waitFor(WAIT);
    });
  });

  it('shows no Chinese UI text on any working screen reachable from the sidebar', async () => {
    const admin = await server.client();
    await admin.login({ username: 'admin', password: PASSWORD });
    const screens = screensOf(await admin.system.menu.routes({}));
    const chinese: Record<string, string[]> = {};
    const walked: string[] = [];
    const missing: string[] = [];
    for (const trail of screens) {
      const screen = trail[trail.length - 1];
      const link = screen.path.endsWith('/index') ? screen.path : `${screen.path.replace(/\/+$/, '')}/index`;
      const label = `${englishName(screen)} (${screen.path})`;
      await step(page, `english-${screen.code}`, async () => {
        await openFromSidebar(trail, link);
        // The router shows a new page in a transition: the old one stays until the new one can draw.
        // Once the active tab (named in English too) and the selected sidebar entry are the screen's,
        // the content is the screen's (or its loading placeholder).
        const exactly = new RegExp(`^${escapeRegExp(englishName(screen))}$`);
        await page.locator('.sso-tags .ant-tabs-tab-active').filter({ hasText: exactly }).waitFor(WAIT);
        await page.getByTestId('sidebar').locator('.ant-menu-item-selected').filter({ hasText: exactly }).waitFor(WAIT);
        await expect.poll(async () => (requestsUnderway ? 'loading' : await page.evaluate(contentState)), WAIT).not.toBe('loading');
        if ((await page.evaluate(contentState)) === 'missing') {
          missing.push(label);
          return;
        }
        walked.push(label);
        const texts = await page.evaluate(chineseUiText);
        if (texts.length) chinese[label] = texts;
      });
    }
    // The walk covers the screens that exist (user, menu, role, dictionaries, logs …), not just a few.
    expect(walked.length, `walked: ${walked.join(', ')}; not available yet: ${missing.join(', ')}`).toBeGreaterThan(20);
    expect(chinese).toEqual({});
    expect(pageErrors).toEqual([]);
  }, 900_000);

  it('shows dictionary values and log kinds in English, though the walk reads table cells as data', async () => {
    const admin = await server.client();
    await admin.login({ username: 'admin', password: PASSWORD });
    const call = (path: string, body: Record<string, unknown>) => admin.call('POST', path, undefined, body) as Promise<{ id: string }>;
    const app = await call('/api/blade-aps/app/submit', {
      appCode: 'english_ledger',
      appName: 'English ledger',
      appUrl: 'https://ledger.example.com/',
      redirectUris: 'https://ledger.example.com/callback',
      protocol: 'oidc',
      status: 1,
      appType: '4',
      appCategory: '2',
    });
    const roles = [];
    for (const alias of ['maker', 'checker']) {
      roles.push((await call('/api/blade-aps/approle/submit', { appId: String(app.id), roleName: alias, roleAlias: alias })).id);
    }
    await call('/api/blade-abs/appincompatiblerule/submit', { ruleName: 'maker-checker', appRoleIds: roles.join(',') });
    for (const roleCode of ['maker', 'checker']) {
      await call('/api/blade-aps/userauthorizedrole/bulk', { action: 'grant', appCode: 'english_ledger', roleCode, accounts: ['admin'] });
    }
    const rowOf = (text: string) => page.locator('.sso-admin tr.ant-table-row').filter({ hasText: text });
    await step(page, 'english-dict-values', async () => {
      await page.goto(`${server.baseUrl}/aps/app/index`);
      // The application's type and category: dictionary entries, in English (办公… stays off the screen).
      await rowOf('English ledger').filter({ hasText: 'Finance' }).filter({ hasText: 'Mobile app' }).waitFor(WAIT);
      expect(await rowOf('English ledger').textContent()).not.toMatch(/财务管理|移动应用/);
    });
    await step(page, 'english-sod-log-kind', async () => {
      await page.goto(`${server.baseUrl}/abs/appincompatiblelog/index`);
      await rowOf('maker-checker').filter({ hasText: 'Grant refused' }).waitFor(WAIT);
      expect(await rowOf('maker-checker').textContent()).not.toContain('拒绝授权');
    });
  }, 300_000);
});
