import { clientMessages as c, zh } from '@sso/shared-api';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bad,
  createTenantWithAdmin,
  failure,
  signInAdmin,
  type TestUser,
  type TrackedClient,
  tableSnapshot,
  trackedClient,
  useTestServer,
} from '../../api-suite.testkit.js';
import { hashClientSecret } from '../../kernel/client-secret.js';
import { clientRuleMessages } from './rules.js';

/** OAuth clients: secrets made by the server and shown once, and sign-in seeing every change at once. */
const suite = useTestServer();
let outsider: TestUser;

beforeAll(async () => {
  outsider = await createTenantWithAdmin(suite.server, '100011');
});

const api = () => suite.admin.system.client;
const snapshot = () => tableSnapshot(suite.server, 'blade_client');
const valid = {
  clientId: 'never_created',
  scope: 'all',
  authorizedGrantTypes: 'password,refresh_token',
  accessTokenValidity: 1800,
  refreshTokenValidity: 86400,
};
let serial = 0;
const newClient = async (over: Record<string, unknown> = {}) => {
  const row = await api().submit({ ...valid, clientId: `app_${++serial}`, ...over });
  return { ...row, clientSecret: (row as Record<string, unknown>).clientSecret as string };
};
/** Signs in as the platform admin through the given client credentials. */
const signInWith = (clientId: string, clientSecret: string): [TrackedClient, Promise<unknown>] => {
  const sdk = trackedClient(suite.server, { clientId, clientSecret });
  return [sdk, sdk.login({ username: 'admin', password: 'admin' })];
};
const BAD_CLIENT = { status: 401, code: 401, msg: zh('badClient') };
const storedSecret = async (id: string) =>
  (await suite.server.ctx.db.selectFrom('blade_client').select('clientSecret').where('id', '=', id).executeTakeFirstOrThrow()).clientSecret;

describe('client secrets', () => {
  it('generates the secret, shows it once, stores only its hash, and signs in with it', async () => {
    const row = await newClient({ clientId: 'erp', accessTokenValidity: '1800' });
    expect(row.clientSecret).toMatch(/^[\w-]{32}$/);
    expect(row).toMatchObject({ clientId: 'erp', scope: 'all', authorizedGrantTypes: 'password,refresh_token', accessTokenValidity: 1800 });
    expect(await storedSecret(row.id)).toBe(hashClientSecret(row.clientSecret));
    const detail = await api().detail(row.id);
    expect(detail).not.toHaveProperty('clientSecret');
    expect((await api().list({ clientId: 'erp' })).records.map((r) => Object.keys(r).includes('clientSecret'))).toEqual([false]);
    expect(await api().submit({ id: row.id, scope: 'server' })).not.toHaveProperty('clientSecret');

    const [sdk, login] = signInWith('erp', row.clientSecret);
    expect(await login).toMatchObject({ client_id: 'erp', expires_in: 1800, scope: 'server' });
    expect((await sdk.refresh()).client_id).toBe('erp');
  });

  it('regenerates a secret: the new one works at once, the old one no longer', async () => {
    const row = await newClient();
    await signInWith(row.clientId, row.clientSecret)[1];
    const renewed = await api().regenerateSecret(undefined, { id: row.id });
    expect(renewed).toEqual({ id: row.id, clientId: row.clientId, clientSecret: expect.stringMatching(/^[\w-]{32}$/) });
    expect(renewed.clientSecret).not.toBe(row.clientSecret);
    const [old, oldLogin] = signInWith(row.clientId, row.clientSecret);
    expect(await failure(old, oldLogin)).toEqual(BAD_CLIENT);
    expect((await signInWith(row.clientId, renewed.clientSecret)[1]) as object).toMatchObject({ client_id: row.clientId });
    expect(await failure(suite.admin, api().regenerateSecret(undefined, { id: '1' }))).toEqual(bad(zh('recordMissing')));
  });

  it('stops sign-in at once when a client is disabled or removed', async () => {
    const row = await newClient();
    await signInWith(row.clientId, row.clientSecret)[1];
    await api().submit({ id: row.id, status: 0 });
    const [a, loginA] = signInWith(row.clientId, row.clientSecret);
    expect(await failure(a, loginA)).toEqual(BAD_CLIENT);
    await api().submit({ id: row.id, status: 1 });
    await signInWith(row.clientId, row.clientSecret)[1];
    await api().remove(row.id);
    const [b, loginB] = signInWith(row.clientId, row.clientSecret);
    expect(await failure(b, loginB)).toEqual(BAD_CLIENT);
  });

  it('allows only the grant types it names', async () => {
    const row = await newClient({ authorizedGrantTypes: ['refresh_token'] });
    expect(row.authorizedGrantTypes).toBe('refresh_token');
    const [sdk, login] = signInWith(row.clientId, row.clientSecret);
    expect(await failure(sdk, login)).toEqual(bad(zh('badGrant')));
  });

  it('refuses to remove, disable, rename or renew the client the caller signed in with', async () => {
    const saber = (await api().list({ clientId: 'saber' })).records[0]!;
    const before = await snapshot();
    const refused = bad(clientRuleMessages.inUse);
    expect(await failure(suite.admin, api().remove(saber.id))).toEqual(refused);
    expect(await failure(suite.admin, api().submit({ id: saber.id, status: 0 }))).toEqual(refused);
    expect(await failure(suite.admin, api().submit({ id: saber.id, clientId: 'saber2' }))).toEqual(refused);
    expect(await failure(suite.admin, api().regenerateSecret(undefined, { id: saber.id }))).toEqual(refused);
    expect(await snapshot()).toEqual(before);
    // Through another client, the same change is allowed.
    const [sword, login] = signInWith('sword', 'sword_secret');
    await login;
    expect((await sword.system.client.submit({ id: saber.id, accessTokenValidity: 3000 })).accessTokenValidity).toBe(3000);
  });
});

