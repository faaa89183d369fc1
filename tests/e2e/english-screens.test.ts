import type { TestServer } from '@sso/server/testing';
import type { MenuNode } from '@sso/shared-api';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runnable, useBrowserSuite } from './browser.testkit.js';
import { button, chineseUiTextUnder, openedDialog, openedDropdown, openedOptions, settled, step } from './steps.testkit.js';

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
  it('words form checks, sign-in reasons and cities, and the dialogs of packages, dictionaries and applications in English', async () => {
    const admin = await server.client();
    await admin.login({ username: 'admin', password: PASSWORD });
    // A refused sign-in and an application opened from this machine, to read back in the logs.
    await expect((await server.client()).login({ username: 'admin', password: 'not-the-password' })).rejects.toThrow();
    const app = (await admin.call('POST', '/api/blade-aps/app/submit', undefined, {
      appCode: 'english_wiki',
      appName: 'English wiki',
      appUrl: 'https://wiki.example.com/',
      protocol: 'link',
      status: 1,
    })) as { id: string };
    const info = (await admin.call('GET', '/api/blade-auth/oauth/user-info')) as { user_id?: string; userId?: string };
    await admin.call('POST', '/api/blade-aps/appuser/submit', undefined, {
      appId: String(app.id),
      userId: String(info.user_id ?? info.userId),
    });
    await admin.call('GET', '/api/blade-portal/client/app/open', { id: String(app.id) });

    const content = () => page.locator('.sso-admin .ant-layout-content');
    /** The generic page's add dialog of `form`, opened from the toolbar of the screen at `path`. */
    async function addDialog(path: string, form = 'crud-dialog') {
      await page.goto(`${server.baseUrl}${path}`);
      await content().locator('.ant-table').first().waitFor(WAIT);
      await button(page, 'Add').click();
      return settled(page.locator('.ant-modal').filter({ has: page.locator(`form#${form}`), visible: true }));
    }
    const messagesIn = (dialog: Locator) => dialog.locator('.ant-form-item-explain-error').allTextContents();
    /** The Chinese UI text of the dialog holding the form named `form` (its table rows are data). */
    const chineseInDialog = (form: string) => chineseUiTextUnder(page, `.ant-modal:has(form#${form})`, 'tr.ant-table-row');
    /** A step checking a dialog: its screenshot shows the dialog as checked, which is closed after it. */
    async function inDialog(name: string, open: () => Promise<Locator>, check: (dialog: Locator) => Promise<void>) {
      let dialog: Locator | undefined;
      await step(page, name, async () => {
        dialog = await open();
        await check(dialog);
      });
      await dialog?.locator('.ant-modal-close').click();
      await dialog?.waitFor({ state: 'hidden' });
    }
    const tableRow = (text: string) => content().locator('tr.ant-table-row').filter({ hasText: text }).first();

    await inDialog(
      'english-param-checks',
      () => addDialog('/system/param/index'),
      async (dialog) => {
        await dialog.getByRole('button', { name: 'Submit' }).click();
        await expect
          .poll(() => messagesIn(dialog), WAIT)
          .toEqual(['Please enter the parameter name', 'Please enter the parameter key', 'Please enter the parameter value']);
        expect(await chineseInDialog('crud-dialog')).toEqual([]);
      },
    );
    await inDialog(
      'english-post-checks',
      () => addDialog('/system/post/index'),
      async (dialog) => {
        // The sort starts filled in: only what a person has to decide is asked for.
        expect(await dialog.getByLabel('Sort').inputValue()).toMatch(/^\d+$/);
        await dialog.getByRole('button', { name: 'Submit' }).click();
        await expect
          .poll(() => messagesIn(dialog), WAIT)
          .toEqual(['Please choose the post type', 'Please enter the post code', 'Please enter the post name']);
        expect(await chineseInDialog('crud-dialog')).toEqual([]);
      },
    );
    await inDialog(
      'english-app-role-checks',
      () => addDialog('/aps/approle/index'),
      async (dialog) => {
        await dialog.getByRole('button', { name: 'Submit' }).click();
        await expect.poll(async () => (await messagesIn(dialog)).length, WAIT).toBeGreaterThan(0);
        expect((await messagesIn(dialog)).join(' ')).not.toMatch(/[\u4e00-\u9fff]/);
      },
    );

    await step(page, 'english-sign-in-log', async () => {
      await page.goto(`${server.baseUrl}/monitor/log/login/index`);
      await tableRow('Wrong account or password').waitFor(WAIT);
      await tableRow('Signed in').filter({ hasText: 'This machine' }).waitFor(WAIT);
      expect(await content().locator('.ant-table').first().textContent()).not.toMatch(/用户名或密码错误|登录成功|本机/);
    });
    await step(page, 'english-app-sign-in-log', async () => {
      await page.goto(`${server.baseUrl}/aps/apploginlog/index`);
      await tableRow('english_wiki').filter({ hasText: 'This machine' }).waitFor(WAIT);
      expect(await tableRow('english_wiki').textContent()).not.toContain('本机');
    });
    await step(page, 'english-home-detail-opens', async () => {
      await page.goto(`${server.baseUrl}/home/detail?id=${app.id}`);
      const detail = await settled(page.locator('[data-screen="portal-detail"]'));
      await detail.locator('tr.ant-table-row').filter({ hasText: 'This machine' }).first().waitFor(WAIT);
      expect(await detail.textContent()).not.toContain('本机');
    });

    await inDialog(
      'english-package-menus',
      () => addDialog('/system/tenantpackage/index', 'package-dialog'),
      async (dialog) => {
        await dialog.locator('.ant-tree-treenode').filter({ hasText: 'System' }).first().waitFor(WAIT);
        await dialog.getByRole('button', { name: 'Expand all' }).click();
        await dialog.locator('.ant-tree-treenode').filter({ hasText: 'Parameters' }).first().waitFor(WAIT);
        expect(await chineseInDialog('package-dialog')).toEqual([]);
        await dialog.getByRole('button', { name: 'Submit' }).click();
        await expect.poll(() => messagesIn(dialog), WAIT).toEqual(['Please enter the package name', 'Please choose menus']);
      },
    );
    const dictionaryEntries = async () => {
      await page.goto(`${server.baseUrl}/system/dict/index`);
      const search = content().locator('form#dict-search');
      await search.getByLabel('Code').fill('yes_no');
      await search.getByRole('button', { name: 'Search' }).click();
      await tableRow('yes_no').getByRole('button', { name: 'Configure' }).click();
      return openedDialog(page, 'Entries · Yes/No (yes_no)');
    };
    await inDialog('english-dictionary-entries', dictionaryEntries, async (entries) => {
      await entries.locator('tr.ant-table-row').filter({ hasText: 'Yes' }).first().waitFor(WAIT);
      // Its table rows are the entries (是, 否: data); the rest is UI text.
      expect(await chineseInDialog('dict-entries-search')).toEqual([]);
    });
    await inDialog(
      'english-application-protocols',
      () => addDialog('/aps/app/index'),
      async (dialog) => {
        const protocol = dialog.getByLabel('Sign-on protocol');
        /** The form's field labelled `text` (a select's placeholder repeats its label). */
        const field = (text: string) => dialog.locator('.ant-form-item-label label').filter({ hasText: new RegExp(`^${text}$`) });
        // Nothing chosen yet: a placeholder says what to choose, and no protocol's settings show.
        await dialog.locator('.ant-select-placeholder').filter({ hasText: 'Sign-on protocol' }).waitFor(WAIT);
        expect(await field('Redirect URIs').count()).toBe(0);
        await protocol.click();
        const options = await openedOptions(page);
        expect(await options.locator('.ant-select-item-option').allTextContents()).toEqual([
          'OpenID Connect',
          'CAS',
          'SAML 2.0',
          'BladeX hand-off',
          'Link (no sign-on)',
        ]);
        await options.locator('.ant-select-item-option').filter({ hasText: 'CAS' }).click();
        await options.waitFor({ state: 'hidden' });
        await field('Single logout to the application').waitFor(WAIT);
        await field('Redirect URIs').waitFor(WAIT);
        expect(await field('Back-channel logout URI').count()).toBe(0);
        expect(await field('Hand-off mode').count()).toBe(0);
        expect(await chineseInDialog('crud-dialog')).toEqual([]);
      },
    );
    expect(pageErrors).toEqual([]);
  }, 300_000);
});
