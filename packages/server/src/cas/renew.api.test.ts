import { md5, TOKEN_HEADER, toBase64 } from '@sso/shared-api';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithRole, TEST_PASSWORD, type TestUser, useTestServer } from '../api-suite.testkit.js';
import { type FakeSocialServer, startFakeFeishu } from '../social/fake-social-servers.testkit.js';
import { casMessages } from './routes.js';
import { createApp, grantApp, platform } from './sign-on.testkit.js';

/**
 * CAS `renew=true`: a ticket only from a sign-in that presented a credential (password, phone
 * code, second factor) just now, spent by the first ticket of that sign-in. A single sign-on
 * session, a refreshed token or a social sign-in never satisfies it.
 */
const suite = useTestServer();
const SERVICE = 'http://127.0.0.1:9/renew/';
const SABER = `Basic ${toBase64('saber:saber_secret')}`;
let appId: string;
let feishu: FakeSocialServer;
let serial = 0;

type TokenAnswer = { access_token?: string; refresh_token?: string; mfa_ticket?: string; oauth_id?: string; error_description?: string };

async function token(query: Record<string, string>): Promise<TokenAnswer> {
  const url = `${suite.server.baseUrl}/api/blade-auth/oauth/token?${new URLSearchParams({ tenantId: '000000', ...query })}`;
  return (await (await fetch(url, { method: 'POST', headers: { authorization: SABER } })).json()) as TokenAnswer;
}

/** A user granted the CAS application; signing in is left to the test. */
async function grantedUser(): Promise<TestUser> {
  const user = await createUserWithRole(suite.server, { account: `renew_${++serial}` });
  await grantApp(suite, appId, user.id);
  return user;
}

const passwordSignIn = async (user: TestUser) =>
  (await token({ grant_type: 'password', username: user.account, password: md5(TEST_PASSWORD) })).access_token ?? '';

/** POST cas/ticket with this access token: the status, the refusal and the ticket. */
async function ticketWith(accessToken: string, renew: boolean) {
  const response = await fetch(
    `${suite.server.baseUrl}/api/blade-auth/cas/ticket?service=${encodeURIComponent(SERVICE)}${renew ? '&renew=true' : ''}`,
    { method: 'POST', headers: { [TOKEN_HEADER]: `bearer ${accessToken}` } },
  );
  const body = (await response.json()) as { msg: string; data?: { url: string } };
  return { status: response.status, msg: body.msg, ticket: body.data ? (new URL(body.data.url).searchParams.get('ticket') ?? '') : '' };
}

const validateWithRenew = async (ticket: string) =>
  (await platform(suite, 'GET', `/cas/serviceValidate?service=${encodeURIComponent(SERVICE)}&ticket=${ticket}&renew=true`)).text;

/** Sets up a TOTP second factor for the user; answers its recovery codes. */
async function enrolSecondFactor(user: TestUser): Promise<string[]> {
  const { secret } = await user.sdk.call<{ secret: string }>('POST', '/api/blade-auth/totp/enrol');
  const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate();
  const { recoveryCodes } = await user.sdk.call<{ recoveryCodes: string[] }>('POST', '/api/blade-auth/totp/confirm', { code });
  return recoveryCodes;
}

/** A browser's social sign-in with the provider: button, provider, call back, then the sign-in page redeeming the code. */
async function socialSignIn(providerId: string): Promise<Record<string, unknown>> {
  const started = await fetch(`${suite.server.baseUrl}/api/blade-auth/oauth/social/authorize?id=${providerId}`);
  const { data } = (await started.json()) as { data: { url: string } };
  const atProvider = await fetch(data.url, { redirect: 'manual' });
  const callBack = await fetch(atProvider.headers.get('location') ?? '', { redirect: 'manual' });
  const landing = new URL(callBack.headers.get('location') ?? '', suite.server.baseUrl);
  const redeemed = await token({
    grant_type: 'social',
    source: landing.searchParams.get('social') ?? '',
    code: landing.searchParams.get('code') ?? '',
    state: landing.searchParams.get('state') ?? '',
  });
  return redeemed as Record<string, unknown>;
}

beforeAll(async () => {
  appId = await createApp(suite, { appCode: 'renew_cas', protocol: 'cas', redirectUris: SERVICE });
  feishu = await startFakeFeishu('cli_renew', 'renew-secret');
});
afterAll(() => feishu?.close());

