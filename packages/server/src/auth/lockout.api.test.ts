import { accountLockedFor, md5, toBase64 } from '@sso/shared-api';
import { request } from 'undici';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bad,
  createTenantWithAdmin,
  createUserWithRole,
  FORBIDDEN,
  failure,
  TEST_PASSWORD,
  type TestUser,
  useTestServer,
} from '../api-suite.testkit.js';

/**
 * Failed sign-ins cannot be aimed at someone else. Small parameters keep the suite fast while the
 * rule keeps its shape: 2 failures lock an account at one address, 5 from two addresses or more
 * lock it everywhere, 6 failures of one address across accounts throttle the address.
 */
const suite = useTestServer({ SSO_TRUST_PROXY: 'true' });
/** A platform administrator who sets the parameters, unlocks and releases addresses. */
let operator: TestUser;
const PER_ADDRESS = 2;
const GLOBAL = 5;
const THROTTLE = 6;
const LOCKED = accountLockedFor(30).text;
const WRONG = 'Wrong@0000';

let ipCounter = 1;
/** Each scenario signs in from its own addresses (the server trusts X-Forwarded-For here). */
const freshIp = () => `10.20.0.${ipCounter++}`;

async function signInFrom(ip: string, username: string, password: string, headers: Record<string, string> = {}) {
  const query = new URLSearchParams({ grant_type: 'password', scope: 'all', tenantId: '000000', username, password: md5(password) });
  const response = await request(`${suite.server.baseUrl}/api/blade-auth/oauth/token?${query}`, {
    method: 'POST',
    headers: { authorization: `Basic ${toBase64('saber:saber_secret')}`, 'x-forwarded-for': ip, ...headers },
  });
  const body = (await response.body.json()) as { error_code?: number; error_description?: string; access_token?: string };
  return { status: response.statusCode, retryAfter: response.headers['retry-after'], body };
}

const refusal = async (ip: string, username: string, password: string) => (await signInFrom(ip, username, password)).body.error_description;

async function setParam(paramKey: string, paramValue: string) {
  const row = (await operator.sdk.system.param.list({ paramKey })).records.find((r) => r.paramKey === paramKey);
  if (!row) throw new Error(`parameter ${paramKey} is not seeded`);
  await operator.sdk.system.param.submit({ id: row.id, paramValue });
}

const user = (account: string) => createUserWithRole(suite.server, { account, menuCodes: [] });

beforeAll(async () => {
  operator = await createUserWithRole(suite.server, { account: 'lock_operator', administrator: true });
  await setParam('account.failCount', String(PER_ADDRESS));
  await setParam('account.failCountGlobal', String(GLOBAL));
  await setParam('account.ipFailCount', String(THROTTLE));
});

describe('an account locked by failures from one address', () => {
  it('is locked there only: its owner still signs in from another address', async () => {
    await user('aimed');
    const attacker = freshIp();
    for (let i = 0; i < PER_ADDRESS; i++) expect(await refusal(attacker, 'aimed', WRONG)).toBe('用户名或密码错误');
    expect(await refusal(attacker, 'aimed', TEST_PASSWORD)).toBe(LOCKED);
    expect((await signInFrom(freshIp(), 'aimed', TEST_PASSWORD)).status).toBe(200);
    // The owner's success does not lift the lock where the failures came from.
    expect(await refusal(attacker, 'aimed', TEST_PASSWORD)).toBe(LOCKED);
  });

  it('counts unknown accounts the same way, with the same answers', async () => {
    await user('known');
    const ip = freshIp();
    const answers = async (account: string) => {
      const seen = [];
      for (let i = 0; i < PER_ADDRESS + 1; i++) seen.push(await signInFrom(ip, account, WRONG));
      return seen.map((a) => ({ status: a.status, body: a.body }));
    };
    const known = await answers('known');
    expect(await answers('no_such_account')).toEqual(known);
    expect(known.at(-1)).toEqual({ status: 400, body: { error_code: 400, error_description: LOCKED } });
  });

  it('clears the consecutive count on a success', async () => {
    await user('counted');
    const ip = freshIp();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < PER_ADDRESS - 1; i++) expect(await refusal(ip, 'counted', WRONG)).toBe('用户名或密码错误');
      expect((await signInFrom(ip, 'counted', TEST_PASSWORD)).status).toBe(200);
    }
  });

  it('matches the account regardless of case, counting it as one', async () => {
    await user('MixedCase');
    const ip = freshIp();
    expect(await refusal(ip, 'MIXEDCASE', WRONG)).toBe('用户名或密码错误');
    expect(await refusal(ip, 'mixedcase', WRONG)).toBe('用户名或密码错误');
    expect(await refusal(ip, 'MixedCase', TEST_PASSWORD)).toBe(LOCKED);
    expect((await signInFrom(freshIp(), 'mixedcase', TEST_PASSWORD)).body.access_token).toBeTruthy();
  });
});

