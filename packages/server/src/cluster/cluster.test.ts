import { ACCESS_TOKEN_COOKIE, OIDC_INTERACTION_PATH } from '@sso/shared-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, createTenantWithAdmin, createUser, TEST_PASSWORD } from '../api-suite.testkit.js';
import { call, changeOwnPassword, PARAM_LIST, passwordGrant, passwordSignIn } from '../auth/session-http.testkit.js';
import { startTestServer, type TestServer } from '../testing.js';
import { type ChildNode, cutListeners, freshDatabase, pgAdminUrl, pgAnswers, startChildNode } from './cluster-nodes.js';
import { redisAnswers, waitFor } from './test-nodes.js';

/**
 * Two nodes on one fresh PostgreSQL database: A in this process, B in a child process. Both trust
 * their caches for a minute, so only the cluster bus can explain a change reaching the other
 * node within a second.
 */
const redisUrl = process.env.SSO_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const WITHIN_MS = 1000;
const TRUST_CACHE_MS = '60000';

const reachable = {
  postgres: await pgAnswers(),
  redis: await redisAnswers(redisUrl),
};
if (!reachable.postgres) console.log(`cluster suite skipped: no PostgreSQL answers at ${pgAdminUrl()}`);
else if (!reachable.redis) console.log(`cluster suite over Redis skipped: no Redis answers at ${redisUrl}`);

