import { passkeyMessages as m, md5, PASSKEY_BASE, secondFactorMessages, toBase64, zh } from '@sso/shared-api';
import { request } from 'undici';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenantWithAdmin, createUserWithRole, TEST_PASSWORD, type TestUser, useTestServer } from '../api-suite.testkit.js';
import { SoftAuthenticator } from './passkey-authenticator.testkit.js';

/**
 * Passkeys against a software authenticator: registration from the signed-in account, a
 * passwordless sign-in through the token endpoint, a passkey as the second step of a password
 * sign-in, and what must be refused — a replayed answer, an answer made for another origin, a
 * cloned authenticator whose counter goes back, another user's or another tenant's passkey —
 * with a 400 and a message, never a 500.
 */
const suite = useTestServer({ SSO_TRUST_PROXY: 'true' });
const SABER = `Basic ${toBase64('saber:saber_secret')}`;
let ipCounter = 1;
const freshIp = () => `10.45.0.${ipCounter++}`;

type Envelope<T = unknown> = { code: number; success: boolean; msg: string; data: T };
type Options = { challenge: string; rp: { id?: string }; user: { id: string }; rpId?: string; allowCredentials?: { id: string }[] };
type TokenAnswer = {
  access_token?: string;
  second_factor?: string;
  account?: string;
  error_description?: string;
  mfa_ticket?: string;
  mfa_methods?: string[];
};

async function call<T = unknown>(path: string, options: { token?: string; query?: Record<string, string>; body?: unknown } = {}) {
  const qs = options.query ? `?${new URLSearchParams(options.query)}` : '';
  const response = await request(`${suite.server.baseUrl}${PASSKEY_BASE}${path}${qs}`, {
    method: path === '/list' ? 'GET' : 'POST',
    headers: {
      authorization: SABER,
      ...(options.token ? { 'blade-auth': `bearer ${options.token}` } : {}),
      ...(options.body ? { 'content-type': 'application/json' } : {}),
    },
    body: options.body ? JSON.stringify(options.body) : undefined,
  });
  return { status: response.statusCode, body: (await response.body.json()) as Envelope<T> };
}

async function token(form: Record<string, string>, ip = freshIp()) {
  const response = await request(`${suite.server.baseUrl}/api/blade-auth/oauth/token`, {
    method: 'POST',
    headers: { authorization: SABER, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip, 'tenant-id': '000000' },
    body: new URLSearchParams({ scope: 'all', tenantId: '000000', ...form }).toString(),
  });
  return { status: response.statusCode, body: (await response.body.json()) as TokenAnswer };
}

const passwordSignIn = (account: string) => token({ grant_type: 'password', username: account, password: md5(TEST_PASSWORD) });

/** Registers a new software passkey for the user and answers it. */
async function registered(user: TestUser | string, name = 'Laptop'): Promise<SoftAuthenticator> {
  const accessToken = typeof user === 'string' ? user : (user.sdk.session?.token.access_token ?? '');
  const authenticator = new SoftAuthenticator(suite.server.baseUrl);
  const options = await call<Options>('/register-options', { token: accessToken });
  expect(options.status).toBe(200);
  const saved = await call('/register', { token: accessToken, body: { name, response: authenticator.register(options.body.data) } });
  expect(saved).toMatchObject({ status: 200, body: { data: { name } } });
  return authenticator;
}

async function setParam(paramKey: string, paramValue: string) {
  const row = (await suite.admin.system.param.list({ paramKey })).records.find((r) => r.paramKey === paramKey);
  if (row) await suite.admin.system.param.submit({ id: row.id, paramValue });
  else await suite.admin.system.param.submit({ paramName: paramKey, paramKey, paramValue });
}

const signInOptions = async (tenantId = '000000') => (await call<Options>('/sign-in-options', { query: { tenantId } })).body.data;

let alice: TestUser;
let bob: TestUser;
let aliceKey: SoftAuthenticator;

beforeAll(async () => {
  alice = await createUserWithRole(suite.server, { account: 'pk_alice', menuCodes: [] });
  bob = await createUserWithRole(suite.server, { account: 'pk_bob', menuCodes: [] });
  aliceKey = await registered(alice);
});

