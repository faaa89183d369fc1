import type { Page } from 'playwright-core';

/**
 * What a page went through that a failed step's error should tell: refused or failed requests
 * and page errors (kept here), and every toast it showed (kept in the page). A toast lasts three
 * seconds and a step times out after thirty, so what is on screen at the failure rarely says why.
 */
const journals = new WeakMap<Page, string[]>();
const KEPT = 12;

/** Starts keeping the journal of `page`; call once, before its first navigation. */
export async function keepJournal(page: Page): Promise<void> {
  const journal: string[] = [];
  journals.set(page, journal);
  const note = (line: string) => {
    journal.push(line);
    if (journal.length > KEPT) journal.shift();
  };
  page.on('response', (response) => {
    if (response.status() >= 400) note(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  page.on('requestfailed', (request) =>
    note(`failed ${request.method()} ${new URL(request.url()).pathname}: ${request.failure()?.errorText}`),
  );
  page.on('pageerror', (error) => note(`page error: ${error.message}`));
  await page.addInitScript(recordToasts);
}

/** Runs in the page: keeps the text of every antd message and notification shown, in order. */
function recordToasts(): void {
  const seen: string[] = [];
  const recorded = new WeakSet<Element>();
  (window as unknown as { __toastsSeen: string[] }).__toastsSeen = seen;
  const selector = '.ant-message-notice, .ant-notification-notice';
  new MutationObserver((changes) => {
    for (const change of changes) {
      for (const node of change.addedNodes) {
        if (!(node instanceof Element)) continue;
        const toasts = node.matches(selector) ? [node] : [...node.querySelectorAll(selector)];
        for (const toast of toasts) {
          if (recorded.has(toast)) continue;
          recorded.add(toast);
          // The text is set in the same render as the node, but read it after the frame to be sure.
          requestAnimationFrame(() => seen.push(toast.textContent?.trim() ?? ''));
        }
      }
    }
  }).observe(document, { childList: true, subtree: true });
}

/** The journal of `page` as lines for an error message (empty when none was kept). */
export async function journalOf(page: Page): Promise<string[]> {
  const toasts = await page
    .evaluate(() => (window as unknown as { __toastsSeen?: string[] }).__toastsSeen ?? [])
    .catch(() => [] as string[]);
  return [...(journals.get(page) ?? []), ...toasts.slice(-KEPT).map((text) => `toast: ${text}`)];
}
