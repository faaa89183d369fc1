import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestServer } from '@sso/server/testing';
import { TOKEN_HEADER } from '@sso/shared-api';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, runnable, useBrowserSuite } from './browser.testkit.js';
import { button, step } from './steps.testkit.js';

const ADMIN_PASSWORD = 'Handoff@2024';

let server: TestServer;
let page: Page;
let pageErrors: string[];

if (!runnable) console.warn(`browser suite skipped: no chromium at ${CHROMIUM}`);
useBrowserSuite({ adminPassword: ADMIN_PASSWORD }, (suite) => ({ server, page, pageErrors } = suite));

interface Arrival {
  path: string;
  account: string;
}

/** An application on 127.0.0.1 that checks each token it receives with the platform's user-info. */
const app = { server: undefined as Server | undefined, base: '', arrivals: [] as Arrival[] };
/** Another site on 127.0.0.1, never registered: it must never be contacted. */
const hostile = { server: undefined as Server | undefined, base: '', requests: [] as string[] };

async function listen(handler: Parameters<typeof createServer>[1]): Promise<{ server: Server; base: string }> {
  const http = createServer(handler);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return { server: http, base: `http://127.0.0.1:${(http.address() as AddressInfo).port}` };
}

beforeAll(async () => {
  if (!runnable) return;
  ({ server: app.server, base: app.base } = await listen(async (request, response) => {
    const url = new URL(request.url ?? '/', app.base);
    if (!url.pathname.startsWith('/app')) return response.writeHead(404).end(); // the browser's favicon
    const token = url.searchParams.get('access_token') ?? '';
    const info = await fetch(`${server.baseUrl}/api/blade-auth/oauth/user-info`, { headers: { [TOKEN_HEADER]: `bearer ${token}` } });
    const body = (await info.json()) as { code: number; data?: { account: string } };
    const account = body.code === 200 ? (body.data?.account ?? '') : `refused ${body.code}`;
    app.arrivals.push({ path: `${url.pathname}?x=${url.searchParams.get('x')}`, account });
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><title>app</title><h1 id="who">${account}</h1>`);
  }));
  ({ server: hostile.server, base: hostile.base } = await listen((request, response) => {
    hostile.requests.push(request.url ?? '');
    response.end('gotcha');
  }));
  const admin = await server.client();
  await admin.login({ username: 'admin', password: ADMIN_PASSWORD });
  await admin.system.client.submit({
    clientId: 'e2e_app',
    scope: 'all',
    authorizedGrantTypes: 'password,refresh_token',
    accessTokenValidity: 3600,
    refreshTokenValidity: 7200,
    webServerRedirectUri: `https://unrelated.example/cb,${app.base}/app`,
  });
});

afterAll(async () => {
  await Promise.all([app.server, hostile.server].map((s) => new Promise((resolve) => (s ? s.close(resolve) : resolve(undefined)))));
});

const loginWith = (redirect: string) => `${server.baseUrl}/login?redirect=${encodeURIComponent(redirect)}`;

/** How long the app keeps a refusal on screen; a little less is allowed for timer rounding. */
const REFUSAL_MS = 12_000;

/**
 * Records in each page when the first refusal message was added and when one was removed
 * (performance.now() of that page), so that its lifetime is known however slowly the page draws.
 */
function watchRefusals(): void {
  const times: { added?: number; removed?: number } = {};
  (window as unknown as { refusalTimes: typeof times }).refusalTimes = times;
  const refusalIn = (node: Node) =>
    node instanceof Element && (node.matches('.redirect-refused') || node.querySelector('.redirect-refused') !== null);
  new MutationObserver((records) => {
    for (const record of records) {
      if (times.added === undefined && [...record.addedNodes].some(refusalIn)) times.added = performance.now();
      if (times.removed === undefined && [...record.removedNodes].some(refusalIn)) times.removed = performance.now();
    }
  }).observe(document, { childList: true, subtree: true });
}

beforeAll(async () => {
  if (runnable) await page.addInitScript(watchRefusals);
});

/**
 * Waits until the refusal naming `address` is on screen on the dashboard, and checks that it is
 * still readable once the dashboard has drawn: still there, or gone only after its full 12 s (a
 * loaded machine may take that long to draw), never dropped when the page changed.
 */
async function refusedOnDashboard(address: string): Promise<void> {
  await page.waitForURL('**/wel/index');
  const refusal = page.locator('.redirect-refused').filter({ hasText: address }).first();
  await refusal.waitFor();
  await expect.poll(() => refusal.textContent()).toContain('未跳转到');
  await page.locator('.sso-tags').first().waitFor();
  const times = await page.evaluate(() => (window as unknown as { refusalTimes: { added?: number; removed?: number } }).refusalTimes);
  const lifetime = times.removed === undefined ? Number.POSITIVE_INFINITY : times.removed - (times.added ?? 0);
  expect(lifetime).toBeGreaterThanOrEqual(REFUSAL_MS - 100);
}

describe.skipIf(!runnable)('single sign-on hand-off from /login?redirect=', () => {
  it('signed out: signs in, then lands on the registered application with a token it verifies', async () => {
    await step(page, 'handoff-signed-out', async () => {
      await page.goto(loginWith(`${app.base}/app/callback?x=1`));
      await page.getByLabel('账号').fill('admin');
      await page.getByLabel('密码').fill(ADMIN_PASSWORD);
      await button(page, '登录').click();
      await page.waitForURL(`${app.base}/app/callback?**`);
      await expect.poll(() => page.locator('#who').textContent()).toBe('admin');
    });
    expect(app.arrivals).toEqual([{ path: '/app/callback?x=1', account: 'admin' }]);
  });

  it('signed in: goes straight to the registered application', async () => {
    await step(page, 'handoff-signed-in', async () => {
      await page.goto(loginWith(`${app.base}/app?x=2`));
      await page.waitForURL(`${app.base}/app?**`);
      await expect.poll(() => page.locator('#who').textContent()).toBe('admin');
    });
    expect(app.arrivals.at(-1)).toEqual({ path: '/app?x=2', account: 'admin' });
  });

  // Five page loads to the dashboard: on a loaded machine each may take most of a minute.
  it('signed in: stays on the platform for unregistered addresses and names each one', { timeout: 5 * 60_000 }, async () => {
    const appPort = new URL(app.base).port;
    const targets = [
      `${hostile.base}/app/callback`,
      `//${new URL(hostile.base).host}/app`,
      `http://127.0.0.1:${appPort}@${new URL(hostile.base).host}/app`,
      `${app.base}/application`,
      'javascript:alert(document.cookie)',
    ];
    const arrivals = app.arrivals.length;
    for (const [index, target] of targets.entries()) {
      await step(page, `handoff-refused-${index + 1}`, async () => {
        await page.goto(loginWith(target));
        await refusedOnDashboard(target);
      });
    }
    expect(hostile.requests).toEqual([]);
    expect(app.arrivals.length).toBe(arrivals);
  });

  it('signed out: a refused address still signs the user in, to the dashboard, with the message', async () => {
    await page.evaluate(() => localStorage.clear());
    await page.context().clearCookies();
    const target = `${hostile.base}/steal`;
    await step(page, 'handoff-refused-after-sign-in', async () => {
      await page.goto(loginWith(target));
      await page.getByLabel('账号').fill('admin');
      await page.getByLabel('密码').fill(ADMIN_PASSWORD);
      await button(page, '登录').click();
      await refusedOnDashboard(target);
    });
    expect(hostile.requests).toEqual([]);
  });

  it('signed out with a first password change due: changes it, then lands on the registered application', async () => {
    const admin = await server.client();
    await admin.login({ username: 'admin', password: ADMIN_PASSWORD });
    // A user created without a password gets account.initPassword and must change it first.
    const token = admin.session?.token;
    await admin.user.user.submit({
      account: 'handoff_new',
      name: 'New',
      realName: 'New Staff',
      userType: 1,
      sex: 1,
      roleId: token?.role_id ?? '',
      deptId: token?.dept_id ?? '',
    });
    await page.evaluate(() => localStorage.clear());
    await page.context().clearCookies();
    await step(page, 'handoff-after-password-change', async () => {
      await page.goto(loginWith(`${app.base}/app/first?x=3`));
      await page.getByLabel('账号').fill('handoff_new');
      await page.getByLabel('密码').fill('Sso@123456');
      await button(page, '登录').click();
      await page.waitForURL('**/password-lock');
      await page.getByLabel('原密码').fill('Sso@123456');
      await page.getByLabel('新密码').fill('Changed@2024');
      await page.getByLabel('确认密码').fill('Changed@2024');
      await button(page, '提交').click();
      await page.waitForURL(`${app.base}/app/first?**`);
      await expect.poll(() => page.locator('#who').textContent()).toBe('handoff_new');
    });
    expect(app.arrivals.at(-1)).toEqual({ path: '/app/first?x=3', account: 'handoff_new' });
    expect(pageErrors).toEqual([]);
  });
});
