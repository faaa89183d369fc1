import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
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
 * Opens a screen from the sidebar. On a loaded machine (the suites run in parallel) a click that
 * lands while antd's submenu is still animating can be lost, so the click is repeated until the
 * address changes.
 */
export async function openFromSidebar(page: Page, group: string, item: string, path: string): Promise<void> {
  // Names start with the icon's label ("setting 系统管理"): match the end.
  const entry = page.getByRole('menuitem', { name: new RegExp(`${item}$`) });
  if (!(await entry.isVisible())) await page.getByRole('menuitem', { name: new RegExp(`${group}$`) }).click();
  for (let attempt = 0; attempt < 3; attempt++) {
    await entry.click();
    try {
      await page.waitForURL(`**${path}`, { timeout: 5_000 });
      return;
    } catch {
      // try again
    }
  }
  await page.waitForURL(`**${path}`);
}

/**
 * Answers an antd confirmation asking `question` with 确定. On a loaded machine a click that
 * lands while the dialog is still zooming in can be lost, so it is repeated until the dialog
 * has gone.
 */
export async function confirm(page: Page, question: string): Promise<void> {
  const dialog = page.locator('.ant-modal-confirm').filter({ hasText: question });
  await dialog.waitFor();
  for (let attempt = 0; attempt < 3; attempt++) {
    // The OK button is gone once the first click took: that is success, not an error.
    await dialog
      .locator('.ant-btn-primary')
      .click({ timeout: 5_000 })
      .catch(() => undefined);
    try {
      await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
      return;
    } catch {
      // try again
    }
  }
  await dialog.waitFor({ state: 'hidden' });
}

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
