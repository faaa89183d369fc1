import {
  accountLockedFor,
  md5,
  phoneSignInMessages,
  RESETWORD_PATH,
  recoveryMessages,
  SEND_SMS_PATH,
  secondFactorMessages,
  toBase64,
} from '@sso/shared-api';
import { sql } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import { request } from 'undici';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUserWithRole, TEST_PASSWORD, type TestUser, useTestServer } from '../api-suite.testkit.js';
import { maskedPhone } from './phone-grant.js';

/**
 * Phone sign-in (oauth/sendSms + grant_type=phone), password recovery (oauth/resetword) and the
 * TOTP second factor (enrolment, grant_type=mfa, recovery codes), each with wrong, expired and
 * replayed codes, and each counted by the lockout rules (2 failures lock an account at an address here).
 */
const suite = useTestServer({ SSO_TRUST_PROXY: 'true' });
const SABER = `Basic ${toBase64('saber:saber_secret')}`;
const PER_ADDRESS = 2;
const LOCKED = accountLockedFor(30).text;

let ipCounter = 1;
const freshIp = () => `10.31.0.${ipCounter++}`;
let phoneCounter = 0;
const freshPhone = () => `1390000${String(1000 + phoneCounter++).padStart(4, '0')}`;

type TokenBody = {
  access_token?: string;
  account?: string;
  error?: string;
  error_code?: number;
  error_description?: string;
  mfa_ticket?: string;
  second_factor?: string;
};

async function post(path: string, query: Record<string, string>, ip: string, headers: Record<string, string> = {}) {
  const response = await request(`${suite.server.baseUrl}${path}?${new URLSearchParams(query)}`, {
    method: 'POST',
    headers: { authorization: SABER, 'x-forwarded-for': ip, ...headers },
  });
  return {
    status: response.statusCode,
    body: (await response.body.json()) as TokenBody & { code?: number; msg?: string; success?: boolean },
  };
}

const token = (query: Record<string, string>, ip = freshIp()) => post('/api/blade-auth/oauth/token', { tenantId: '000000', ...query }, ip);

async function setParam(paramKey: string, paramValue: string) {
  const row = (await suite.admin.system.param.list({ paramKey })).records.find((r) => r.paramKey === paramKey);
  if (row) await suite.admin.system.param.submit({ id: row.id, paramValue });
  else await suite.admin.system.param.submit({ paramName: paramKey, paramKey, paramValue });
}

/** A user with a phone of their own. */
async function userWithPhone(account: string): Promise<TestUser & { phone: string }> {
  const user = await createUserWithRole(suite.server, { account, menuCodes: [] });
  const phone = freshPhone();
  await suite.server.ctx.db.updateTable('blade_user').set({ phone }).where('id', '=', user.id).execute();
  return { ...user, phone };
}

/** Asks for a code and reads it as an administrator does with the log provider (sms/log-list). */
async function sendCode(phone: string, ip = freshIp()): Promise<string> {
  const sent = await post(SEND_SMS_PATH, { phone }, ip);
  expect(sent.body).toMatchObject({ code: 200, success: true });
  const logs = await suite.admin.resource.sms.logs({ phone });
  const code = (JSON.parse(logs[0]?.content ?? '{}') as { code?: string }).code;
  if (!code) throw new Error('no code in the SMS log');
  return code;
}

beforeAll(async () => {
  await setParam('account.failCount', String(PER_ADDRESS));
});

describe('oauth/sendSms', () => {
  it('answers alike for a phone no account has, and the code is readable in the SMS log', async () => {
    const known = await userWithPhone('sms_known');
    const a = await post(SEND_SMS_PATH, { phone: known.phone }, freshIp());
    const b = await post(SEND_SMS_PATH, { phone: freshPhone() }, freshIp());
    expect(a).toEqual(b);
    const logs = await suite.admin.resource.sms.logs({ phone: known.phone });
    expect(JSON.parse(logs[0]?.content ?? '{}')).toEqual({ code: expect.stringMatching(/^\d{6}$/) });
  });

  it('refuses a malformed phone with 400 and sends nothing', async () => {
    const response = await post(SEND_SMS_PATH, { phone: '12ab' }, freshIp());
    expect(response.status).toBe(400);
    expect(response.body.msg).toBe(phoneSignInMessages.phoneFormat);
  });

  it('limits codes per phone (one a minute) and per address (a captcha after three, then a right captcha passes)', async () => {
    const phone = freshPhone();
    expect((await post(SEND_SMS_PATH, { phone }, freshIp())).status).toBe(200);
    const again = await post(SEND_SMS_PATH, { phone }, freshIp());
    expect(again.status).toBe(429);

    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await post(SEND_SMS_PATH, { phone: freshPhone() }, ip)).status).toBe(200);
    const throttled = await post(SEND_SMS_PATH, { phone: freshPhone() }, ip);
    expect(throttled).toMatchObject({ status: 400, body: { msg: phoneSignInMessages.captchaNeeded } });
    const drawn = await request(`${suite.server.baseUrl}/api/blade-auth/oauth/captcha`);
    const { key } = (await drawn.body.json()) as { key: string };
    const code = suite.server.ctx.captcha.codeForTests(key) ?? '';
    const wrong = await post(SEND_SMS_PATH, { phone: freshPhone() }, ip, { 'captcha-key': key, 'captcha-code': 'zzzz' });
    expect(wrong.status).toBe(400);
    const { key: key2 } = (await (await request(`${suite.server.baseUrl}/api/blade-auth/oauth/captcha`)).body.json()) as { key: string };
    const passed = await post(SEND_SMS_PATH, { phone: freshPhone() }, ip, {
      'captcha-key': key2,
      'captcha-code': suite.server.ctx.captcha.codeForTests(key2) ?? '',
    });
    expect(passed.status).toBe(200);
    expect(code).toMatch(/^[A-Za-z0-9]{4}$/);
  });
});