describe('client validation', () => {
  it.each([
    ['without clientId', { clientId: undefined }, c.clientId],
    ['with a blank clientId', { clientId: ' ' }, c.clientId],
    ['with a clientId holding a colon', { clientId: 'a:b' }, c.clientIdFormat],
    ['with a clientId taken', { clientId: 'saber' }, c.clientIdTaken],
    ['without scope', { scope: '' }, c.scope],
    ['without grant types', { authorizedGrantTypes: undefined }, c.grantTypes],
    ['with empty grant types', { authorizedGrantTypes: ' , ' }, c.grantTypes],
    ['with an unknown grant type', { authorizedGrantTypes: 'password,implicit' }, c.grantTypeUnknown],
    ['without accessTokenValidity', { accessTokenValidity: undefined }, c.accessTokenValidity],
    ['with accessTokenValidity 0', { accessTokenValidity: 0 }, c.accessTokenValidity],
    ['with accessTokenValidity not a number', { accessTokenValidity: 'soon' }, c.accessTokenValidity],
    ['with refreshTokenValidity -1', { refreshTokenValidity: -1 }, c.refreshTokenValidity],
    ['with status 3', { status: 3 }, c.status],
  ])('refuses an insert %s and changes nothing', async (_name, over, msg) => {
    const before = await snapshot();
    expect(
      await failure(suite.admin, suite.admin.call('POST', '/api/blade-system/client/submit', undefined, { ...valid, ...over })),
    ).toEqual(bad(msg));
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a rename onto a taken clientId', async () => {
    const row = await newClient();
    const before = await snapshot();
    expect(await failure(suite.admin, api().submit({ id: row.id, clientId: 'sword' }))).toEqual(bad(c.clientIdTaken));
    expect(await snapshot()).toEqual(before);
  });

  it('answers in English with Accept-Language: en', async () => {
    const en = await signInAdmin(suite.server, { language: 'en' });
    const submit = (body: unknown) => en.call('POST', '/api/blade-system/client/submit', undefined, body);
    expect(await failure(en, submit({ ...valid, clientId: '' }))).toEqual(bad('Please enter the client id'));
    expect(await failure(en, submit({ ...valid, authorizedGrantTypes: 'implicit' }))).toEqual(
      bad('The grant types must be among: password, refresh_token, authorization_code, captcha, social, sso, phone, client_credentials'),
    );
  });
});

describe('who manages clients', () => {
  it("keeps every client route from other tenants' administrators", async () => {
    const sdk = outsider.sdk;
    const target = (await api().list({ clientId: 'sword' })).records[0]!;
    const before = await snapshot();
    const FORBIDDEN = { status: 403, code: 403, msg: zh('forbidden') };
    expect(await failure(sdk, sdk.system.client.list())).toEqual(FORBIDDEN);
    expect(await failure(sdk, sdk.system.client.detail(target.id))).toEqual(FORBIDDEN);
    expect(await failure(sdk, sdk.system.client.submit({ ...valid, clientId: 'mine' }))).toEqual(FORBIDDEN);
    expect(await failure(sdk, sdk.system.client.remove(target.id))).toEqual(FORBIDDEN);
    expect(await failure(sdk, sdk.system.client.regenerateSecret(undefined, { id: target.id }))).toEqual(FORBIDDEN);
    expect(await snapshot()).toEqual(before);
  });
});
