import { createPublicKey, type JsonWebKey, verify } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestServer } from '@sso/server/testing';
import { md5 } from '@sso/shared-api';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, runnable, useBrowserSuite } from './browser.testkit.js';
import { button, step } from './steps.testkit.js';

const ADMIN_PASSWORD = 'Cas@2024x';
const STAFF = { account: 'cas_e2e_staff', password: 'Staff@2024' };

let server: TestServer;
let page: Page;

if (!runnable) console.warn(`browser suite skipped: no chromium at ${CHROMIUM}`);
useBrowserSuite({ adminPassword: ADMIN_PASSWORD }, (suite) => ({ server, page } = suite));

/**
 * Two small business applications on 127.0.0.1. The CAS one (/cas/*) sends the browser to the
 * platform's /cas/login and validates the ticket it gets back with /cas/p3/serviceValidate; the
 * BladeX-style one (/token/*) sends the browser to /login?redirect=&appCode= and verifies the
 * access token it gets back against the platform's JWKS with its own code as the audience. Each
 * shows the verified user.
 */
const apps = { server: undefined as Server | undefined, base: '' };

/**
 * What a BladeX-style application checks: an ES256 signature by a key of the platform's JWKS
 * (found by kid), the platform as issuer, its own code as audience, and an unexpired token.
 */