describe('grant_type=phone', () => {
  it('signs in with the code once; the same code replayed is refused', async () => {
    const user = await userWithPhone('phone_ok');
    const code = await sendCode(user.phone);
    const granted = await token({ grant_type: 'phone', phone: user.phone, phoneCode: code });
    expect(granted.status).toBe(200);
    expect(granted.body.account).toBe('phone_ok');
    expect(granted.body.access_token).toBeTruthy();
    const replayed = await token({ grant_type: 'phone', phone: user.phone, phoneCode: code });
    expect(replayed).toMatchObject({ status: 400, body: { error_description: phoneSignInMessages.codeWrong } });
  });

  it('refuses a wrong code and an expired one with the same answer', async () => {
    const user = await userWithPhone('phone_exp');
    const code = await sendCode(user.phone);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await token({ grant_type: 'phone', phone: user.phone, phoneCode: wrongCode });
    expect(wrong).toMatchObject({ status: 400, body: { error_description: phoneSignInMessages.codeWrong } });
    await suite.server.ctx.db
      .updateTable('blade_sms_code')
      .set({ expireTime: new Date(Date.now() - 1000) })
      .where('phone', '=', user.phone)
      .execute();
    const expired = await token({ grant_type: 'phone', phone: user.phone, phoneCode: code });
    expect(expired).toMatchObject({ status: 400, body: { error_description: phoneSignInMessages.codeWrong } });
  });

  it('refuses a missing or malformed phone with 400', async () => {
    expect((await token({ grant_type: 'phone', phone: '', phoneCode: '123456' })).status).toBe(400);
    expect((await token({ grant_type: 'phone', phone: 'abc', phoneCode: '123456' })).body.error_description).toBe(
      phoneSignInMessages.phoneFormat,
    );
  });

  it('counts wrong codes by the lockout rules: the account is locked at that address, even for a right code', async () => {
    const user = await userWithPhone('phone_lock');
    const ip = freshIp();
    for (let i = 0; i < PER_ADDRESS; i++) await token({ grant_type: 'phone', phone: user.phone, phoneCode: '999999' }, ip);
    const code = await sendCode(user.phone);
    expect((await token({ grant_type: 'phone', phone: user.phone, phoneCode: code }, ip)).body.error_description).toBe(LOCKED);
    // The password grant of the same account from that address is locked too.
    const password = await token({ grant_type: 'password', username: 'phone_lock', password: md5(TEST_PASSWORD) }, ip);
    expect(password.body.error_description).toBe(LOCKED);
  });

  it('keeps no phone number in the sign-in log, the failure counters or lock events: an account by name, an unknown phone masked', async () => {
    const user = await userWithPhone('phone_named');
    const unknown = freshPhone();
    const ip = freshIp();
    const knownIps = [freshIp(), freshIp()];
    await token({ grant_type: 'phone', phone: user.phone, phoneCode: '999999' }, knownIps[0]);
    await token({ grant_type: 'phone', phone: user.phone, phoneCode: await sendCode(user.phone) }, knownIps[1]);
    // Enough wrong codes from one address to lock the unknown phone, so a lock event is written too.
    for (let i = 0; i <= PER_ADDRESS; i++) await token({ grant_type: 'phone', phone: unknown, phoneCode: '999999' }, ip);
    const db = suite.server.ctx.db;
    const rowsNaming = async (table: 'blade_log_login' | 'sso_account_failure' | 'blade_log_usual', text: string) =>
      (await sql<{ row: string }>`select t::text as row from ${sql.table(table)} t where t::text like ${`%${text}%`}`.execute(db)).rows;
    for (const table of ['blade_log_login', 'sso_account_failure', 'blade_log_usual'] as const) {
      expect(await rowsNaming(table, user.phone)).toEqual([]);
      expect(await rowsNaming(table, unknown)).toEqual([]);
    }
    const logged = await db.selectFrom('blade_log_login').select(['account', 'success']).where('remoteIp', '=', ip).execute();
    expect(logged.length).toBe(PER_ADDRESS + 1);
    expect(new Set(logged.map((row) => row.account))).toEqual(new Set([maskedPhone(unknown)]));
    expect(maskedPhone(unknown)).toBe(`${unknown.slice(0, 3)}****${unknown.slice(-4)}`);
    const named = await db.selectFrom('blade_log_login').select(['account', 'success']).where('remoteIp', 'in', knownIps).execute();
    expect(named.map((row) => [row.account, row.success]).sort()).toEqual([
      ['phone_named', 0],
      ['phone_named', 1],
    ]);
    expect((await rowsNaming('blade_log_usual', maskedPhone(unknown))).length).toBeGreaterThan(0);
  });
});

