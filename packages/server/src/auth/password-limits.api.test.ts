import { INIT_PASSWORD_DONE, INIT_PASSWORD_PENDING, md5, RESETWORD_PATH, SEND_SMS_PATH, toBase64, zh } from '@sso/shared-api';
import { describe, expect, it } from 'vitest';
import { createTenantWithAdmin, createUserWithRole, TEST_PASSWORD, type TestUser, useTestServer } from '../api-suite.testkit.js';
import { disableDormantAccounts, dormantMessages } from './dormant-accounts.js';
import { passwordPolicyMessages } from './password-policy.js';
import { call, changeOwnPassword, PARAM_LIST, passwordGrant, passwordSignIn } from './session-http.testkit.js';

/**
 * The compliance profile's password and account limits, each in a tenant of its own: an expired
 * password is a required change at sign-in, a recent password cannot come back (own change and
 * recovery), the own change waits the minimum age (a required one never does), and dormant
 * accounts are disabled by the housekeeping and at sign-in. With the profile off, none applies.
 */
const suite = useTestServer({ SSO_TRUST_PROXY: 'true' });
const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);
const PASSWORDS = ['First@2026', 'Second@2026', 'Third@2026', 'Fourth@2026'];

type Limits = Parameters<TestUser['sdk']['system']['compliance']['saveSettings']>[0];

/** A tenant with its administrator (the profile set as given) and a user of it. */
async function tenantWithUser(tenantId: string, limits: Limits | undefined, account = 'staff') {
  const admin = await createTenantWithAdmin(suite.server, tenantId);
  if (limits) await admin.sdk.system.compliance.saveSettings({ profile: true, adminRequireSecondFactor: false, ...limits });
  const user = await createUserWithRole(suite.server, { tenantId, account, menuCodes: ['param'] });
  return { admin, user };
}

const db = () => suite.server.ctx.db;
const setUser = (id: string, values: { passwordChangedAt?: Date; lastActiveAt?: Date | null; createTime?: Date }) =>
  db().updateTable('blade_user').set(values).where('id', '=', id).execute();
