import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { artifacts } from './browser.js';

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
    throw new Error(`step "${name}" failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
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
  await settled(entry);
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
 * every dialog, drawer, dropdown, popover and submenu as it opens (rc-motion marks the element and
 * its parts with `<motion>-appear`, `-enter` or `-leave` classes while it plays); a click that
 * lands during that animation can hit the spot the button had a frame earlier and be lost. Settled
 * means: at least one match is visible, and no visible match, ancestor or descendant carries a motion
 * class or plays a finite CSS animation or transition (spinners loop forever and are ignored).
 * Matches that have finished leaving are hidden and do not count.
 */
export async function settled(target: Locator): Promise<Locator> {
  await target.first().waitFor({ state: 'visible' });
  await expect.poll(() => target.evaluateAll(isSettled), { timeout: SETTLE_TIMEOUT, interval: SETTLE_POLL }).toBe(true);
  return target;
}

const SETTLE_TIMEOUT = 15_000;
const SETTLE_POLL = 25;

/** Runs in the page: whether every visible element of `elements` is at rest (see `settled`). */
function isSettled(elements: Element[]): boolean {
  const motion = /-(?:appear|enter|leave)(?:-(?:prepare|start|active))?$/;
  const moving = (node: Element) => [...node.classList].some((name) => name.startsWith('ant-') && motion.test(name));
  const visible = elements.filter((element) => element.checkVisibility({ visibilityProperty: true, opacityProperty: false }));
  if (!visible.length) return false;
  const animations = document
    .getAnimations()
    .filter((animation) => animation.playState === 'running' && animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY);
  return visible.every((element) => {
    for (let node: Element | null = element; node; node = node.parentElement) if (moving(node)) return false;
    if ([...element.querySelectorAll('*')].some(moving)) return false;
    return !animations.some((animation) => {
      const animated = (animation.effect as KeyframeEffect | null)?.target;
      return animated && (animated.contains(element) || element.contains(animated));
    });
  });
}

/**
 * The antd dialog (Modal or confirmation) whose title — or, for a confirmation, its question —
 * is `title`, once it has finished opening.
 */
export async function openedDialog(page: Page, title: string | RegExp): Promise<Locator> {
  const heading = page.locator('.ant-modal-title, .ant-modal-confirm-title, .ant-modal-confirm-content', { hasText: title });
  return settled(page.locator('.ant-modal').filter({ has: heading }));
}

/** The open antd Drawer titled `title`, once it has finished sliding in. */
export async function openedDrawer(page: Page, title: string | RegExp): Promise<Locator> {
  const heading = page.locator('.ant-drawer-title', { hasText: title });
  return settled(page.locator('.ant-drawer-open').filter({ has: heading }));
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
  await page.getByLabel('原密码').fill('admin');
  await page.getByLabel('新密码').fill(newPassword);
  await page.getByLabel('确认密码').fill(newPassword);
  await button(page, '提交').click();
  await page.waitForURL('**/wel/index');
}
