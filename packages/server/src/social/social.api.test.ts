import { socialMessages, userMessages, zh } from '@sso/shared-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bad,
  createTenantWithAdmin,
  createUserWithRole,
  failure,
  type TestUser,
  type TrackedClient,
  useTestServer,
} from '../api-suite.testkit.js';
import { type FakeSocialServer, startFakeDingtalk, startFakeFeishu, startFakeWecom } from './fake-social-servers.testkit.js';
import { socialFlowMessages as m } from './flow-messages.js';
import { startTestIdp, type TestIdp } from './test-idp.testkit.js';

/**
 * Social sign-in against a real OpenID Connect provider (oidc-provider on 127.0.0.1) and local
 * servers speaking WeCom's, DingTalk's and Feishu's formats: configuration, the state / nonce /
 * one-time code checks, registration of an unknown identity, bindings, lockout and the SSRF guard.
 */
const suite = useTestServer();
let idp: TestIdp;
let oidcId: string;
let other: TestUser;
let staff: TestUser;
const fakes: FakeSocialServer[] = [];

const api = (sdk: TrackedClient = suite.admin) => sdk.system.socialProvider;
const callbackUri = () => `${suite.server.baseUrl}/api/blade-auth/oauth/social/callback`;

beforeAll(async () => {
  idp = await startTestIdp({ redirectUri: callbackUri() });
  idp.addPerson('alice-sub', { name: 'Alice Li', email: 'alice@example.com', preferred_username: 'alice' });
  idp.addPerson('bob-sub', { name: 'Bob Wang', preferred_username: 'bob' });
  const row = await api().submit({
    kind: 'oidc',
    name: 'Company IdP',
    clientId: idp.clientId,
    clientSecret: idp.clientSecret,
    discoveryUrl: idp.discoveryUrl,
    enabled: 1,
  });
  oidcId = String(row.id);
  other = await createTenantWithAdmin(suite.server, '100091');
  staff = await createUserWithRole(suite.server, { account: 'social_staff' });
});
afterAll(async () => {
  await idp?.close();
  for (const fake of fakes) await fake.close();
});

/** GET …/social/authorize: the provider address, or the refusal. */
async function authorize(id: string, options: { tenantId?: string; bindAs?: TrackedClient } = {}) {
  const query = new URLSearchParams({
    id,
    ...(options.tenantId ? { tenantId: options.tenantId } : {}),
    ...(options.bindAs ? { bind: 'true' } : {}),
  });
  const token = options.bindAs?.session?.token.access_token;
  const response = await fetch(`${suite.server.baseUrl}/api/blade-auth/oauth/social/authorize?${query}`, {
    headers: token ? { 'blade-auth': `bearer ${token}` } : {},
  });
  return { status: response.status, body: (await response.json()) as { code: number; msg: string; data?: { url: string } } };
}

/** The browser at the provider: redirects followed until it is sent back to the platform's call back. */
async function atProvider(url: string): Promise<URL> {
  let next = new URL(url);
  if (next.origin === idp.issuer) return idp.signIn(url);
  for (let hop = 0; hop < 5 && !next.href.startsWith(callbackUri()); hop++) {
    const answer = await fetch(next, { redirect: 'manual' });
    next = new URL(answer.headers.get('location') ?? '', next);
  }
  return next;
}

/** The provider's call back at the platform: where it sends the browser next. */
async function callBack(url: URL): Promise<URL> {
  const answer = await fetch(url, { redirect: 'manual' });
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get('location') ?? '', suite.server.baseUrl);
}

/** A whole browser round: button, provider, call back; answers where the platform sends the browser. */
async function round(id: string, options: { bindAs?: TrackedClient } = {}): Promise<URL> {
  const started = await authorize(id, options);
  expect(started.status).toBe(200);
  return callBack(await atProvider(started.body.data?.url ?? ''));
}