const statusOf = async (id: string) =>
  (await db().selectFrom('blade_user').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const signInAs = (user: TestUser, password = user.password) =>
  passwordSignIn(suite.server.baseUrl, { account: user.account, password, tenantId: user.tenantId });
const change = (token: string, from: string, to: string) => changeOwnPassword(suite.server.baseUrl, token, from, to);

describe('with the profile off', () => {
  it('nothing expires, any password may come back at once, and no account is dormant', async () => {
    const { user } = await tenantWithUser('630001', undefined);
    await setUser(user.id, { passwordChangedAt: daysAgo(400), lastActiveAt: daysAgo(400) });
    const signed = await signInAs(user);
    expect(signed.isInitPassword).toBe(INIT_PASSWORD_DONE);
    expect((await change(signed.access, TEST_PASSWORD, PASSWORDS[0])).body.code).toBe(200);
    expect((await change(signed.access, PASSWORDS[0], TEST_PASSWORD)).body.code).toBe(200);
    await setUser(user.id, { lastActiveAt: daysAgo(400) });
    await disableDormantAccounts(suite.server.ctx);
    expect(await statusOf(user.id)).toBe(1);
  });
});

describe('password expiry', () => {
  it('makes an expired password a required change at sign-in, as a first sign-in', async () => {
    const { user } = await tenantWithUser('630002', { passwordExpiryDays: 90 });
    await setUser(user.id, { passwordChangedAt: daysAgo(89) });
    expect((await signInAs(user)).isInitPassword).toBe(INIT_PASSWORD_DONE);
    await setUser(user.id, { passwordChangedAt: daysAgo(91) });
    const signed = await signInAs(user);
    expect(signed.isInitPassword).toBe(INIT_PASSWORD_PENDING);
    const held = await call(suite.server.baseUrl, 'GET', PARAM_LIST, { token: signed.access });
    expect(held).toMatchObject({ status: 403, body: { msg: zh('passwordChangeRequired') } });
    expect((await change(signed.access, TEST_PASSWORD, PASSWORDS[0])).body.code).toBe(200);
    expect((await call(suite.server.baseUrl, 'GET', PARAM_LIST, { token: signed.access })).status).toBe(200);
    const again = await signInAs(user, PASSWORDS[0]);
    expect(again.isInitPassword).toBe(INIT_PASSWORD_DONE);
  });

  it("lifts the expiry's hold when the profile is turned off, but never a reset's", async () => {
    const { admin, user } = await tenantWithUser('630009', { passwordExpiryDays: 90 });
    await setUser(user.id, { passwordChangedAt: daysAgo(91) });
    expect((await signInAs(user)).isInitPassword).toBe(INIT_PASSWORD_PENDING);
    await admin.sdk.system.compliance.saveSettings({ profile: false });
    const lifted = await signInAs(user);
    expect(lifted.isInitPassword).toBe(INIT_PASSWORD_DONE);
    expect((await call(suite.server.baseUrl, 'GET', PARAM_LIST, { token: lifted.access })).status).toBe(200);
    // Turned on again, the old password is held again.
    await admin.sdk.system.compliance.saveSettings({ profile: true });
    expect((await signInAs(user)).isInitPassword).toBe(INIT_PASSWORD_PENDING);
    // A reset's required change outlives the profile.
    await admin.sdk.user.user.resetPassword({ userIds: user.id });
    await admin.sdk.system.compliance.saveSettings({ profile: false });
    const initial = (await suite.server.ctx.params.get('account.initPassword')) ?? '';
    expect((await signInAs(user, initial)).isInitPassword).toBe(INIT_PASSWORD_PENDING);
  });
});

describe('password history and minimum age', () => {
  it('refuses the last passwords again, changing nothing', async () => {
    const { user } = await tenantWithUser('630003', { passwordHistory: 3, passwordMinAgeDays: 0 });
    const { access } = await signInAs(user);
    expect((await change(access, TEST_PASSWORD, PASSWORDS[0])).body.code).toBe(200);
    expect((await change(access, PASSWORDS[0], PASSWORDS[1])).body.code).toBe(200);
    // The last three: TEST_PASSWORD, PASSWORDS[0] and the current PASSWORDS[1].
    for (const old of [TEST_PASSWORD, PASSWORDS[0]]) {
      const refused = await change(access, PASSWORDS[1], old);
      expect(refused).toMatchObject({ status: 400, body: { code: 400, msg: passwordPolicyMessages.reused } });
    }
    expect((await signInAs(user, PASSWORDS[1])).access).toBeTruthy();
    expect((await change(access, PASSWORDS[1], PASSWORDS[2])).body.code).toBe(200);
    // Three changes on, the first is allowed again.
    expect((await change(access, PASSWORDS[2], TEST_PASSWORD)).body.code).toBe(200);
  });

  it('keeps the own change waiting the minimum age, but never a required change', async () => {
    const { admin, user } = await tenantWithUser('630004', { passwordMinAgeDays: 1, passwordHistory: 0 });
    const { access } = await signInAs(user);
    await setUser(user.id, { passwordChangedAt: daysAgo(2) });
    expect((await change(access, TEST_PASSWORD, PASSWORDS[0])).body.code).toBe(200);
    const refused = await change(access, PASSWORDS[0], PASSWORDS[1]);
    expect(refused).toMatchObject({ status: 400, body: { msg: passwordPolicyMessages.tooSoon } });
    expect((await signInAs(user, PASSWORDS[0])).access).toBeTruthy();
    // An administrator's reset is not limited, and the change it requires is not either.
    await admin.sdk.user.user.resetPassword({ userIds: user.id });
    const initial = (await suite.server.ctx.params.get('account.initPassword')) ?? '';
    const reset = await signInAs(user, initial);
    expect(reset.isInitPassword).toBe(INIT_PASSWORD_PENDING);
    expect((await change(reset.access, initial, PASSWORDS[1])).body.code).toBe(200);
  });

  it('refuses a recent password on recovery by SMS code', async () => {
    const tenantId = '630005';
    const { admin, user } = await tenantWithUser(tenantId, { passwordHistory: 2 });
    let sent = 0;
    /** A code sent to a phone the account has (a fresh one each time: a phone gets one code a minute). */
    const codeFor = async () => {
      const phone = `1390000630${sent++}`;
      await db().updateTable('blade_user').set({ phone }).where('id', '=', user.id).execute();
      const answer = await call(suite.server.baseUrl, 'POST', SEND_SMS_PATH, {
        query: { tenantId, phone },
        headers: { 'x-forwarded-for': `10.63.0.${sent}` },
      });
      expect(answer.body).toMatchObject({ code: 200 });
      const logs = await admin.sdk.resource.sms.logs({ phone });
      return { phone, code: (JSON.parse(logs[0]?.content ?? '{}') as { code: string }).code };
    };
    const recover = async (plain: string) => {
      const { phone, code } = await codeFor();
      const query = {
        tenantId,
        loginNumber: user.account,
        phone,
        code,
        newPassword: md5(plain),
        newPassword1: md5(plain),
        passwordBase64: toBase64(plain),
      };
      return call(suite.server.baseUrl, 'POST', RESETWORD_PATH, { query, headers: { 'x-forwarded-for': `10.63.1.${sent}` } });
    };
    expect(await recover(TEST_PASSWORD)).toMatchObject({ status: 400, body: { msg: passwordPolicyMessages.reused } });
    expect((await signInAs(user)).access).toBeTruthy();
    expect((await recover(PASSWORDS[0])).body).toMatchObject({ code: 200 });
    expect((await signInAs(user, PASSWORDS[0])).access).toBeTruthy();
  });
});

describe('dormant accounts', () => {
  it('are disabled by the daily housekeeping, counted from the last sign-in or else the creation; administrators never', async () => {
    const { admin, user } = await tenantWithUser('630006', { accountDormantDays: 90 });
    await setUser(admin.id, { lastActiveAt: daysAgo(400) });
    const never = await createUserWithRole(suite.server, { tenantId: '630006', account: 'never' });
    const recent = await createUserWithRole(suite.server, { tenantId: '630006', account: 'recent' });
    await setUser(user.id, { lastActiveAt: daysAgo(91) });
    await setUser(never.id, { lastActiveAt: null, createTime: daysAgo(91) });
    await setUser(recent.id, { lastActiveAt: daysAgo(89), createTime: daysAgo(400) });
    expect(await disableDormantAccounts(suite.server.ctx)).toBe(2);
    expect([await statusOf(user.id), await statusOf(never.id), await statusOf(recent.id)]).toEqual([0, 0, 1]);
    // The tenant's administrator enables accounts again: never disabled for dormancy.
    expect(await statusOf(admin.id)).toBe(1);
    const events = await db()
      .selectFrom('blade_log_usual')
      .select('logId')
      .where('tenantId', '=', '630006')
      .where('logId', '=', 'user.dormant-disable')
      .execute();
    expect(events).toHaveLength(2);
    // Their sessions have ended.
    expect(
      (await call(suite.server.baseUrl, 'GET', '/api/blade-auth/oauth/user-info', { token: user.sdk.session?.token.access_token })).status,
    ).toBe(401);
  });

  it('are disabled at sign-in, saying why', async () => {
    const { admin, user } = await tenantWithUser('630007', { accountDormantDays: 30 });
    await setUser(user.id, { lastActiveAt: daysAgo(31) });
    const refused = await passwordGrant(suite.server.baseUrl, { account: user.account, password: TEST_PASSWORD, tenantId: user.tenantId });
    expect(refused).toMatchObject({ status: 400, body: { error_description: dormantMessages.disabled } });
    expect(await statusOf(user.id)).toBe(0);
    // Enabled again by the administrator, it has the whole period to sign in.
    await admin.sdk.user.user.enable(undefined, { userIds: user.id });
    expect((await signInAs(user)).access).toBeTruthy();
  });
});
