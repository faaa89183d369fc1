import { type Session, TOKEN_HEADER } from '@sso/shared-api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { casSignOn, casSignOut, samlSignOn, samlSignOut } from '../sign-on/app-sign-on.js';
import { type FakeCall, fakeFetch } from '../test/fake-fetch.testkit.js';
import { tokenStore } from './token-store.js';

/**
 * The sign-in page's CAS steps: with renew, a session the browser already had is ended and the
 * form asked for again, and only the sign-in made after that gets a renew ticket; sign-out ends
 * the session on the server with its own token and forgets it.
 */
const SERVICE = 'http://erp.example.com/a';
const session = (token: string) =>
  ({ token: { access_token: token, refresh_token: `r-${token}` }, expiresAt: Date.now() + 3_600_000 }) as unknown as Session;
/** Where the ticketed address sends the browser: a hash change, which jsdom can follow. */
const ticketed = () => `${window.location.origin}${window.location.pathname}#ticket=ST-1`;

let calls: FakeCall[];
let renewRefused = false;
let logoutCalls: string[];

beforeEach(() => {
  window.location.hash = '';
  renewRefused = false;
  logoutCalls = [];
  calls = fakeFetch({
    'POST /api/blade-auth/cas/ticket': () =>
      renewRefused
        ? { status: 400, body: { code: 400, success: false, data: null, msg: '该应用要求重新输入密码或验证码登录' } }
        : { url: ticketed() },
    'POST /api/blade-auth/oauth/logout': () => {
      logoutCalls.push(tokenStore.load()?.token.access_token ?? '');
      return true;
    },
    'POST /api/blade-auth/cas/logout': () => ({ url: '' }),
  });
});
afterEach(() => vi.unstubAllGlobals());

const ticketRequests = () => calls.filter((call) => call.path === '/api/blade-auth/cas/ticket');

describe('CAS renew on the sign-in page', () => {
  it('ends a session the browser already had and shows the form, then asks a renew ticket for the sign-in made after', async () => {
    tokenStore.save(session('old'));
    expect(await casSignOn(SERVICE, true)).toBe(true);
    expect(ticketRequests()).toEqual([]);
    expect(logoutCalls).toEqual(['old']);
    expect(tokenStore.load()).toBeUndefined();

    tokenStore.save(session('new'));
    expect(await casSignOn(SERVICE, true)).toBe(true);
    expect(ticketRequests().map((call) => call.query.get('renew'))).toEqual(['true']);
    expect(window.location.hash).toBe('#ticket=ST-1');
  });

  it('asks again when the server refuses the sign-in made after (one that presented no credential)', async () => {
    tokenStore.save(session('old'));
    await casSignOn(SERVICE, true);
    tokenStore.save(session('social'));
    renewRefused = true;
    expect(await casSignOn(SERVICE, true)).toBe(true);
    expect(logoutCalls).toEqual(['old', 'social']);
    expect(tokenStore.load()).toBeUndefined();
    tokenStore.save(session('password'));
    renewRefused = false;
    await casSignOn(SERVICE, true);
    expect(window.location.hash).toBe('#ticket=ST-1');
  });

  it('does not let a sign-in made for another service answer this one', async () => {
    tokenStore.save(session('old'));
    await casSignOn('http://crm.example.com/', true);
    tokenStore.save(session('new'));
    await casSignOn(SERVICE, true);
    expect(ticketRequests()).toEqual([]);
    expect(logoutCalls).toEqual(['old', 'new']);
  });

  it('signs a session on without renew straight away', async () => {
    tokenStore.save(session('old'));
    await casSignOn(SERVICE, false);
    expect(ticketRequests().map((call) => call.query.get('renew'))).toEqual([null]);
    expect(logoutCalls).toEqual([]);
  });
});

describe('CAS sign-out on the sign-in page', () => {
  it("ends the session on the server with the session's token and forgets it locally", async () => {
    tokenStore.save(session('signed-in'));
    const sent: { path: string; token: string | null }[] = [];
    vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
      sent.push({ path: new URL(input, 'http://test.local').pathname, token: new Headers(init.headers).get(TOKEN_HEADER) });
      return new Response(JSON.stringify({ code: 200, success: true, data: { url: '' }, msg: '' }), {
        headers: { 'content-type': 'application/json' },
      });
    });
    expect(await casSignOut(SERVICE)).toBe(false);
    expect(sent).toEqual([{ path: '/api/blade-auth/cas/logout', token: 'bearer signed-in' }]);
    expect(tokenStore.load()).toBeUndefined();
  });
});

describe('SAML on the sign-in page', () => {
  const answered = (data: unknown, status = 200) =>
    new Response(
      JSON.stringify(
        status === 200 ? { code: 200, success: true, data, msg: '' } : { code: status, success: false, data: null, msg: 'no' },
      ),
      {
        status,
        headers: { 'content-type': 'application/json' },
      },
    );

  it("asks for the response of the pending request with the session's token and goes to the page that posts it", async () => {
    tokenStore.save(session('signed-in'));
    const sent: { path: string; query: string; token: string | null }[] = [];
    vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://test.local');
      sent.push({ path: url.pathname, query: url.search, token: new Headers(init.headers).get(TOKEN_HEADER) });
      return answered({ url: `${window.location.pathname}#saml-post` });
    });
    expect(await samlSignOn({ request: 'SR-1' })).toBe(true);
    expect(sent).toEqual([{ path: '/api/blade-auth/saml/response', query: '?request=SR-1', token: 'bearer signed-in' }]);
    expect(window.location.hash).toBe('#saml-post');
  });

  it('signs out and stays for the form when the request asks for a fresh sign-in (ForceAuthn) of an older session', async () => {
    tokenStore.save(session('older'));
    window.location.hash = '';
    const paths: string[] = [];
    vi.stubGlobal('fetch', async (input: string) => {
      const path = new URL(input, 'http://test.local').pathname;
      paths.push(path);
      if (path === '/api/blade-auth/saml/response') {
        const body = { code: 400, success: false, data: { signInAgain: true }, msg: '该应用要求重新登录，请再次输入密码' };
        return new Response(JSON.stringify(body), { status: 400, headers: { 'content-type': 'application/json' } });
      }
      return answered({});
    });
    expect(await samlSignOn({ request: 'SR-force' })).toBe(true);
    expect(tokenStore.load()).toBeUndefined();
    expect(paths[0]).toBe('/api/blade-auth/saml/response');
    expect(window.location.hash).toBe('');
  });

  it('stays on the page when the server refuses (an application the user may not open)', async () => {
    tokenStore.save(session('outsider'));
    window.location.hash = '';
    vi.stubGlobal('fetch', async () => answered(null, 403));
    expect(await samlSignOn({ appCode: 'crm' })).toBe(false);
    expect(window.location.hash).toBe('');
  });

  it('signs out on the server and forgets the session; goes to the LogoutResponse when there is one', async () => {
    tokenStore.save(session('leaving'));
    vi.stubGlobal('fetch', async () => answered({ url: `${window.location.pathname}#logged-out` }));
    expect(await samlSignOut('SR-out')).toBe(true);
    expect(tokenStore.load()).toBeUndefined();
    expect(window.location.hash).toBe('#logged-out');
  });
});
