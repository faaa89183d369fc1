import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestServer } from '@sso/server/testing';
import { md5 } from '@sso/shared-api';
import * as oidc from 'openid-client';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, runnable, useBrowserSuite } from './browser.testkit.js';
import { button, step } from './steps.testkit.js';

const ADMIN_PASSWORD = 'Oidc@2024';
const STAFF = { account: 'oidc_staff', password: 'Staff@2024' };

let server: TestServer;
let page: Page;
let pageErrors: string[];

if (!runnable) console.warn(`browser suite skipped: no chromium at ${CHROMIUM}`);
useBrowserSuite({ adminPassword: ADMIN_PASSWORD }, (suite) => ({ server, page, pageErrors } = suite));

/**
 * A small business application on 127.0.0.1 that signs its users in with OpenID Connect
 * (openid-client, code + PKCE): /start sends the browser to the platform, /callback exchanges the
 * code, reads userinfo and shows who was verified.
 */
const rp = { server: undefined as Server | undefined, base: '', appId: '', pending: new Map<string, string>() };

beforeAll(async () => {
  if (!runnable) return;
  rp.server = createServer();
  await new Promise<void>((resolve) => rp.server?.listen(0, '127.0.0.1', resolve));
  rp.base = `http://127.0.0.1:${(rp.server.address() as AddressInfo).port}`;

  const admin = await server.client();
  await admin.login({ username: 'admin', password: ADMIN_PASSWORD });
  const post = (path: string, body: Record<string, unknown>) =>
    admin.call('POST', path, undefined, body) as Promise<Record<string, string>>;
  const app = await post('/api/blade-aps/app/submit', {
    appCode: 'e2e_oidc',
    appName: '测试业务系统',
    appType: '1',
    appCategory: '1',
    appUrl: `${rp.base}/start`,
    redirectUris: `${rp.base}/callback`,
    protocol: 'oidc',
    status: 1,
  });
  rp.appId = String(app.id);
  await admin.system.role.submit({ roleName: 'OIDC staff', roleAlias: 'oidc_staff', parentId: '0', sort: 1 });
  const role = await server.ctx.db.selectFrom('blade_role').select('id').where('roleAlias', '=', 'oidc_staff').executeTakeFirstOrThrow();
  await admin.user.user.submit({
    account: STAFF.account,
    name: 'Oidc',
    realName: 'Oidc Staff',
    userType: 1,
    sex: 1,
    roleId: role.id,
    deptId: admin.session?.token.dept_id ?? '',
  });
  const staff = await server.ctx.db.selectFrom('blade_user').select('id').where('account', '=', STAFF.account).executeTakeFirstOrThrow();
  // The staff member's password is set and needs no change, so that the sign-in goes straight on.
  await server.ctx.db
    .updateTable('blade_user')
    .set({ password: await server.ctx.passwords.hashDigest(md5(STAFF.password)), mustChangePassword: 0 })
    .where('id', '=', staff.id)
    .execute();
  await post('/api/blade-aps/appuser/submit', { appId: rp.appId, userId: staff.id });

  const config = await oidc.discovery(new URL(server.baseUrl), 'e2e_oidc', undefined, oidc.ClientSecretBasic(app.clientSecret ?? ''), {
    execute: [oidc.allowInsecureRequests],
  });
  rp.server.on('request', async (request, response) => {
    const url = new URL(request.url ?? '/', rp.base);
    if (url.pathname === '/start') {
      const verifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      rp.pending.set(state, verifier);
      const to = oidc.buildAuthorizationUrl(config, {
        redirect_uri: `${rp.base}/callback`,
        scope: 'openid profile email phone',
        state,
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      });
      return response.writeHead(302, { location: to.href }).end();
    }
    if (url.pathname !== '/callback') return response.writeHead(404).end(); // the browser's favicon
    const state = url.searchParams.get('state') ?? '';
    try {
      const tokens = await oidc.authorizationCodeGrant(config, url, { pkceCodeVerifier: rp.pending.get(state), expectedState: state });
      const sub = tokens.claims()?.sub ?? '';
      const info = await oidc.fetchUserInfo(config, tokens.access_token, sub);
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><title>app</title><h1 id="who">${info.preferred_username}</h1><p id="name">${info.name}</p>`);
    } catch (error) {
      response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    }
  });
});

afterAll(async () => {
  await new Promise((resolve) => (rp.server ? rp.server.close(resolve) : resolve(undefined)));
});

describe.skipIf(!runnable)('single sign-on into an application through OpenID Connect', () => {
  it('sends a signed-in staff member through the platform into the application without a password, and lists it as recently visited', async () => {
    await step(page, 'oidc-01-sign-in', async () => {
      await page.goto(`${server.baseUrl}/login`);
      await page.getByLabel('账号').fill(STAFF.account);
      await page.getByLabel('密码').fill(STAFF.password);
      await button(page, '登录').click();
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    });
    await step(page, 'oidc-02-into-the-application', async () => {
      await page.goto(`${rp.base}/start`);
      await page.waitForURL(`${rp.base}/callback**`);
      expect(await page.locator('#who').textContent()).toBe(STAFF.account);
      expect(await page.locator('#name').textContent()).toBe('Oidc Staff');
    });
    const staff = await server.client();
    await staff.login({ username: STAFF.account, password: STAFF.password });
    const recent = (await staff.call('GET', '/api/blade-portal/client/app/recentlyVisited')) as
      | { appCode: string }[]
      | { records: { appCode: string }[] };
    const rows = Array.isArray(recent) ? recent : recent.records;
    expect(rows.map((row) => row.appCode)).toContain('e2e_oidc');
    expect(pageErrors).toEqual([]);
  });
});