describe('oauth/resetword', () => {
  const NEW = 'Recover@2026';
  const fields = (user: { account: string; phone: string }, code: string, plain = NEW) => ({
    loginNumber: user.account,
    phone: user.phone,
    code,
    newPassword: md5(plain),
    newPassword1: md5(plain),
    passwordBase64: toBase64(plain),
  });

  it('sets the new password with a right code, ends every session, and the code works once', async () => {
    const user = await userWithPhone('recover_ok');
    const before = await user.sdk.userInfo();
    expect(before.account).toBe('recover_ok');
    const code = await sendCode(user.phone);
    const done = await post(RESETWORD_PATH, fields(user, code), freshIp());
    expect(done.body).toMatchObject({ code: 200, data: true });
    await expect(user.sdk.userInfo()).rejects.toMatchObject({ code: 401 });
    expect((await token({ grant_type: 'password', username: 'recover_ok', password: md5(NEW) })).status).toBe(200);
    const replayed = await post(RESETWORD_PATH, fields(user, code, 'Another@2026'), freshIp());
    expect(replayed).toMatchObject({ status: 400, body: { msg: recoveryMessages.mismatch } });
  });

  it('refuses a weak password, a phone of another account, and an expired code, changing nothing', async () => {
    const user = await userWithPhone('recover_bad');
    const other = await userWithPhone('recover_other');
    const weak = await post(RESETWORD_PATH, fields(user, '123456', 'weak'), freshIp());
    expect(weak).toMatchObject({ status: 400, body: { msg: recoveryMessages.passwordRule } });
    const code = await sendCode(other.phone);
    const foreign = await post(RESETWORD_PATH, { ...fields(user, code), phone: other.phone }, freshIp());
    expect(foreign).toMatchObject({ status: 400, body: { msg: recoveryMessages.mismatch } });
    const own = await sendCode(user.phone);
    await suite.server.ctx.db
      .updateTable('blade_sms_code')
      .set({ expireTime: new Date(0) })
      .where('phone', '=', user.phone)
      .execute();
    expect((await post(RESETWORD_PATH, fields(user, own), freshIp())).body.msg).toBe(recoveryMessages.mismatch);
    expect((await token({ grant_type: 'password', username: 'recover_bad', password: md5(TEST_PASSWORD) })).status).toBe(200);
  });

  it('counts mismatches by the lockout rules', async () => {
    const user = await userWithPhone('recover_lock');
    const ip = freshIp();
    for (let i = 0; i < PER_ADDRESS; i++) await post(RESETWORD_PATH, fields(user, '000000'), ip);
    const code = await sendCode(user.phone);
    expect((await post(RESETWORD_PATH, fields(user, code), ip)).body.msg).toBe(LOCKED);
  });
});