describe('passkeys', () => {
  it('are registered by the signed-in user, listed with their name, and a registration answer counts once', async () => {
    const accessToken = alice.sdk.session?.token.access_token ?? '';
    const list = await call<{ id: string; name: string }[]>('/list', { token: accessToken });
    expect(list.body.data).toEqual([expect.objectContaining({ name: 'Laptop', lastUsedTime: null })]);

    const second = new SoftAuthenticator(suite.server.baseUrl);
    const options = await call<Options>('/register-options', { token: accessToken });
    expect(options.body.data).toMatchObject({ rp: { id: '127.0.0.1' }, authenticatorSelection: { residentKey: 'required' } });
    const answer = second.register(options.body.data);
    expect((await call('/register', { token: accessToken, body: { name: 'Phone', response: answer } })).status).toBe(200);
    const again = await call('/register', { token: accessToken, body: { name: 'Phone again', response: answer } });
    expect(again).toMatchObject({ status: 400, body: { msg: m.challenge } });
  });

  it('sign in without a password, with no second step even where one is set up, and the session is the owner’s', async () => {
    const options = await signInOptions();
    expect(options.allowCredentials ?? []).toEqual([]);
    const answer = await token({ grant_type: 'passkey', passkey: aliceKey.answer(options) });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ account: 'pk_alice' });
    expect(answer.body.access_token).toBeTruthy();
  });

  it('refuse a replayed answer, an answer made for another origin and a cloned authenticator', async () => {
    const options = await signInOptions();
    const answer = aliceKey.answer(options);
    expect((await token({ grant_type: 'passkey', passkey: answer })).status).toBe(200);
    expect((await token({ grant_type: 'passkey', passkey: answer })).body.error_description).toBe(m.challenge);

    const phishing = aliceKey.answer(await signInOptions(), { origin: 'https://sso.example.evil' });
    expect(await token({ grant_type: 'passkey', passkey: phishing })).toMatchObject({
      status: 400,
      body: { error_description: m.refused },
    });

    const cloned = aliceKey.answer(await signInOptions(), { counter: 1 });
    expect(await token({ grant_type: 'passkey', passkey: cloned })).toMatchObject({ status: 400, body: { error_description: m.cloned } });
  });

  it('answer the second step of a password sign-in; another user’s passkey cannot', async () => {
    const bobKey = await registered(bob, 'Bob key');
    const first = await passwordSignIn('pk_bob');
    expect(first.body).toMatchObject({ mfa_methods: ['passkey'], error_description: secondFactorMessages.passkeyRequired });
    const ticket = first.body.mfa_ticket ?? '';
    const options = (await call<Options>('/second-step-options', { query: { ticket } })).body.data;
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([bobKey.credentialId]);

    const wrongUser = await token({ grant_type: 'mfa', mfa_ticket: ticket, passkey: aliceKey.answer(options) });
    expect(wrongUser.body.error_description).toBe(m.unknown);

    const options2 = (await call<Options>('/second-step-options', { query: { ticket } })).body.data;
    const second = await token({ grant_type: 'mfa', mfa_ticket: ticket, passkey: bobKey.answer(options2) });
    expect(second).toMatchObject({ status: 200, body: { account: 'pk_bob' } });
  });

  it('sign in only the people of the tenant whose sign-in page asked', async () => {
    await createTenantWithAdmin(suite.server, '445566');
    const elsewhere = await signInOptions('445566');
    expect(await token({ grant_type: 'passkey', passkey: aliceKey.answer(elsewhere) })).toMatchObject({
      status: 400,
      body: { error_description: m.unknown },
    });
  });

  it('are removed by their owner only, and then no second step is asked', async () => {
    const carol = await createUserWithRole(suite.server, { account: 'pk_carol', menuCodes: [] });
    await registered(carol, 'Carol key');
    expect((await passwordSignIn('pk_carol')).body.mfa_methods).toEqual(['passkey']);
    const carolToken = carol.sdk.session?.token.access_token ?? '';
    const [key] = (await call<{ id: string }[]>('/list', { token: carolToken })).body.data;
    const byAlice = await call('/remove', { token: alice.sdk.session?.token.access_token ?? '', query: { id: String(key?.id) } });
    expect(byAlice).toMatchObject({ status: 400, body: { msg: m.missing } });
    expect((await call('/remove', { token: carolToken, query: { id: String(key?.id) } })).status).toBe(200);
    expect((await call('/list', { token: carolToken })).body.data).toEqual([]);
    expect((await passwordSignIn('pk_carol')).body.access_token).toBeTruthy();
  });

  it('are removed by an administrator’s reset of the second factor (a lost device)', async () => {
    const erin = await createUserWithRole(suite.server, { account: 'pk_erin', menuCodes: [] });
    await registered(erin, 'Erin key');
    expect((await passwordSignIn('pk_erin')).body.mfa_methods).toEqual(['passkey']);
    expect(await suite.admin.user.user.resetSecondFactor(undefined, { userIds: erin.id })).toBe(true);
    expect((await passwordSignIn('pk_erin')).body.access_token).toBeTruthy();
  });

  it('satisfy a required second factor, registered from the session that may only enrol one', async () => {
    await createUserWithRole(suite.server, { account: 'pk_dana', menuCodes: [] });
    await setParam('mfa.required', 'pk_dana_role');
    try {
      const enrolOnly = await passwordSignIn('pk_dana');
      expect(enrolOnly.body.second_factor).toBe('enrol');
      await registered(enrolOnly.body.access_token ?? '', 'Dana key');
      expect((await passwordSignIn('pk_dana')).body.mfa_methods).toEqual(['passkey']);
    } finally {
      await setParam('mfa.required', 'false');
    }
  });

  it('answer bad input with a 400 and a message, and change nothing', async () => {
    const accessToken = bob.sdk.session?.token.access_token ?? '';
    const before = (await call('/list', { token: accessToken })).body.data;
    for (const body of [{ name: 'x', response: 'not json' }, { name: 'x', response: '{"id":1}' }, { name: '', response: '{}' }, {}]) {
      const answer = await call('/register', { token: accessToken, body });
      expect(answer.status).toBe(400);
      expect(answer.body.msg).toBeTruthy();
    }
    expect((await call('/list', { token: accessToken })).body.data).toEqual(before);
    expect((await call('/remove', { token: accessToken, query: { id: 'abc' } })).body.msg).toBe(zh('badId'));
    expect((await call('/sign-in-options', { query: { tenantId: 'x' } })).status).toBe(400);
    expect((await call('/second-step-options', { query: { ticket: 'nope' } })).body.msg).toBe(secondFactorMessages.ticketInvalid);
    for (const passkey of [undefined, 'garbage', '{"id":"x","response":{"clientDataJSON":"%%%"}}']) {
      const answer = await token({ grant_type: 'passkey', ...(passkey ? { passkey } : {}) });
      expect(answer.status).toBe(400);
      expect(answer.body.error_description).toBe(m.response);
    }
  });
});
