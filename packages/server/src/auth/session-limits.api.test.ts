import { secondFactorMessages, TOTP_BASE } from '@sso/shared-api';
import { describe, expect, it } from 'vitest';
import { createTenantWithAdmin, createUserWithRole, TEST_PASSWORD, type TestUser, useTestServer } from '../api-suite.testkit.js';
import { call, passwordGrant, passwordSignIn, refreshGrant } from './session-http.testkit.js';
import { sessionLimitMessages } from './session-limits.js';

/**
 * The compliance profile's session limits and its administrators' second factor, each in a tenant
 * of its own. Time is made to pass by moving a session's sign-in and last request back in the
 * database and letting the node forget what it remembered of the session.
 */
const suite = useTestServer();
const MINUTE_MS = 60_000;
const ago = (ms: number) => new Date(Date.now() - ms);
const USER_INFO = '/api/blade-auth/oauth/user-info';

type Limits = Parameters<TestUser['sdk']['system']['compliance']['saveSettings']>[0];

async function tenantWithUser(tenantId: string, limits: Limits | undefined) {
  const admin = await createTenantWithAdmin(suite.server, tenantId);
  if (limits) await admin.sdk.system.compliance.saveSettings({ profile: true, adminRequireSecondFactor: false, ...limits });
  const user = await createUserWithRole(suite.server, { tenantId, account: 'staff', menuCodes: ['param'] });
  return { admin, user };
}

const signInAs = (user: TestUser) =>
  passwordSignIn(suite.server.baseUrl, { account: user.account, password: user.password, tenantId: user.tenantId });
const userInfo = (token: string) => call(suite.server.baseUrl, 'GET', USER_INFO, { token });
const refresh = (token: string) => refreshGrant(suite.server.baseUrl, token);

/** Moves a session's sign-in and last request back; the node reads it again at its next request. */
async function age(sid: string, times: { startedMsAgo?: number; seenMsAgo?: number }) {
  await suite.server.ctx.db
    .updateTable('sso_session')
    .set({
      ...(times.startedMsAgo !== undefined ? { createdAt: ago(times.startedMsAgo) } : {}),
      ...(times.seenMsAgo !== undefined ? { lastSeenAt: ago(times.seenMsAgo) } : {}),
    })
    .where('id', '=', sid)
    .execute();
  suite.server.ctx.sessions.forget(sid);
}

const revokeReason = async (sid: string) =>
  (await suite.server.ctx.db.selectFrom('sso_session').select('revokeReason').where('id', '=', sid).executeTakeFirstOrThrow()).revokeReason;

describe('session limits', () => {
  it('leave sessions alone while the profile is off', async () => {
    const { user } = await tenantWithUser('640001', undefined);
    const signed = await signInAs(user);
    await age(signed.sid, { startedMsAgo: 1000 * 60 * MINUTE_MS, seenMsAgo: 1000 * 60 * MINUTE_MS });
    expect((await userInfo(signed.access)).status).toBe(200);
    expect((await refresh(signed.refresh)).status).toBe(200);
  });

  it('end an idle session: its tokens answer 401 and it cannot be refreshed', async () => {
    const { user } = await tenantWithUser('640002', { sessionIdleMinutes: 30, sessionMaxHours: 0 });
    const signed = await signInAs(user);
    await age(signed.sid, { seenMsAgo: 29 * MINUTE_MS });
    expect((await userInfo(signed.access)).status).toBe(200);
    await age(signed.sid, { seenMsAgo: 31 * MINUTE_MS });
    expect((await userInfo(signed.access)).status).toBe(401);
    expect(await revokeReason(signed.sid)).toBe('idle');
    expect((await refresh(signed.refresh)).status).toBe(400);
    // A session idle since its last request cannot be refreshed: a refresh is no activity.
    const other = await signInAs(user);
    await age(other.sid, { seenMsAgo: 31 * MINUTE_MS });
    const refused = await refresh(other.refresh);
    expect(refused).toMatchObject({ status: 401, body: { error_description: sessionLimitMessages.idle } });
    expect((await userInfo(other.access)).status).toBe(401);
  });

  it('writes a request down for the other nodes at most once a minute', async () => {
    const { user } = await tenantWithUser('640003', { sessionIdleMinutes: 30, sessionMaxHours: 0 });
    const signed = await signInAs(user);
    const lastSeen = async () =>
      (await suite.server.ctx.db.selectFrom('sso_session').select('lastSeenAt').where('id', '=', signed.sid).executeTakeFirstOrThrow())
        .lastSeenAt;
    const before = await lastSeen();
    expect((await userInfo(signed.access)).status).toBe(200);
    expect(await lastSeen()).toEqual(before);
    await age(signed.sid, { seenMsAgo: 2 * MINUTE_MS });
    expect((await userInfo(signed.access)).status).toBe(200);
    await suite.server.ctx.sessions.writtenDown();
    expect(Date.now() - (await lastSeen()).getTime()).toBeLessThan(MINUTE_MS);
  });

  it('end a session past its longest time: no refresh, no tokens', async () => {
    const { user } = await tenantWithUser('640004', { sessionIdleMinutes: 0, sessionMaxHours: 12 });
    const signed = await signInAs(user);
    await age(signed.sid, { startedMsAgo: 11 * 60 * MINUTE_MS, seenMsAgo: 0 });
    const renewed = await refresh(signed.refresh);
    expect(renewed.status).toBe(200);
    await age(signed.sid, { startedMsAgo: 13 * 60 * MINUTE_MS, seenMsAgo: 0 });
    const refused = await refresh(renewed.body.refresh_token as string);
    expect(refused).toMatchObject({ status: 401, body: { error_description: sessionLimitMessages.maxAge } });
    expect(await revokeReason(signed.sid)).toBe('max-age');
    expect((await userInfo(renewed.body.access_token as string)).status).toBe(401);
  });
});