describe('TOTP second factor', () => {
  const at = (secret: string, offsetSeconds = 0) =>
    new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
      timestamp: Date.now() + offsetSeconds * 1000,
    });

  async function enrolled(account: string) {
    const user = await createUserWithRole(suite.server, { account, menuCodes: [] });
    const enrolment = await user.sdk.call<{ secret: string; uri: string }>('POST', '/api/blade-auth/totp/enrol');
    expect(enrolment.uri).toMatch(/^otpauth:\/\/totp\//);
    const { recoveryCodes } = await user.sdk.call<{ recoveryCodes: string[] }>('POST', '/api/blade-auth/totp/confirm', {
      code: at(enrolment.secret),
    });
    expect(recoveryCodes).toHaveLength(10);
    return { ...user, secret: enrolment.secret, recoveryCodes };
  }

  const firstStep = async (account: string, ip = freshIp()) => {
    const answer = await token({ grant_type: 'password', username: account, password: md5(TEST_PASSWORD) }, ip);
    expect(answer).toMatchObject({ status: 400, body: { error: 'mfa_required', error_code: 428 } });
    return answer.body.mfa_ticket ?? '';
  };

  it('asks for the code after the password, then signs in with it; the code is refused again within its window', async () => {
    const user = await enrolled('totp_ok');
    const ticket = await firstStep('totp_ok');
    // The confirmation spent the current step: the next step's code (within the window) signs in.
    const code = at(user.secret, 30);
    const granted = await token({ grant_type: 'mfa', mfa_ticket: ticket, mfa_code: code });
    expect(granted.status).toBe(200);
    expect(granted.body.account).toBe('totp_ok');
    const ticket2 = await firstStep('totp_ok');
    const reused = await token({ grant_type: 'mfa', mfa_ticket: ticket2, mfa_code: code });
    expect(reused.body.error_description).toBe(secondFactorMessages.reused);
    // A spent ticket opens nothing.
    expect((await token({ grant_type: 'mfa', mfa_ticket: ticket, mfa_code: at(user.secret, -30) })).body.error_description).toBe(
      secondFactorMessages.ticketInvalid,
    );
  });

  it('refuses a wrong code, then accepts a recovery code once only', async () => {
    const user = await enrolled('totp_rec');
    const ticket = await firstStep('totp_rec');
    const wrong = await token({ grant_type: 'mfa', mfa_ticket: ticket, mfa_code: at(user.secret) === '000000' ? '111111' : '000000' });
    expect(wrong.body.error_description).toBe(secondFactorMessages.wrong);
    const recovery = user.recoveryCodes[0] ?? '';
    expect((await token({ grant_type: 'mfa', mfa_ticket: ticket, mfa_code: recovery })).status).toBe(200);
    const again = await token({ grant_type: 'mfa', mfa_ticket: await firstStep('totp_rec'), mfa_code: recovery });
    expect(again.body.error_description).toBe(secondFactorMessages.wrong);
  });

  it('counts wrong codes by the lockout rules', async () => {
    const user = await enrolled('totp_lock');
    const ip = freshIp();
    const ticket = await firstStep('totp_lock', ip);
    for (let i = 0; i < PER_ADDRESS; i++) await token({ grant_type: 'mfa', mfa_ticket: ticket, mfa_code: '000000' }, ip);
    expect((await token({ grant_type: 'mfa', mfa_ticket: ticket, mfa_code: at(user.secret, 30) }, ip)).body.error_description).toBe(LOCKED);
  });

  it('leaves users without a second factor unaffected, and tells a user whose role requires one to enrol', async () => {
    const plain = await createUserWithRole(suite.server, { account: 'totp_none', menuCodes: [] });
    const granted = await token({ grant_type: 'password', username: plain.account, password: md5(TEST_PASSWORD) });
    expect(granted.status).toBe(200);
    expect(granted.body.second_factor).toBeUndefined();
    await setParam('mfa.required', 'totp_none_role');
    const told = await token({ grant_type: 'password', username: plain.account, password: md5(TEST_PASSWORD) });
    expect(told.body.second_factor).toBe('enrol');
    expect(await plain.sdk.call('GET', '/api/blade-auth/totp/status')).toMatchObject({ enabled: false, required: true });
    await setParam('mfa.required', 'false');
  });

  it('is removed by an administrator (logged): the user then signs in with the password alone', async () => {
    const user = await enrolled('totp_reset');
    await firstStep('totp_reset');
    expect(await suite.admin.user.user.resetSecondFactor(undefined, { userIds: user.id })).toBe(true);
    const granted = await token({ grant_type: 'password', username: 'totp_reset', password: md5(TEST_PASSWORD) });
    expect(granted.status).toBe(200);
    const events = await suite.server.ctx.db
      .selectFrom('blade_log_usual')
      .select('logData')
      .where('logId', '=', 'user.second-factor-reset')
      .execute();
    expect(events.some((e) => String(e.logData).includes('totp_reset'))).toBe(true);
  });

  it('refuses a second enrolment and a malformed confirmation code', async () => {
    const user = await enrolled('totp_twice');
    await expect(user.sdk.call('POST', '/api/blade-auth/totp/enrol')).rejects.toMatchObject({ code: 400 });
    const fresh = await createUserWithRole(suite.server, { account: 'totp_badcode', menuCodes: [] });
    await fresh.sdk.call('POST', '/api/blade-auth/totp/enrol');
    await expect(fresh.sdk.call('POST', '/api/blade-auth/totp/confirm', { code: 'abc' })).rejects.toMatchObject({
      code: 400,
      message: secondFactorMessages.codeFormat,
    });
  });
});