async function socialToken(params: Record<string, string>) {
  const response = await fetch(
    `${suite.server.baseUrl}/api/blade-auth/oauth/token?${new URLSearchParams({ grant_type: 'social', ...params })}`,
    {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}` },
    },
  );
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

const redeem = (landing: URL) =>
  socialToken({
    source: landing.searchParams.get('social') ?? '',
    code: landing.searchParams.get('code') ?? '',
    state: landing.searchParams.get('state') ?? '',
  });

const registerGuest = (query: Record<string, string>) =>
  fetch(`${suite.server.baseUrl}/api/blade-user/register-guest?${new URLSearchParams(query)}`, { method: 'POST' }).then(
    async (r) => (await r.json()) as { code: number; msg: string },
  );

describe('provider configuration', () => {
  it('refuses what a kind needs but lacks, and never answers the secret', async () => {
    expect(await failure(suite.admin, api().submit({ kind: 'oidc', name: 'x', clientId: 'c', enabled: 1 }))).toEqual(
      bad(socialMessages.discoveryRequired),
    );
    const wecom = { kind: 'wecom' as const, name: 'WeCom', clientId: 'ww1', clientSecret: 's', enabled: 1 };
    expect(await failure(suite.admin, api().submit(wecom))).toEqual(bad(socialMessages.agentRequired));
    expect(await failure(suite.admin, api().submit({ ...wecom, agentId: '1000002', clientSecret: '' }))).toEqual(
      bad(socialMessages.secretRequired),
    );
    expect(await failure(suite.admin, api().submit({ ...wecom, kind: 'github' as never }))).toEqual(bad(socialMessages.kind));
    expect(await failure(suite.admin, api().submit({ ...wecom, apiUrl: 'ftp://example.com' }))).toEqual(bad(socialMessages.url));
    expect(await failure(suite.admin, api().submit({ ...wecom, agentId: '1', enabled: 2 as never }))).toEqual(bad(socialMessages.enabled));
    const unset = await api().submit({ kind: 'feishu', name: 'Unset', clientId: 'cli_unset', clientSecret: 's' });
    expect((await api().detail(String(unset.id))).enabled).toBe(0);
    const detail = await api().detail(oidcId);
    expect(detail).not.toHaveProperty('clientSecret');
    const stored = await suite.server.ctx.db
      .selectFrom('blade_social_provider')
      .select('clientSecret')
      .where('id', '=', oidcId)
      .executeTakeFirstOrThrow();
    expect(stored.clientSecret).toMatch(/^enc:v1:/);
  });

  it('lists a tenant’s enabled providers publicly, with nothing secret', async () => {
    const disabled = await api().submit({ kind: 'feishu', name: 'Off', clientId: 'cli_off', clientSecret: 's', enabled: 0 });
    const listed = await suite.server.client().system.socialProvider.publicList({ tenantId: '000000' });
    expect(listed).toContainEqual({ id: oidcId, name: 'Company IdP', kind: 'oidc' });
    expect(listed.map((p) => p.id)).not.toContain(String(disabled.id));
    expect(JSON.stringify(listed)).not.toContain(idp.clientSecret);
    expect(await suite.server.client().system.socialProvider.publicList({ tenantId: '100091' })).toEqual([]);
    expect((await authorize(String(disabled.id))).body).toMatchObject({ code: 400, msg: m.unknownProvider });
    expect((await authorize(oidcId, { tenantId: '100091' })).body).toMatchObject({ code: 400, msg: m.unknownProvider });
  });

  it('refuses a loopback discovery URL for another tenant unless the platform allow-lists it', async () => {
    const loopback = { kind: 'oidc' as const, name: 'Local', clientId: 'c', discoveryUrl: idp.discoveryUrl, enabled: 1 };
    const refused = await failure(other.sdk, api(other.sdk).submit(loopback));
    expect(refused.status).toBe(400);
    expect(refused.msg).toContain('不允许访问该地址');
    await setParam('outbound.allowHosts', '127.0.0.1');
    try {
      expect((await api(other.sdk).submit(loopback)).id).toBeTruthy();
    } finally {
      await setParam('outbound.allowHosts', '-');
    }
    // At sign-in time the guard applies again: the allow-list entry is gone.
    const [row] = (await api(other.sdk).list({})).records;
    const started = await authorize(String(row?.id), { tenantId: '100091' });
    expect(started.body.code).toBe(400);
    expect(started.body.msg).toContain('不允许访问该地址');
  });
});

async function setParam(key: string, value: string) {
  const [row] = (await suite.admin.system.param.list({ paramKey: key })).records;
  await suite.admin.system.param.submit({
    id: row?.id,
    paramName: String(row?.paramName ?? key),
    paramKey: key,
    paramValue: value,
  } as never);
}

describe('OpenID Connect sign-in', () => {
  it('sends an unknown identity to registration; once approved it signs in bound', async () => {
    idp.autoSignIn = 'alice-sub';
    const landing = await round(oidcId);
    expect(landing.pathname).toBe('/login');
    expect(landing.searchParams.get('social')).toBe(oidcId);
    expect(landing.searchParams.get('tenantId')).toBe('000000');
    const unbound = await redeem(landing);
    expect(unbound.status).toBe(400);
    expect(unbound.body).toMatchObject({ error: 'social_unbound', error_description: m.unbound, tenant_id: '000000' });
    const oauthId = unbound.body.oauth_id ?? '';
    const identity = await suite.server.ctx.db
      .selectFrom('blade_user_oauth')
      .selectAll()
      .where('id', '=', oauthId)
      .executeTakeFirstOrThrow();
    expect(identity).toMatchObject({ uuid: 'alice-sub', source: oidcId, nickname: 'Alice Li', email: 'alice@example.com', userId: null });

    const oauthTicket = unbound.body.registration_ticket ?? '';
    expect(oauthTicket).toMatch(/^[\w-]{43}$/);
    // The identity's id alone binds nothing: only the ticket of the sign-in that found it unbound.
    // The altered ticket differs in its first character (the last one also carries padding bits, and may already be the one substituted).
    const altered = `${oauthTicket.startsWith('A') ? 'B' : 'A'}${oauthTicket.slice(1)}`;
    for (const ticket of [undefined, 'x'.repeat(43), altered]) {
      const refused = await registerGuest({
        tenantId: '000000',
        account: 'mallory',
        password: 'Alice@2024x',
        oauthId,
        ...(ticket ? { oauthTicket: ticket } : {}),
      });
      expect(refused).toMatchObject({ code: 400, msg: userMessages.oauthMissing });
    }
    // A ticket never stands in for a sign-in's state.
    const sneaked = await socialToken({ source: oidcId, code: oauthTicket, state: 'register:x' });
    expect(sneaked).toMatchObject({ status: 400, body: { error_code: 400 } });
    expect(
      await suite.server.ctx.db.selectFrom('blade_user').select('id').where('account', '=', 'mallory').executeTakeFirst(),
    ).toBeUndefined();

    expect(await registerGuest({ tenantId: '000000', account: 'alice_li', password: 'Alice@2024x', oauthId, oauthTicket })).toMatchObject({
      code: 200,
    });
    // Spent with the registration.
    expect(await registerGuest({ tenantId: '000000', account: 'alice_2', password: 'Alice@2024x', oauthId, oauthTicket })).toMatchObject({
      code: 400,
      msg: userMessages.oauthMissing,
    });
    const pending = await redeem(await round(oidcId));
    expect(pending.body).toMatchObject({ error_code: 400, error_description: zh('accountPending') });

    const user = await suite.server.ctx.db
      .selectFrom('blade_user')
      .select('id')
      .where('account', '=', 'alice_li')
      .executeTakeFirstOrThrow();
    await suite.admin.user.user.auditPass(undefined, { userIds: user.id } as never);
    const granted = await redeem(await round(oidcId));
    expect(granted.status).toBe(200);
    expect(granted.body).toMatchObject({ account: 'alice_li', user_id: user.id, oauth_id: oauthId, token_type: 'bearer' });
    const log = await suite.server.ctx.db
      .selectFrom('blade_log_login')
      .selectAll()
      .where('account', '=', 'alice_li')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ reason: m.signedIn });
  });

  it('spends the one-time code at its first use and refuses a mismatched state or source', async () => {
    idp.autoSignIn = 'alice-sub';
    const landing = await round(oidcId);
    const code = landing.searchParams.get('code') ?? '';
    const state = landing.searchParams.get('state') ?? '';
    expect((await socialToken({ source: oidcId, code, state: 'not-the-state' })).body).toMatchObject({
      error_code: 400,
      error_description: m.badState,
    });
    expect((await socialToken({ source: '42', code, state })).body).toMatchObject({ error_description: m.stateMismatch });
    // The mismatch spent it: the right triple is refused now too.
    expect((await socialToken({ source: oidcId, code, state })).body).toMatchObject({ error_description: m.badState });

    const again = await round(oidcId);
    expect((await redeem(again)).status).toBe(200);
    expect((await redeem(again)).body).toMatchObject({ error_code: 400, error_description: m.badState });
    expect((await socialToken({ source: oidcId })).body).toMatchObject({ error_description: m.missing });
  });

  it('refuses a call back whose state it did not issue, a replayed one, and an ID token with another nonce', async () => {
    expect((await callBack(new URL(`${callbackUri()}?code=x&state=forged`))).search).toBe('?social_error=state');
    idp.autoSignIn = 'alice-sub';
    const started = await authorize(oidcId);
    const state = new URL(started.body.data?.url ?? '').searchParams.get('state') ?? '';
    await suite.server.ctx.db.updateTable('sso_social_state').set({ nonce: 'another-nonce' }).where('state', '=', state).execute();
    const back = await atProvider(started.body.data?.url ?? '');
    expect((await callBack(back)).search).toBe('?social_error=exchange');
    expect((await callBack(back)).search).toBe('?social_error=state');

    const fine = await authorize(oidcId);
    const fineBack = await atProvider(fine.body.data?.url ?? '');
    expect((await callBack(fineBack)).searchParams.get('code')).toBeTruthy();
    expect((await callBack(fineBack)).search).toBe('?social_error=state');
  });

  it('counts refused codes against the address, and throttles it as for passwords', async () => {
    const failures = async () => {
      const rows = await suite.server.ctx.db.selectFrom('sso_address_failure').select('failures').where('ip', '=', '127.0.0.1').execute();
      return rows.reduce((sum, r) => sum + Number(r.failures), 0);
    };
    const before = await failures();
    await socialToken({ source: oidcId, code: 'guess', state: 'guess' });
    expect(await failures()).toBe(before + 1);
    await setParam('account.ipFailCount', String(before + 2));
    suite.server.ctx.cache.clear();
    try {
      await socialToken({ source: oidcId, code: 'guess', state: 'guess' });
      const throttled = await socialToken({ source: oidcId, code: 'guess', state: 'guess' });
      expect(throttled.status).toBe(429);
    } finally {
      await setParam('account.ipFailCount', '30');
      await suite.server.ctx.lockout.clearAddresses(['127.0.0.1']);
    }
  });
});

describe('bindings', () => {
  it('binds a provider to the signed-in user, lists and removes it; another account cannot take it', async () => {
    idp.autoSignIn = 'bob-sub';
    expect((await authorize(oidcId, { bindAs: undefined })).status).toBe(200);
    const anonymousBind = await fetch(`${suite.server.baseUrl}/api/blade-auth/oauth/social/authorize?id=${oidcId}&bind=true`);
    expect(anonymousBind.status).toBe(401);
    const done = await round(oidcId, { bindAs: staff.sdk });
    expect(done.pathname + done.search).toBe('/info/index?social_bind=done');
    const bindings = await api(staff.sdk).bindings();
    expect(bindings).toEqual([
      expect.objectContaining({ providerId: oidcId, providerName: 'Company IdP', kind: 'oidc', nickname: 'Bob Wang' }),
    ]);
    const granted = await redeem(await round(oidcId));
    expect(granted.body).toMatchObject({ account: 'social_staff', oauth_id: bindings[0]?.id });

    const taken = await round(oidcId, { bindAs: suite.admin });
    expect(taken.search).toBe('?social_bind=taken');
    expect(await failure(suite.admin, api().unbind(undefined, { id: bindings[0]?.id ?? '' }))).toEqual(bad(socialMessages.bindingMissing));
    expect(await api(staff.sdk).unbind(undefined, { id: bindings[0]?.id ?? '' })).toBe(true);
    expect(await api(staff.sdk).bindings()).toEqual([]);
    const events = await suite.server.ctx.db
      .selectFrom('blade_log_usual')
      .select('logId')
      .where('logLevel', '=', 'security')
      .where('logId', 'in', ['user.social-bind', 'user.social-unbind'])
      .execute();
    expect(new Set(events.map((e) => e.logId))).toEqual(new Set(['user.social-bind', 'user.social-unbind']));
    expect((await redeem(await round(oidcId))).body).toMatchObject({ error: 'social_unbound' });
  });
});

describe('WeCom, DingTalk and Feishu', () => {
  async function configure(kind: 'wecom' | 'dingtalk' | 'feishu', fake: FakeSocialServer, extra: Record<string, unknown> = {}) {
    fakes.push(fake);
    const row = await api().submit({
      kind,
      name: kind,
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      authorizeUrl: fake.url,
      apiUrl: fake.url,
      enabled: 1,
      ...extra,
    });
    return String(row.id);
  }

  it.each([
    ['wecom', () => startFakeWecom('ww-corp', 'wecom-secret', '1000002'), { agentId: '1000002' }],
    ['dingtalk', () => startFakeDingtalk('ding-app', 'ding-secret'), {}],
    ['feishu', () => startFakeFeishu('cli_feishu', 'feishu-secret'), {}],
  ] as const)('%s: an unknown person registers, a bound one signs in', async (kind, start, extra) => {
    const fake = await start();
    const id = await configure(kind, fake, extra);
    fake.nextUser = { id: `${kind}-zhang`, name: '张三', email: `${kind}@example.com` };
    const unbound = await redeem(await round(id));
    expect(unbound.body).toMatchObject({ error: 'social_unbound' });
    const identity = await suite.server.ctx.db
      .selectFrom('blade_user_oauth')
      .selectAll()
      .where('id', '=', unbound.body.oauth_id ?? '')
      .executeTakeFirstOrThrow();
    expect(identity).toMatchObject({ uuid: `${kind}-zhang`, nickname: '张三', source: id });

    const member = await createUserWithRole(suite.server, { account: `${kind}_member` });
    expect((await round(id, { bindAs: member.sdk })).search).toBe('?social_bind=done');
    const granted = await redeem(await round(id));
    expect(granted.status).toBe(200);
    expect(granted.body).toMatchObject({ account: `${kind}_member`, oauth_id: unbound.body.oauth_id });
  });

  it('refuses a WeCom outsider, a wrong secret and another organisation', async () => {
    const wecom = await startFakeWecom('ww-2', 'right', '1000003');
    const wecomId = await configure('wecom', wecom, { agentId: '1000003' });
    wecom.nextUser = { id: 'guest', name: 'Guest', outsider: true };
    expect((await round(wecomId)).search).toBe('?social_error=exchange');

    const feishu = await startFakeFeishu('cli_2', 'right');
    const feishuId = await configure('feishu', feishu, { corpId: 'tenant-a' });
    feishu.nextUser = { id: 'wang', name: 'Wang', org: 'tenant-b' };
    expect((await round(feishuId)).search).toBe('?social_error=exchange');
    feishu.nextUser = { id: 'wang', name: 'Wang', org: 'tenant-a' };
    expect((await redeem(await round(feishuId))).body).toMatchObject({ error: 'social_unbound' });

    const ding = await startFakeDingtalk('ding-2', 'right');
    const dingId = await configure('dingtalk', ding);
    await api().submit({
      id: dingId,
      kind: 'dingtalk',
      name: 'dingtalk',
      clientId: 'ding-2',
      clientSecret: 'wrong',
      enabled: 1,
      authorizeUrl: ding.url,
      apiUrl: ding.url,
    });
    ding.nextUser = { id: 'li', name: 'Li' };
    expect((await round(dingId)).search).toBe('?social_error=exchange');
  });
});
