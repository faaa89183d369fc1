import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { artifacts } from './browser.testkit.js';
import { journalOf } from './page-journal.testkit.js';

/**
 * Runs one named step of a browser story: a screenshot after it, and on failure a screenshot
 * named after the step (kept in tests/artifacts) before the error goes on.
 */
export async function step(page: Page, name: string, work: () => Promise<void>): Promise<void> {
  try {
    await work();
    await page.screenshot({ path: join(artifacts, `${name}.png`) });
  } catch (error) {
    await page.screenshot({ path: join(artifacts, `failed-${name}.png`) }).catch(() => undefined);
    const html = await page.content().catch(() => '');
    writeFileSync(join(artifacts, `failed-${name}.html`), html);
    // CI keeps the log, not the artifacts: the page's address and what it was saying go in the error.
    const said = await page
      .locator('.ant-message-notice, .ant-notification-notice, .ant-form-item-explain-error, .ant-alert')
      .allInnerTexts()
      .catch(() => []);
    const journal = await journalOf(page);
    const where = `at ${page.url()}${said.length ? `, showing: ${said.join(' | ')}` : ''}${journal.length ? `; before that: ${journal.join(' | ')}` : ''}`;
    throw new Error(`step "${name}" failed ${where}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

/** The text of the newest antd message toast. */
export async function toast(page: Page, text: string | RegExp): Promise<void> {
  await page.locator('.ant-message-notice').filter({ hasText: text }).first().waitFor();
}

/**
 * A button by its text, as antd spaces two Chinese characters (提 交). The name may start with
 * "loading": antd keeps the spinner icon, invisible, while its leave animation runs.
 */
export const button = (page: Page, name: string) =>
  page.getByRole('button', { name: new RegExp(`^(?:loading)?\\s*${[...name].join('\\s*')}\\s*$`) });

/**
 * Opens a screen from the sidebar: unfolds `group` when `item` is not showing yet and waits until
 * the submenu has finished unfolding, so the click lands on the item and not where it was a frame
 * earlier.
 */
export async function openFromSidebar(page: Page, group: string, item: string, path: string): Promise<void> {
  // Names start with the icon's label ("setting 系统管理"): match the end.
  const entry = page.getByRole('menuitem', { name: new RegExp(`${item}$`) });
  if (!(await entry.isVisible())) await page.getByRole('menuitem', { name: new RegExp(`${group}$`) }).click();
  // The whole menu: unfolding this group may fold another above it, which moves this one.
  await settled(page.locator('.ant-menu-root').filter({ has: entry }));
  await entry.click();
  await page.waitForURL(`**${path}`);
}

/** Answers an antd confirmation asking `question` with 确定, once it has finished opening. */
export async function confirm(page: Page, question: string): Promise<void> {
  const dialog = await openedDialog(page, question);
  await dialog.locator('.ant-btn-primary').click();
  await dialog.waitFor({ state: 'hidden' });
}

/**
 * Waits until what `target` finds is showing and has stopped moving, and returns it. antd animates
 * every dialog, drawer, dropdown, popover and submenu as it opens (rc-motion marks the element
 * with `<motion>-appear`, `-enter` or `-leave` classes while it plays); a click that lands during
 * that animation can hit the spot the button had a frame earlier and be lost. Settled means: at
 * least one match is visible, no visible match or ancestor carries a motion class, and no finite
 * CSS animation or transition runs on them or inside them (spinners loop forever and are ignored).
 * Motion classes inside are not asked about: a part hidden mid-motion (a button's loading icon in
 * a closed dialog) keeps its class for good. Matches that have finished leaving are hidden and do
 * not count.
 */
export async function settled(target: Locator): Promise<Locator> {
  await target.first().waitFor({ state: 'visible' });
  // What still moves, named, so that a timeout says what never came to rest.
  await expect.poll(() => target.evaluateAll(stillMoving), { timeout: SETTLE_TIMEOUT, interval: SETTLE_POLL }).toBe('');
  return target;
}

const SETTLE_TIMEOUT = 15_000;
const SETTLE_POLL = 25;

/**
 * Runs in the page: what of the visible elements of `elements` still moves (see `settled`), or ''
 * when all are at rest.
 */
function stillMoving(elements: Element[]): string {
  const motion = /^ant-.*-(?:appear|enter|leave)(?:-(?:prepare|start|active))?$/;
  const describe = (node: Element) => `${node.tagName.toLowerCase()}.${[...node.classList].join('.')}`;
  const motionClass = (node: Element) => [...node.classList].find((name) => motion.test(name));
  const visible = elements.filter((element) => element.checkVisibility({ visibilityProperty: true }));
  if (!visible.length) return 'nothing visible';
  const animations = document
    .getAnimations()
    .filter((animation) => animation.playState === 'running' && animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY);
  for (const element of visible) {
    for (let node: Element | null = element; node; node = node.parentElement) {
      const name = motionClass(node);
      if (name) return `${name} on ${describe(node)}`;
    }
    for (const animation of animations) {
      const animated = (animation.effect as KeyframeEffect | null)?.target;
      if (animated && (animated.contains(element) || element.contains(animated))) {
        const name = animation instanceof CSSTransition ? animation.transitionProperty : (animation as CSSAnimation).animationName;
        return `${name} on ${describe(animated)}`;
      }
    }
  }
  return '';
}

/**
 * The antd dialog (Modal or confirmation) whose title — or, for a confirmation, its question —
 * is `title`, once it has finished opening.
 */
export async function openedDialog(page: Page, title: string | RegExp): Promise<Locator> {
  const heading = page.locator('.ant-modal-title, .ant-modal-confirm-title, .ant-modal-confirm-content', { hasText: title });
  return settled(page.locator('.ant-modal').filter({ has: heading, visible: true }));
}

/** The open antd Drawer titled `title`, once it has finished sliding in. */
export async function openedDrawer(page: Page, title: string | RegExp): Promise<Locator> {
  const heading = page.locator('.ant-drawer-title', { hasText: title });
  return settled(page.locator('.ant-drawer').filter({ has: heading, visible: true }));
}

/** The open dropdown menu (the user menu, the language switch …), once it has finished opening. */
export const openedDropdown = (page: Page): Promise<Locator> => settled(page.locator('.ant-dropdown:not(.ant-dropdown-hidden)'));

/** The open option list of a Select or TreeSelect, once it has finished opening. */
export const openedOptions = (page: Page): Promise<Locator> =>
  settled(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)'));

/** The open popover or Popconfirm, once it has finished opening. */
export const openedPopover = (page: Page): Promise<Locator> => settled(page.locator('.ant-popover:not(.ant-popover-hidden)'));

/** Runs `trigger` and returns the file the browser downloads because of it: its name and bytes. */
export async function downloadOf(page: Page, trigger: () => Promise<void>): Promise<{ name: string; data: Buffer }> {
  const download = page.waitForEvent('download');
  await trigger();
  const file = await download;
  return { name: file.suggestedFilename(), data: readFileSync(await file.path()) };
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Chooses an xlsx in the file input of `scope` (an import dialog) and waits until it is listed.
 * Playwright keeps downloads under a generated name: the bytes go up under `name`.
 */
export async function chooseXlsx(scope: Locator, name: string, data: Uint8Array): Promise<void> {
  await scope.locator('input[type=file]').setInputFiles({ name, mimeType: XLSX, buffer: Buffer.from(data) });
  await scope.getByText(name).waitFor();
}

/** The open antd dialog titled `title`. */
export const dialogTitled = (page: Page, title: string) =>
  page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: title }) });

/** Signs the seeded admin in and walks the forced first password change, to the dashboard. */
export async function signInChangingPassword(page: Page, baseUrl: string, newPassword: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('账号').fill('admin');
  await page.getByLabel('密码').fill('admin');
  await button(page, '登录').click();
  await page.waitForURL('**/password-lock');
  // The rule is said before the first attempt, not only once a password has been refused.
  await page.getByTestId('password-rule').filter({ hasText: '8 到 30 位' }).waitFor();
  await page.getByLabel('原密码').fill('admin');
  await page.getByLabel('新密码').fill(newPassword);
  await page.getByLabel('确认密码').fill(newPassword);
  await button(page, '提交').click();
  await page.waitForURL('**/wel/index');
}

/** Whether the page is wider than its window (a sideways scroll). */
export const scrollsSideways = (page: Page): Promise<boolean> =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

/**
 * The visible text under `root` (and the placeholders of its inputs) that holds a Chinese
 * character, leaving out the elements `data` matches (names, values, comments: data, not UI text).
 */
export function chineseUiTextUnder(page: Page, root: string, data: string): Promise<string[]> {
  return page.evaluate(
    ({ root, data }) => {
      const han = /[\u4e00-\u9fff]/;
      const container = document.querySelector(root);
      if (!container) return [`(no ${root})`];
      const found = new Set<string>();
      const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim() ?? '';
        const parent = node.parentElement;
        if (!text || !han.test(text) || !parent || parent.closest(data)) continue;
        if (parent.checkVisibility({ visibilityProperty: true, opacityProperty: true })) found.add(text);
      }
      for (const input of container.querySelectorAll('input[placeholder], textarea[placeholder]')) {
        const placeholder = input.getAttribute('placeholder') ?? '';
        if (han.test(placeholder) && input.checkVisibility()) found.add(`placeholder: ${placeholder}`);
      }
      return [...found];
    },
    { root, data },
  );
}

/** A portal page to walk: its address and the `data-screen` it draws. */
export interface PortalPage {
  path: string;
  screen: string;
}

/**
 * The English walk of a portal: every page at phone and desktop width, each a step named
 * `<prefix>-en-<width>-<screen>`, checking that none scrolls sideways. Answers the Chinese UI text
 * found, by width and path (empty when the walk is clean).
 */
export async function chineseOnEnglishPages(
  page: Page,
  walk: {
    prefix: string;
    pages: readonly PortalPage[];
    visit: (path: string, screen: string) => Promise<void>;
    chineseUiText: () => Promise<string[]>;
  },
): Promise<Record<string, string[]>> {
  await page.evaluate(() => localStorage.setItem('sso-language', 'en'));
  const chinese: Record<string, string[]> = {};
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 820 },
  ]) {
    await page.setViewportSize(viewport);
    for (const { path, screen } of walk.pages) {
      await step(page, `${walk.prefix}-en-${viewport.width}-${screen}`, async () => {
        await walk.visit(path, screen);
        expect(await scrollsSideways(page)).toBe(false);
        const texts = await walk.chineseUiText();
        if (texts.length) chinese[`${viewport.width} ${path}`] = texts;
      });
    }
  }
  return chinese;
}