describe('CAS renew', () => {
  it('issues one renew ticket to a password sign-in, which validates with renew; the session then counts as single sign-on', async () => {
    const signedIn = await passwordSignIn(await grantedUser());
    const first = await ticketWith(signedIn, true);
    expect(first.status).toBe(200);
    expect(await validateWithRenew(first.ticket)).toContain('<cas:authenticationSuccess>');
    const again = await ticketWith(signedIn, true);
    expect(again).toMatchObject({ status: 400, msg: casMessages.renewNeedsSignIn });
    // Without renew the session still signs on, but its ticket does not pass a renew validation.
    const plain = await ticketWith(signedIn, false);
    expect(plain.status).toBe(200);
    expect(await validateWithRenew(plain.ticket)).toContain('code="INVALID_TICKET"');
  });

  it('lets the first ticket of a sign-in spend the freshness even without renew: a second application asking renew asks again', async () => {
    const signedIn = await passwordSignIn(await grantedUser());
    const plain = await ticketWith(signedIn, false);
    expect(await validateWithRenew(plain.ticket)).toContain('<cas:authenticationSuccess>');
    expect((await ticketWith(signedIn, true)).status).toBe(400);
  });

  it('refuses renew to a sign-in older than a minute', async () => {
    const user = await grantedUser();
    const signedIn = await passwordSignIn(user);
    await suite.server.ctx.db
      .updateTable('sso_fresh_sign_in')
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where('sessionId', 'in', suite.server.ctx.db.selectFrom('sso_session').select('id').where('userId', '=', user.id))
      .execute();
    expect((await ticketWith(signedIn, true)).status).toBe(400);
  });

  it('refuses renew to a token from a refresh, even of a session just signed in with a password', async () => {
    const user = await grantedUser();
    const answer = await token({ grant_type: 'password', username: user.account, password: md5(TEST_PASSWORD) });
    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: answer.refresh_token ?? '' });
    expect(refreshed.access_token).toBeTruthy();
    expect((await ticketWith(refreshed.access_token ?? '', true)).status).toBe(400);
    // The refresh's token spent the sign-in's freshness: the first token no longer passes either.
    expect((await ticketWith(answer.access_token ?? '', true)).status).toBe(400);
  });

  it('issues a renew ticket to a phone-code sign-in', async () => {
    const user = await grantedUser();
    const phone = `1370000${String(1000 + serial).padStart(4, '0')}`;
    await suite.server.ctx.db.updateTable('blade_user').set({ phone }).where('id', '=', user.id).execute();
    await fetch(`${suite.server.baseUrl}/api/blade-auth/oauth/sendSms?phone=${phone}`, {
      method: 'POST',
      headers: { authorization: SABER },
    });
    const [log] = await suite.admin.resource.sms.logs({ phone });
    const phoneCode = (JSON.parse(log?.content ?? '{}') as { code: string }).code;
    const signedIn = (await token({ grant_type: 'phone', phone, phoneCode })).access_token ?? '';
    expect((await ticketWith(signedIn, true)).status).toBe(200);
  });

  it('issues a renew ticket to a second-factor sign-in', async () => {
    const user = await grantedUser();
    const recoveryCodes = await enrolSecondFactor(user);
    const firstStep = await token({ grant_type: 'password', username: user.account, password: md5(TEST_PASSWORD) });
    expect(firstStep.mfa_ticket).toBeTruthy();
    const signedIn = await token({ grant_type: 'mfa', mfa_ticket: firstStep.mfa_ticket ?? '', mfa_code: recoveryCodes[0] ?? '' });
    expect((await ticketWith(signedIn.access_token ?? '', true)).status).toBe(200);
  });

  it('refuses renew to a social sign-in', async () => {
    const user = await grantedUser();
    const provider = await suite.admin.system.socialProvider.submit({
      kind: 'feishu',
      name: 'Feishu',
      clientId: feishu.clientId,
      clientSecret: feishu.clientSecret,
      authorizeUrl: feishu.url,
      apiUrl: feishu.url,
      enabled: 1,
    });
    feishu.nextUser = { id: 'renew-li', name: 'Li' };
    const unbound = await socialSignIn(String(provider.id));
    await suite.server.ctx.db.updateTable('blade_user_oauth').set({ userId: user.id }).where('id', '=', String(unbound.oauth_id)).execute();
    const signedIn = await socialSignIn(String(provider.id));
    expect(signedIn.access_token).toBeTruthy();
    const refused = await ticketWith(String(signedIn.access_token), true);
    expect(refused).toMatchObject({ status: 400, msg: casMessages.renewNeedsSignIn });
    expect((await ticketWith(String(signedIn.access_token), false)).status).toBe(200);
  });
});
