import { DEFAULT_TENANT_ID, INIT_PASSWORD_DONE, userMessages as m, zh } from '@sso/shared-api';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bad,
  createTenantWithAdmin,
  failure,
  type TestUser,
  type TrackedClient,
  tableSnapshot,
  trackedClient,
  useTestServer,
} from '../../api-suite.testkit.js';
import { issueRegistrationTicket } from '../../social/registration-ticket.js';
import { liveUserCount, STRONG, setQuota, storedUser } from './users.testkit.js';

/** register-guest (public) and its approval: audit-pass / audit-refuse. */
const suite = useTestServer();
let guest: TrackedClient;
let tenantB: TestUser;

beforeAll(async () => {
  guest = trackedClient(suite.server);
  tenantB = await createTenantWithAdmin(suite.server, '300001');
});

const form = (account: string, extra: Record<string, unknown> = {}) => ({
  tenantId: DEFAULT_TENANT_ID,
  account,
  name: `${account}昵称`,
  password: STRONG,
  password2: STRONG,
  ...extra,
});
const register = (body: ReturnType<typeof form>) => guest.user.user.registerGuest(body as never);
const login = (account: string, tenantId = DEFAULT_TENANT_ID) =>
  suite.server.client().login({ username: account, password: STRONG, tenantId });

describe('register-guest', () => {
  it('creates a pending account that signs in only once approved', async () => {
    expect(await register(form('guest_ok'))).toBe(true);
    const stored = await storedUser(suite.server, 'guest_ok');
    expect(stored).toMatchObject({ status: 2, name: 'guest_ok昵称', realName: 'guest_ok昵称', roleId: null, mustChangePassword: 0 });
    await expect(login('guest_ok')).rejects.toThrow(zh('accountPending'));
    const listed = await suite.admin.user.user.page({ account: 'guest_ok' });
    expect(listed.records.map((r) => [r.account, r.status])).toEqual([['guest_ok', 2]]);
    expect(await suite.admin.user.user.auditPass(undefined, { userIds: stored.id })).toBe(true);
    expect((await login('guest_ok')).is_init_password).toBe(INIT_PASSWORD_DONE);
    expect(await failure(suite.admin, suite.admin.user.user.auditPass(undefined, { userIds: stored.id }))).toEqual(bad(m.notPending));
  });

  it('removes a refused registration, which frees the account name', async () => {
    await register(form('guest_no'));
    const stored = await storedUser(suite.server, 'guest_no');
    expect(await suite.admin.user.user.auditRefuse(undefined, { userIds: stored.id })).toBe(true);
    expect((await storedUser(suite.server, 'guest_no')).isDeleted).toBe(1);
    await expect(login('guest_no')).rejects.toThrow(zh('badCredentials'));
    expect(await register(form('guest_no'))).toBe(true);
  });

  it("registers into the tenant named in the form, seen only by that tenant's administrator", async () => {
    await register(form('guest_b', { tenantId: tenantB.tenantId }));
    expect((await suite.admin.user.user.page({ account: 'guest_b' })).total).toBe(0);
    const inB = await tenantB.sdk.user.user.page({ account: 'guest_b' });
    expect(inB.records.map((r) => r.tenantId)).toEqual([tenantB.tenantId]);
    expect(await failure(suite.admin, suite.admin.user.user.auditPass(undefined, { userIds: inB.records[0].id }))).toEqual(
      bad(zh('recordMissing')),
    );
    await tenantB.sdk.user.user.auditPass(undefined, { userIds: inB.records[0].id });
    await login('guest_b', tenantB.tenantId);
  });

  it('binds a third-party sign-in given by oauthId and the ticket its sign-in handed out', async () => {
    const oauthId = suite.server.ctx.ids.next();
    await suite.server.ctx.db
      .insertInto('blade_user_oauth')
      .values({ id: oauthId, tenantId: DEFAULT_TENANT_ID, uuid: 'gh-1', source: 'github', avatar: 'https://example.com/a.png' })
      .execute();
    const oauthTicket = await issueRegistrationTicket(suite.server.ctx, { tenantId: DEFAULT_TENANT_ID, providerId: '1', oauthId });
    // The id alone does not bind: only whoever signed in with the identity holds its ticket.
    expect(await failure(guest, register(form('guest_oauth', { oauthId })))).toEqual(bad(m.oauthMissing));
    await register(form('guest_oauth', { oauthId, oauthTicket }));
    const stored = await storedUser(suite.server, 'guest_oauth');
    expect(stored.avatar).toBe('https://example.com/a.png');
    const oauth = await suite.server.ctx.db
      .selectFrom('blade_user_oauth')
      .select('userId')
      .where('id', '=', oauthId)
      .executeTakeFirstOrThrow();
    expect(oauth.userId).toBe(stored.id);
    // A binding is used once.
    expect(await failure(guest, register(form('guest_oauth2', { oauthId, oauthTicket })))).toEqual(bad(m.oauthMissing));
  });

  const cases: [string, Record<string, unknown>, string][] = [
    ['without tenant', { tenantId: '' }, m.tenantId],
    ['for an unknown tenant', { tenantId: '999999' }, zh('tenantMissing')],
    ['without account', { account: '' }, m.registerAccount],
    ['without password', { password: '', password2: '' }, m.password],
    ['with different passwords', { password2: 'Abc@99999' }, m.passwordMismatch],
    ['with a weak password', { password: 'abc', password2: 'abc' }, zh('passwordRule')],
    ['for an account that exists', { account: 'admin' }, m.accountTaken],
    ['with an unknown oauthId', { oauthId: '123456' }, m.oauthMissing],
  ];
  it.each(cases)('refuses a registration %s, writing nothing', async (_label, change, message) => {
    const before = await tableSnapshot(suite.server, 'blade_user');
    expect(await failure(guest, register(form('guest_bad', change)))).toEqual(bad(message));
    expect(await tableSnapshot(suite.server, 'blade_user')).toEqual(before);
  });

  it('is refused when registration is switched off, and within the quota', async () => {
    const param = () => suite.server.ctx.db.updateTable('blade_param').where('paramKey', '=', 'user.registerEnabled');
    await param().set({ paramValue: 'false' }).execute();
    suite.server.ctx.cache.invalidate('blade_param');
    try {
      expect(await failure(guest, register(form('guest_closed')))).toEqual(bad(m.registerClosed));
    } finally {
      await param().set({ paramValue: 'true' }).execute();
      suite.server.ctx.cache.invalidate('blade_param');
    }
    await setQuota(suite.server, DEFAULT_TENANT_ID, await liveUserCount(suite.server));
    try {
      expect(await failure(guest, register(form('guest_quota')))).toEqual(bad('租户账号额度已用完，无法新增用户'));
    } finally {
      await setQuota(suite.server, DEFAULT_TENANT_ID, -1);
    }
    expect(await register(form('guest_quota'))).toBe(true);
  });
});
