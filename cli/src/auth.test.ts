import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '@sso/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHome, cliHome } from './cli-home.testkit.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('login, whoami, logout', () => {
  it('signs in, keeps the token in a 0600 file without a keychain, and says who is signed in', async () => {
    const home = cliHome();
    const login = await home.sso(['login', '--url', server.baseUrl, '--account', 'admin', '--password-stdin'], { stdin: 'admin\n' });
    expect(login).toMatchObject({ code: 0 });
    expect(login.err).toContain('token in file');
    const tokens = join(home.dir, 'tokens.json');
    expect(statSync(tokens).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(tokens, 'utf8')).default.token.account).toBe('admin');

    const who = await home.sso(['--json', 'whoami']);
    expect(who.code).toBe(0);
    expect(JSON.parse(who.out)).toMatchObject({ account: 'admin', tenantId: '000000' });
    expect((await home.sso(['whoami'])).out).toMatch(/^admin\t000000\t/);

    expect((await home.sso(['logout'])).code).toBe(0);
    expect(JSON.parse(readFileSync(tokens, 'utf8'))).toEqual({});
    const after = await home.sso(['whoami']);
    expect(after.code).toBe(4);
    expect(after.err).toContain('未登录');
    home.cleanup();
  });

  it('falls back to the file when the OS keychain refuses (as on this headless machine)', async () => {
    const home = cliHome({ SSO_KEYRING: undefined });
    const login = await home.sso(['login', '--url', server.baseUrl, '--account', 'admin', '--password-stdin'], { stdin: 'admin' });
    expect(login.code).toBe(0);
    const backend = /token in (keychain|file)/.exec(login.err)?.[1];
    if (backend === 'file') expect(statSync(join(home.dir, 'tokens.json')).mode & 0o777).toBe(0o600);
    expect(JSON.parse((await home.sso(['--json', 'whoami'])).out).account).toBe('admin');
    expect((await home.sso(['logout'])).code).toBe(0);
    expect((await home.sso(['whoami'])).code).toBe(4);
    home.cleanup();
  });

  it('passes the server message through and exits 4 on a wrong password', async () => {
    const home = cliHome();
    const result = await home.sso(['login', '--url', server.baseUrl, '--account', 'admin', '--password-stdin'], { stdin: 'wrong' });
    expect(result.code).not.toBe(0);
    expect(result.err).toMatch(/用户名或密码错误|密码/);
    home.cleanup();
  });

  it('asks for the password on a terminal', async () => {
    const home = cliHome();
    const result = await home.sso(['login', '--url', server.baseUrl, '--account', 'admin'], { tty: true, answer: 'admin' });
    expect(result.code).toBe(0);
    expect((await home.sso(['whoami'], { tty: true })).out).toMatch(/^ACCOUNT\s+TENANTID/);
    home.cleanup();
  });

  it('needs --password-stdin when it cannot prompt (usage, exit 2)', async () => {
    const home = cliHome();
    const result = await home.sso(['login', '--url', server.baseUrl, '--account', 'admin']);
    expect(result.code).toBe(2);
    home.cleanup();
  });

  it('refreshes an expired access token silently and saves the rotated one', async () => {
    const home = await adminHome(server);
    const tokens = join(home.dir, 'tokens.json');
    const stored = JSON.parse(readFileSync(tokens, 'utf8'));
    const before = stored.default.token.refresh_token;
    stored.default.expiresAt = Date.now() - 1000;
    writeFileSync(tokens, JSON.stringify(stored));
    const who = await home.sso(['--json', 'whoami']);
    expect(who.code).toBe(0);
    const after = JSON.parse(readFileSync(tokens, 'utf8')).default;
    expect(after.token.refresh_token).not.toBe(before);
    expect(after.expiresAt).toBeGreaterThan(Date.now());
    home.cleanup();
  });

  it('takes SSO_URL and SSO_TOKEN from the environment (CI) without a profile', async () => {
    const admin = await server.admin();
    const home = cliHome({ SSO_URL: server.baseUrl, SSO_TOKEN: admin.session?.token.access_token });
    const who = await home.sso(['--json', 'whoami']);
    expect(JSON.parse(who.out).account).toBe('admin');
    const bad = cliHome({ SSO_URL: server.baseUrl, SSO_TOKEN: 'not-a-token' });
    expect((await bad.sso(['whoami'])).code).toBe(4);
    home.cleanup();
    bad.cleanup();
  });
});

describe('profiles', () => {
  it('keeps several servers and switches between them', async () => {
    const home = await adminHome(server);
    const second = await home.sso(['--profile', 'other', 'login', '--url', server.baseUrl, '--account', 'admin', '--password-stdin'], {
      stdin: 'admin',
    });
    expect(second.code).toBe(0);
    const list = JSON.parse((await home.sso(['--json', 'profile', 'list'])).out);
    expect(list.map((p: { name: string; current: string }) => [p.name, p.current])).toEqual([
      ['default', ''],
      ['other', '*'],
    ]);
    expect((await home.sso(['profile', 'use', 'default'])).code).toBe(0);
    expect((await home.sso(['profile', 'list'])).out).toMatch(/^\*\tdefault\t/);
    expect((await home.sso(['profile', 'use', 'nope'])).code).toBe(2);
    home.cleanup();
  });
});

describe('usage', () => {
  it('exits 2 on an unknown command or option, 0 on --help', async () => {
    const home = cliHome();
    expect((await home.sso(['frobnicate'])).code).toBe(2);
    expect((await home.sso(['param', 'list', '--bogus'])).code).toBe(2);
    const help = await home.sso(['--help']);
    expect(help.code).toBe(0);
    expect(help.out).toContain('Examples:');
    home.cleanup();
  });

  it('prints bash and zsh completion built from the commands', async () => {
    const home = cliHome();
    const bash = await home.sso(['completion', 'bash']);
    expect(bash.out).toContain('complete -F _sso sso');
    expect(bash.out).toMatch(/"user"\) words="[^"]*\bunlock\b/);
    expect(bash.out).toMatch(/"user unlock"\) words="[^"]*--file/);
    expect((await home.sso(['completion', 'zsh'])).out).toContain('#compdef sso');
    expect((await home.sso(['completion', 'fish'])).code).toBe(2);
    home.cleanup();
  });
});