describe.each([
  { transport: 'postgres', redis: undefined, runs: reachable.postgres },
  { transport: 'redis', redis: redisUrl, runs: reachable.postgres && reachable.redis },
] as const)('two nodes, bus over $transport', ({ redis, runs }) => {
  let a: TestServer;
  let b: ChildNode;
  let dropDatabase: () => Promise<void> = async () => {};
  let users = 0;
  const timings: Record<string, number> = {};

  beforeAll(async () => {
    if (!runs) return;
    const database = await freshDatabase();
    dropDatabase = database.drop;
    a = await startTestServer({
      DATABASE_URL: database.url,
      REDIS_URL: redis,
      SSO_TRUST_PROXY: 'true',
      SSO_CACHE_TTL_MS: Number(TRUST_CACHE_MS),
    });
    b = await startChildNode({ DATABASE_URL: database.url, REDIS_URL: redis, SSO_CACHE_TTL_MS: TRUST_CACHE_MS });
  });

  afterAll(async () => {
    await b?.stop();
    await a?.close();
    await dropDatabase();
    if (Object.keys(timings).length) console.log(`cluster over ${redis ? 'Redis' : 'PostgreSQL'}: ms until the other node saw it`, timings);
  });

  /** A user whose role holds the parameter screen, signed in on A. */
  async function paramUser() {
    const account = `node_user_${++users}`;
    const roleId = await createRole(a, { alias: `${account}_role`, menuCodes: ['param'] });
    const userId = await createUser(a, { account, roleId });
    return { account, roleId, userId };
  }
  const status = async (baseUrl: string, token: string) => (await call(baseUrl, 'GET', PARAM_LIST, { token })).status;
  const adminOn = async (baseUrl: string) => (await passwordSignIn(baseUrl, { account: 'admin', password: 'admin' })).access;

  it.runIf(runs)('a sign-out on A is refused on B within a second', async () => {
    const { account } = await paramUser();
    const tokens = await passwordSignIn(a.baseUrl, { account, password: TEST_PASSWORD });
    expect(await status(b.baseUrl, tokens.access)).toBe(200);
    expect((await call(a.baseUrl, 'GET', '/api/blade-auth/oauth/logout', { token: tokens.access })).body.code).toBe(200);
    timings.logout = await waitFor(async () => (await status(b.baseUrl, tokens.access)) === 401, WITHIN_MS, 'B refusing');
  });

  it.runIf(runs)('a password change on A ends the other session on B', async () => {
    const { account } = await paramUser();
    const changing = await passwordSignIn(a.baseUrl, { account, password: TEST_PASSWORD });
    const other = await passwordSignIn(b.baseUrl, { account, password: TEST_PASSWORD });
    expect(await status(b.baseUrl, other.access)).toBe(200);
    expect((await changeOwnPassword(a.baseUrl, changing.access, TEST_PASSWORD, 'Node@2024x')).body.code).toBe(200);
    timings.passwordChange = await waitFor(async () => (await status(b.baseUrl, other.access)) === 401, WITHIN_MS, 'B refusing');
    expect(await status(b.baseUrl, changing.access)).toBe(200);
  });

  it.runIf(runs)('a role grant and revoke on A reach B within a second', async () => {
    const { account, roleId } = await paramUser();
    const tokens = await passwordSignIn(a.baseUrl, { account, password: TEST_PASSWORD });
    expect(await status(b.baseUrl, tokens.access)).toBe(200);
    const admin = await adminOn(a.baseUrl);
    const grant = (menuIds: string[]) =>
      call(a.baseUrl, 'POST', '/api/blade-system/role/grant', {
        token: admin,
        body: { roleIds: [roleId], menuIds, dataScopeIds: [], apiScopeIds: [] },
      });
    expect((await grant([])).body.code).toBe(200);
    timings.revoke = await waitFor(async () => (await status(b.baseUrl, tokens.access)) === 403, WITHIN_MS, 'B refusing the screen');
    const param = await a.ctx.db
      .selectFrom('blade_menu')
      .select('id')
      .where('code', '=', 'param')
      .where('isDeleted', '=', 0)
      .executeTakeFirstOrThrow();
    expect((await grant([param.id])).body.code).toBe(200);
    timings.grant = await waitFor(async () => (await status(b.baseUrl, tokens.access)) === 200, WITHIN_MS, 'B allowing the screen');
  });

  it.runIf(runs)('a role taken from a user on A narrows their session on B', async () => {
    const { account, userId } = await paramUser();
    const spare = await createRole(a, { alias: `spare_${users}`, menuCodes: [] });
    await a.ctx.db
      .updateTable('blade_user')
      .set({ roleId: `${await roleOf(userId)},${spare}` })
      .where('id', '=', userId)
      .execute();
    const tokens = await passwordSignIn(a.baseUrl, { account, password: TEST_PASSWORD });
    expect(await status(b.baseUrl, tokens.access)).toBe(200);
    const answer = await call(a.baseUrl, 'POST', '/api/blade-user/grant', {
      token: await adminOn(a.baseUrl),
      query: { userIds: userId, roleIds: spare },
    });
    expect(answer.body.code).toBe(200);
    timings.narrow = await waitFor(async () => (await status(b.baseUrl, tokens.access)) === 403, WITHIN_MS, 'B narrowing');
  });

  it.runIf(runs)("a sign-out on A stops B's authorization endpoint answering a code to the signed-in browser", async () => {
    const { account, userId } = await paramUser();
    const appCode = `node_rp_${users}_${redis ? 'r' : 'p'}`;
    const redirectUri = `http://127.0.0.1:9/${appCode}/callback`;
    const admin = await adminOn(a.baseUrl);
    const app = await call(a.baseUrl, 'POST', '/api/blade-aps/app/submit', {
      token: admin,
      body: { appCode, appName: appCode, appType: '1', appCategory: '1', redirectUris: redirectUri, protocol: 'oidc', status: 1 },
    });
    const appId = String((app.body.data as { id: string }).id);
    expect((await call(a.baseUrl, 'POST', '/api/blade-aps/appuser/submit', { token: admin, body: { appId, userId } })).body.code).toBe(200);
    const tokens = await passwordSignIn(a.baseUrl, { account, password: TEST_PASSWORD });
    const query = new URLSearchParams({
      client_id: appCode,
      response_type: 'code',
      redirect_uri: redirectUri,
      scope: 'openid',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
    // Where B sends a browser holding the session's token in the web app's cookie.
    const authorizeOnB = async () => {
      const answer = await fetch(`${b.baseUrl}/oidc/auth?${query}`, {
        redirect: 'manual',
        headers: { cookie: `${ACCESS_TOKEN_COOKIE}=${tokens.access}` },
      });
      const location = answer.headers.get('location') ?? '';
      return location.startsWith(`${redirectUri}?code=`) ? 'code' : location;
    };
    expect(await authorizeOnB()).toBe('code');
    expect((await call(a.baseUrl, 'GET', '/api/blade-auth/oauth/logout', { token: tokens.access })).body.code).toBe(200);
    timings.signedInSignOn = await waitFor(async () => (await authorizeOnB()) !== 'code', WITHIN_MS, 'B sending to the sign-in page');
    expect(await authorizeOnB()).toMatch(new RegExp(`^${OIDC_INTERACTION_PATH}\\?uid=`));
  });

  it.runIf(runs)('a tenant disabled on A ends its sessions on B within a second', async () => {
    const tenantId = redis ? '732002' : '732001';
    const tenantAdmin = await createTenantWithAdmin(a, tenantId);
    const tokens = await passwordSignIn(b.baseUrl, { account: tenantAdmin.account, password: tenantAdmin.password, tenantId });
    const info = async () => (await call(b.baseUrl, 'GET', '/api/blade-auth/oauth/user-info', { token: tokens.access })).status;
    expect(await info()).toBe(200);
    const row = await a.ctx.db.selectFrom('blade_tenant').select('id').where('tenantId', '=', tenantId).executeTakeFirstOrThrow();
    const answer = await call(a.baseUrl, 'POST', '/api/blade-system/tenant/submit', {
      token: await adminOn(a.baseUrl),
      body: { id: row.id, status: 0 },
    });
    expect(answer.body.code).toBe(200);
    timings.tenant = await waitFor(async () => (await info()) === 401, WITHIN_MS, 'B refusing the tenant');
  });

  it.runIf(runs)('a parameter changed on A is read on B within a second', async () => {
    const onB = await adminOn(b.baseUrl);
    const query = { current: '1', size: '10', paramKey: 'account.initPassword' };
    const read = async () => {
      const answer = await call(b.baseUrl, 'GET', PARAM_LIST, { token: onB, query });
      return (answer.body.data as { records: { id: string; paramValue: string }[] }).records[0];
    };
    const before = await read();
    expect(before).toBeDefined();
    const value = `Init@${Date.now()}`;
    const saved = await call(a.baseUrl, 'POST', '/api/blade-system/param/submit', {
      token: await adminOn(a.baseUrl),
      body: { id: before?.id, paramValue: value },
    });
    expect(saved.body.code).toBe(200);
    timings.parameter = await waitFor(async () => (await read())?.paramValue === value, WITHIN_MS, 'B reading the new value');
  });

  it.runIf(runs)('failed sign-ins on A and B count together for the lockout', async () => {
    const { account } = await paramUser();
    const ip = '10.77.0.1';
    const limit = Number(await a.ctx.params.get('account.failCount'));
    for (let i = 0; i < limit; i++) {
      const node = i % 2 ? b : a;
      const answer = await passwordGrant(node.baseUrl, { account, password: 'Wrong@123', ip });
      expect(answer.status).toBe(400);
    }
    // The right password is refused now on either node: the count lives in the database.
    for (const node of [a, b]) {
      const answer = await passwordGrant(node.baseUrl, { account, password: TEST_PASSWORD, ip });
      expect(answer.status).toBe(400);
      expect(answer.body.access_token).toBeUndefined();
    }
  });

  it.runIf(runs && !redis)('listens again after its connection is cut, and drops what it may have missed', async () => {
    const { account } = await paramUser();
    const tokens = await passwordSignIn(b.baseUrl, { account, password: TEST_PASSWORD });
    expect(await status(a.baseUrl, tokens.access)).toBe(200);
    expect(await cutListeners(a.ctx.config.DATABASE_URL as string)).toBeGreaterThan(0);
    await waitFor(() => !a.ctx.bus.connected, 5000, 'A noticing the cut');
    await waitFor(() => a.ctx.bus.connected, 10_000, 'A listening again');
    expect((await call(b.baseUrl, 'GET', '/api/blade-auth/oauth/logout', { token: tokens.access })).body.code).toBe(200);
    await waitFor(async () => (await status(a.baseUrl, tokens.access)) === 401, WITHIN_MS, 'A refusing');
  });

  async function roleOf(userId: string): Promise<string> {
    const row = await a.ctx.db.selectFrom('blade_user').select('roleId').where('id', '=', userId).executeTakeFirstOrThrow();
    return row.roleId ?? '';
  }
});

describe.runIf(reachable.postgres)('a node that cannot hear the others', () => {
  let a: TestServer;
  let deaf: ChildNode;
  let dropDatabase: () => Promise<void> = async () => {};
  const TTL_MS = 300;

  beforeAll(async () => {
    const database = await freshDatabase();
    dropDatabase = database.drop;
    a = await startTestServer({ DATABASE_URL: database.url });
    // Its bus is Redis on a port where nothing answers: it never hears a message.
    deaf = await startChildNode({ DATABASE_URL: database.url, REDIS_URL: 'redis://127.0.0.1:1', SSO_CACHE_TTL_MS: String(TTL_MS) });
  });

  afterAll(async () => {
    await deaf?.stop();
    await a?.close();
    await dropDatabase();
  });

  it('still refuses an ended session once SSO_CACHE_TTL_MS has passed', async () => {
    const roleId = await createRole(a, { alias: 'deaf_role', menuCodes: ['param'] });
    await createUser(a, { account: 'deaf_user', roleId });
    const tokens = await passwordSignIn(a.baseUrl, { account: 'deaf_user', password: TEST_PASSWORD });
    const onDeaf = async () => (await call(deaf.baseUrl, 'GET', PARAM_LIST, { token: tokens.access })).status;
    expect(await onDeaf()).toBe(200);
    expect((await call(a.baseUrl, 'GET', '/api/blade-auth/oauth/logout', { token: tokens.access })).body.code).toBe(200);
    await waitFor(async () => (await onDeaf()) === 401, TTL_MS + 1000, 'the deaf node refusing');
  });
});
