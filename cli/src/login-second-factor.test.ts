import { createHmac } from 'node:crypto';
import { startTestServer, type TestServer } from '@sso/server/testing';
import { md5, SsoClient, TOTP_BASE } from '@sso/shared-api';
import { undiciTransport } from '@sso/shared-api/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliHome } from './cli-home.testkit.js';

/** RFC 6238 code (SHA-1, 6 digits, 30 s) of a base32 secret, `steps` periods from now. */
function totp(secret: string, steps = 0): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of secret.replace(/=+$/, '')) bits += alphabet.indexOf(ch).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => Number.parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000) + steps));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

let server: TestServer;
let secret = '';
let sdk: SsoClient;
beforeAll(async () => {
  server = await startTestServer();
  // The administrator sets up an authenticator, as on the personal info page.
  sdk = new SsoClient({ baseUrl: server.baseUrl, transport: undiciTransport() });
  await sdk.login({ username: 'admin', password: 'admin' });
  secret = (await sdk.call<{ secret: string }>('POST', `${TOTP_BASE}/enrol`)).secret;
  await sdk.call('POST', `${TOTP_BASE}/confirm`, undefined, { code: totp(secret) });
});
afterAll(() => server?.close());

describe('sso login with a second factor', () => {
  it('signs in with --code after the password', async () => {
    const home = cliHome();
    const login = await home.sso(['login', '--url', server.baseUrl, '--account', 'admin', '--password-stdin', '--code', totp(secret, 1)], {
      stdin: 'admin\n',
    });
    expect(login).toMatchObject({ code: 0 });
    expect(JSON.parse((await home.sso(['--json', 'whoami'])).out)).toMatchObject({ account: 'admin' });
    home.cleanup();
  });

  it('refuses a wrong code with the server message, and asks for --code when it cannot prompt', async () => {
    const home = cliHome();
    const wrong = await home.sso(['login', '--url', server.baseUrl, '--account', 'admin', '--password-stdin', '--code', '000000'], {
      stdin: 'admin\n',
    });
    expect(wrong.code).not.toBe(0);
    expect(wrong.err).toMatch(/动态验证码|authenticator/);
    const noCode = await home.sso(['login', '--url', server.baseUrl, '--account', 'admin', '--password-stdin'], { stdin: 'admin\n' });
    expect(noCode.code).toBe(2);
    expect(noCode.err).toContain('--code');
    home.cleanup();
  });
});

describe('sso login when the tenant requires a second factor the account has not set up', () => {
  it('signs in, says how to set it up, and every other command is refused', async () => {
    const password = await server.ctx.passwords.hashDigest(md5('Test@12345'));
    await server.ctx.db
      .insertInto('blade_user')
      .values({
        id: server.ctx.ids.next(),
        tenantId: '000000',
        account: 'must_enrol',
        password,
        name: 'must_enrol',
        realName: 'm',
        status: 1,
      })
      .execute();
    await sdk.system.param.submit({ paramName: 'mfa.required', paramKey: 'mfa.required', paramValue: '000000' });
    const home = cliHome();
    const login = await home.sso(['login', '--url', server.baseUrl, '--account', 'must_enrol', '--password-stdin'], {
      stdin: 'Test@12345\n',
    });
    expect(login.code).toBe(0);
    expect(login.err).toContain('/info/index');
    const refused = await home.sso(['param', 'list']);
    expect(refused.code).not.toBe(0);
    expect(refused.err).toMatch(/双因素认证|second factor/);
    home.cleanup();
  });
});