describe('an account failing from several addresses', () => {
  it('is locked everywhere after the global count, until unlocked for every address', async () => {
    const target = await user('spread');
    const addresses = Array.from({ length: Math.ceil(GLOBAL / PER_ADDRESS) }, freshIp);
    let failures = 0;
    for (const ip of addresses) {
      for (let i = 0; i < PER_ADDRESS && failures < GLOBAL; i++, failures++) await refusal(ip, 'spread', WRONG);
    }
    expect(await refusal(freshIp(), 'spread', TEST_PASSWORD)).toBe(LOCKED);

    expect(await operator.sdk.user.user.unlock(undefined, { userIds: target.id })).toBe(true);
    expect((await signInFrom(freshIp(), 'spread', TEST_PASSWORD)).status).toBe(200);
    expect((await signInFrom(addresses[0], 'spread', TEST_PASSWORD)).status).toBe(200);
    const rows = await suite.server.ctx.db.selectFrom('sso_account_failure').selectAll().where('account', '=', 'spread').execute();
    expect(rows).toEqual([]);
  });

  it('needs failures from a second address before it is locked everywhere', async () => {
    await user('lonely');
    // Per-address locks above the global count, so only the global rule can lock here.
    await setParam('account.failCount', String(GLOBAL * 2));
    try {
      const first = freshIp();
      for (let i = 0; i < GLOBAL; i++) expect(await refusal(first, 'lonely', WRONG)).toBe('用户名或密码错误');
      // Not locked yet: this attempt is judged (and is the second address's failure).
      expect(await refusal(freshIp(), 'lonely', WRONG)).toBe('用户名或密码错误');
      expect(await refusal(freshIp(), 'lonely', TEST_PASSWORD)).toBe(LOCKED);
    } finally {
      await setParam('account.failCount', String(PER_ADDRESS));
    }
  });
});

describe('an address failing across accounts', () => {
  let throttled: string;
  let viewer: TestUser;
  let otherTenant: TestUser;

  beforeAll(async () => {
    viewer = await createUserWithRole(suite.server, { account: 'lock_viewer', menuCodes: ['user'] });
    otherTenant = await createTenantWithAdmin(suite.server, '357911');
    throttled = freshIp();
    for (let i = 0; i < THROTTLE; i++) expect(await refusal(throttled, `sprayed${i}`, WRONG)).toBe('用户名或密码错误');
  });

  it('is throttled with 429 and Retry-After, even for a right password; other addresses sign in', async () => {
    const answer = await signInFrom(throttled, 'admin', 'admin');
    expect(answer.status).toBe(429);
    const seconds = Number(answer.retryAfter);
    expect(seconds).toBeGreaterThan(9 * 60);
    expect(seconds).toBeLessThanOrEqual(11 * 60);
    expect(answer.body).toEqual({ error_code: 429, error_description: `该地址登录失败次数过多，请${seconds}秒后再试` });
    const english = await signInFrom(throttled, 'admin', 'admin', { 'accept-language': 'en' });
    expect(english.body.error_description).toMatch(/^Too many failed sign-ins from this address, retry in \d+ s$/);
    expect((await signInFrom(freshIp(), 'admin', 'admin')).status).toBe(200);
  });

  it('is listed for the platform administrator, and only for them', async () => {
    const listed = await operator.sdk.throttledAddresses();
    expect(listed).toContainEqual({
      ip: throttled,
      failures: THROTTLE,
      throttledUntil: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
    for (const caller of [viewer, otherTenant]) {
      expect(await failure(caller.sdk, caller.sdk.throttledAddresses())).toEqual(FORBIDDEN);
      expect(await failure(caller.sdk, caller.sdk.clearAddresses([throttled]))).toEqual(FORBIDDEN);
    }
    expect((await signInFrom(throttled, 'admin', 'admin')).status).toBe(429);
  });

  it('refuses a malformed address list, changing nothing', async () => {
    const clear = (ips: string) => operator.sdk.call('POST', '/api/blade-auth/lockout/clear-address', { ips });
    expect(await failure(operator.sdk, clear('10.0.0.1,bad address'))).toEqual(bad('地址格式错误'));
    expect(await failure(operator.sdk, clear(' , '))).toEqual(bad('请提供要解除限制的地址'));
    expect((await signInFrom(throttled, 'admin', 'admin')).status).toBe(429);
  });

  it('signs in again once its failures leave the 10-minute window: a throttle, never a lock', async () => {
    const address = freshIp();
    for (let i = 0; i < THROTTLE; i++) await refusal(address, `aged${i}`, WRONG);
    expect((await signInFrom(address, 'admin', 'admin')).status).toBe(429);
    await suite.server.ctx.db
      .updateTable('sso_address_failure')
      .set((eb) => ({ minute: eb('minute', '-', 11) }))
      .where('ip', '=', address)
      .execute();
    expect((await signInFrom(address, 'admin', 'admin')).status).toBe(200);
  });

  it('is released by the platform administrator', async () => {
    expect(await operator.sdk.clearAddresses([throttled, '10.99.99.99'])).toBe(true);
    expect((await signInFrom(throttled, 'admin', 'admin')).status).toBe(200);
    const listed = await operator.sdk.throttledAddresses();
    expect(listed.map((a) => a.ip)).not.toContain(throttled);
  });
});