async function verifyHanded(token: string, jwksUrl: string, issuer: string, audience: string): Promise<Record<string, unknown>> {
  const [head = '', body = '', signature = ''] = token.split('.');
  const header = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg: string; kid: string };
  const { keys } = (await (await fetch(jwksUrl)).json()) as { keys: (JsonWebKey & { kid: string })[] };
  const jwk = keys.find((key) => key.kid === header.kid);
  if (!jwk || header.alg !== 'ES256') throw new Error('unknown key');
  const key = createPublicKey({ key: jwk, format: 'jwk' });
  if (!verify('sha256', Buffer.from(`${head}.${body}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))) {
    throw new Error('bad signature');
  }
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, unknown>;
  const audiences = [claims.aud].flat();
  if (claims.iss !== issuer || !audiences.includes(audience) || Number(claims.exp) * 1000 < Date.now())
    throw new Error('not for this application');
  return claims;
}

const shows = (who: string) => `<!doctype html><title>app</title><h1 id="who">${who}</h1>`;

beforeAll(async () => {
  if (!runnable) return;
  apps.server = createServer();
  await new Promise<void>((resolve) => apps.server?.listen(0, '127.0.0.1', resolve));
  apps.base = `http://127.0.0.1:${(apps.server.address() as AddressInfo).port}`;

  const admin = await server.client();
  await admin.login({ username: 'admin', password: ADMIN_PASSWORD });
  const post = (path: string, body: Record<string, unknown>) =>
    admin.call('POST', path, undefined, body) as Promise<Record<string, string>>;
  const appBody = { appType: '1', appCategory: '1', status: 1 };
  const cas = await post('/api/blade-aps/app/submit', {
    ...appBody,
    appCode: 'e2e_cas',
    appName: 'Legacy ERP',
    appUrl: `${apps.base}/cas/home`,
    redirectUris: `${apps.base}/cas/`,
    protocol: 'cas',
  });
  const token = await post('/api/blade-aps/app/submit', {
    ...appBody,
    appCode: 'e2e_mes',
    appName: 'Plant MES',
    appUrl: `${apps.base}/token/home`,
    redirectUris: `${apps.base}/token/`,
    protocol: 'token',
  });
  await admin.system.role.submit({ roleName: 'CAS staff', roleAlias: 'cas_e2e_staff', parentId: '0', sort: 1 });
  const role = await server.ctx.db.selectFrom('blade_role').select('id').where('roleAlias', '=', 'cas_e2e_staff').executeTakeFirstOrThrow();
  await admin.user.user.submit({
    account: STAFF.account,
    name: 'Cas',
    realName: 'Cas Staff',
    userType: 1,
    sex: 1,
    roleId: role.id,
    deptId: admin.session?.token.dept_id ?? '',
  });
  const staff = await server.ctx.db.selectFrom('blade_user').select('id').where('account', '=', STAFF.account).executeTakeFirstOrThrow();
  // The staff member's password is set, so that the first sign-in needs no change.
  await server.ctx.db
    .updateTable('blade_user')
    .set({ password: await server.ctx.passwords.hashDigest(md5(STAFF.password)), mustChangePassword: 0 })
    .where('id', '=', staff.id)
    .execute();
  for (const app of [cas, token]) await post('/api/blade-aps/appuser/submit', { appId: app.id, userId: staff.id });

  const jwks = `${server.baseUrl}/api/blade-auth/oauth/jwks`;
  apps.server.on('request', async (request, response) => {
    const url = new URL(request.url ?? '/', apps.base);
    const html = (status: number, body: string) => response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(body);
    if (url.pathname === '/cas/home') {
      const ticket = url.searchParams.get('ticket');
      const service = `${apps.base}/cas/home`;
      if (!ticket) return response.writeHead(302, { location: `${server.baseUrl}/cas/login?service=${encodeURIComponent(service)}` }).end();
      const xml = await (
        await fetch(`${server.baseUrl}/cas/p3/serviceValidate?service=${encodeURIComponent(service)}&ticket=${ticket}`)
      ).text();
      const user = /<cas:user>([^<]*)</.exec(xml)?.[1];
      return user ? html(200, shows(user)) : html(401, xml);
    }
    if (url.pathname === '/token/home') {
      const handed = url.searchParams.get('access_token');
      if (!handed) {
        const back = encodeURIComponent(`${apps.base}/token/home`);
        return response.writeHead(302, { location: `${server.baseUrl}/login?redirect=${back}&appCode=e2e_mes` }).end();
      }
      try {
        const claims = await verifyHanded(handed, jwks, server.ctx.issuer, 'e2e_mes');
        return html(200, shows(String(claims.account)));
      } catch (error) {
        return html(401, String(error));
      }
    }
    return response.writeHead(404).end(); // the browser's favicon
  });
});

afterAll(async () => {
  await new Promise((resolve) => (apps.server ? apps.server.close(resolve) : resolve(undefined)));
});

describe.skipIf(!runnable)('single sign-on into CAS and BladeX-style applications', () => {
  it('names the application asking, then takes a signed-in staff member into both applications without a second password', async () => {
    await step(page, 'cas-token-00-an-application-not-open-for-sign-in', async () => {
      const back = encodeURIComponent(`${apps.base}/token/home`);
      await page.goto(`${server.baseUrl}/login?redirect=${back}&appCode=e2e_no_such_app`);
      await expect.poll(() => page.locator('.login-asking-app').textContent()).toBe('该应用不存在或已停用，登录后进入门户');
      // A question that never reaches the server is not an unknown application: the line stays blank.
      await page.route('**/oauth/getAppNameByAppCode**', (route) => route.abort('connectionrefused'));
      const failed = page.waitForEvent('requestfailed', (request) => request.url().includes('getAppNameByAppCode'));
      await page.goto(`${server.baseUrl}/login?redirect=${back}&appCode=e2e_no_such_app`);
      await failed;
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect(await page.locator('.login-asking-app').textContent()).toBe('');
      // The toast says so in the language on screen, not the browser's "Failed to fetch".
      await expect.poll(() => page.locator('.ant-message').textContent()).toContain('无法连接服务器');
      await page.unroute('**/oauth/getAppNameByAppCode**');
    });
    await step(page, 'cas-token-01-asked-by-an-application', async () => {
      await page.goto(`${apps.base}/token/home`);
      await page.waitForURL(`${server.baseUrl}/login**`);
      await expect.poll(() => page.locator('.login-asking-app').textContent()).toContain('Plant MES');
      await page.getByLabel('账号').fill(STAFF.account);
      await page.getByLabel('密码').fill(STAFF.password);
      await button(page, '登录').click();
      await page.waitForURL(`${apps.base}/token/home**`);
      expect(await page.locator('#who').textContent()).toBe(STAFF.account);
    });
    await step(page, 'cas-token-02-into-the-cas-application', async () => {
      await page.goto(`${apps.base}/cas/home`);
      await page.waitForURL(`${apps.base}/cas/home?ticket=**`);
      expect(await page.locator('#who').textContent()).toBe(STAFF.account);
    });
    await step(page, 'cas-token-03-into-the-token-application-again', async () => {
      await page.goto(`${apps.base}/token/home`);
      await page.waitForURL(`${apps.base}/token/home?access_token=**`);
      expect(await page.locator('#who').textContent()).toBe(STAFF.account);
    });
    const opens = await server.ctx.db.selectFrom('blade_app_login_log').select('appCode').where('account', '=', STAFF.account).execute();
    expect(opens.map((row) => row.appCode).sort()).toEqual(['e2e_cas', 'e2e_mes']);
  });
});