describe("administrators' second factor", () => {
  const grant = (user: { account: string; tenantId: string }) =>
    passwordGrant(suite.server.baseUrl, { account: user.account, password: TEST_PASSWORD, tenantId: user.tenantId });
  const addTotp = (user: TestUser) =>
    suite.server.ctx.db
      .insertInto('sso_totp')
      .values({ userId: user.id, tenantId: user.tenantId, secret: 'x', confirmedAt: new Date() })
      .execute();
  const addPasskey = (user: TestUser) =>
    suite.server.ctx.db
      .insertInto('sso_passkey')
      .values({
        id: suite.server.ctx.ids.next(),
        tenantId: user.tenantId,
        userId: user.id,
        credentialId: `cred-${user.id}`,
        publicKey: 'x',
        transports: null,
        name: 'key',
      })
      .execute();

  it('is required of administrators only, and not while the profile is off', async () => {
    const off = await createTenantWithAdmin(suite.server, '640005', 'boss');
    expect((await grant(off)).body.second_factor).toBeUndefined();
    const { admin, user } = await tenantWithUser('640006', { adminRequireSecondFactor: true });
    // Without one, an administrator signs in to a session that must enrol one first.
    const enrol = await grant(admin);
    expect(enrol).toMatchObject({ status: 200, body: { second_factor: 'enrol' } });
    expect((await grant(user)).body.second_factor).toBeUndefined();
    // With one, the sign-in asks for it.
    await addTotp(admin);
    expect((await grant(admin)).body).toMatchObject({ error: 'mfa_required', mfa_methods: ['totp'] });
  });

  it('must be a passkey when the profile says so: a TOTP alone leaves the enrolment pending', async () => {
    const { admin } = await tenantWithUser('640007', { adminRequireSecondFactor: true, adminRequirePasskey: true });
    await addTotp(admin);
    const enrol = await grant(admin);
    expect(enrol.body).toMatchObject({ second_factor: 'enrol' });
    // What the enrolment shows: a passkey is what is missing.
    const status = await call(suite.server.baseUrl, 'GET', `${TOTP_BASE}/status`, { token: enrol.body.access_token as string });
    expect(status.body.data).toMatchObject({ enabled: true, required: true, passkeyRequired: true });
    await addPasskey(admin);
    const asked = await grant(admin);
    expect(asked.body).toMatchObject({ error: 'mfa_required', mfa_methods: ['passkey'] });
    // A code is refused for them, even a well-formed one.
    const code = await passwordGrantMfa(asked.body.mfa_ticket as string, '123456');
    expect(code).toMatchObject({ status: 400, body: { error_description: secondFactorMessages.passkeyRequired } });
  });
});

function passwordGrantMfa(ticket: string, code: string) {
  return call(suite.server.baseUrl, 'POST', '/api/blade-auth/oauth/token', {
    query: { grant_type: 'mfa', mfa_ticket: ticket, mfa_code: code },
    headers: { authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}` },
  });
}
