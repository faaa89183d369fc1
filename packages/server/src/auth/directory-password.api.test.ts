import {
  AuthClient,
  accountLockedFor,
  directoryPasswordMessages as dm,
  INIT_PASSWORD_DONE,
  md5,
  type SsoClient,
  toBase64,
  zh,
} from '@sso/shared-api';
import { undiciTransport } from '@sso/shared-api/node';
import { Attribute, Change } from 'ldapts';
import { sm2 } from 'sm-crypto';
import { request } from 'undici';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUserWithRole, TEST_PASSWORD, type TestUser, trackedClient, useTestServer } from '../api-suite.testkit.js';
import { escapeFilterValue } from '../net/ldap-connection.js';
import { ldifOf, type Person, personDn } from '../resources/sync-source/slapd.testkit.js';
import { ldapSource, syncKit, useSlapd } from '../resources/sync-source/sync.testkit.js';
import { administratorRole } from '../resources/user/users.testkit.js';

/**
 * Signing in with the directory password against a real OpenLDAP server: people synced from an
 * LDAP source prove their password by a bind as their own entry, through the ordinary password
 * grant, when the client sends the password sealed with the platform's SM2 key (the platform's
 * sign-in page, the SDK's loginSealed, SpringBlade clients). A digest-only client is told where to
 * sign in; wrong passwords count towards the platform's lockout; a directory that cannot be
 * reached refuses without counting; a source set to `directoryPassword: false` leaves the
 * platform password in charge; an account that is not synced keeps its platform password.
 */
const suite = useTestServer({ SSO_TRUST_PROXY: 'true' });
const SABER = `Basic ${toBase64('saber:saber_secret')}`;
const DIRECTORY_PASSWORD = 'Dir-Secret-77';
const PEOPLE: Person[] = ['alice', 'bob', 'carol', 'dave'].map((uid, i) => ({
  uid,
  cn: `Person ${uid}`,
  employeeNumber: `D${100 + i}`,
  mail: `${uid}@example.com`,
  mobile: `1390000000${i}`,
  ou: ['Staff'],
  userPassword: `${DIRECTORY_PASSWORD}-${uid}`,
}));
const passwordOf = (uid: string) => `${DIRECTORY_PASSWORD}-${uid}`;

const slapd = useSlapd(ldifOf([{ path: ['Staff'] }], PEOPLE), { skips: 'the directory-password sign-in cases are skipped' });
const { skipped } = slapd;
const { save } = syncKit(suite);

let admin: SsoClient;
let sourceId: string;
let publicKey = '';
let ipCounter = 1;
/** Each scenario signs in from its own address (the server trusts X-Forwarded-For here). */
const freshIp = () => `10.44.0.${ipCounter++}`;
const seal = (password: string) => `04${sm2.doEncrypt(password, publicKey, 1)}`;

type TokenAnswer = { access_token?: string; account?: string; error_code?: number; error_description?: string };

async function oauthToken(username: string, password: string, ip = freshIp()) {
  const query = new URLSearchParams({ grant_type: 'password', scope: 'all', tenantId: '000000', username, password });
  const response = await request(`${suite.server.baseUrl}/api/blade-auth/oauth/token?${query}`, {
    method: 'POST',
    headers: { authorization: SABER, 'x-forwarded-for': ip },
  });
  return { status: response.statusCode, body: (await response.body.json()) as TokenAnswer };
}

const source = () => admin.system.syncSource;

beforeAll(async () => {
  const operator: TestUser = await createUserWithRole(suite.server, { account: 'dir_operator', administrator: true });
  admin = operator.sdk;
  const key = await request(`${suite.server.baseUrl}/api/blade-auth/sm2/public-key`);
  publicKey = String(((await key.body.json()) as { data: string }).data);
  // Two failures from one address lock the account there (the platform's rule, whatever checked the password).
  const failCount = (await admin.system.param.list({ paramKey: 'account.failCount' })).records[0];
  if (failCount) await admin.system.param.submit({ id: failCount.id, paramValue: '2' });
  if (skipped) return;
  const mapping = JSON.stringify({ roleId: await administratorRole(suite.server) });
  sourceId = await save(ldapSource(slapd, { name: 'Staff directory', mapping }), admin);
  const applied = await source().apply(undefined, { id: sourceId });
  expect(applied.creates).toBeGreaterThanOrEqual(PEOPLE.length);
});

describe('signing in with the directory password', () => {
  it.skipIf(skipped)(
    'binds as the person: the sealed directory password signs in, through the OAuth and the SpringBlade grants',
    async () => {
      const answer = await oauthToken('alice', seal(passwordOf('alice')));
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ account: 'alice' });
      expect(answer.body.access_token).toBeTruthy();

      const blade = await request(
        `${suite.server.baseUrl}/api/blade-auth/token?${new URLSearchParams({ tenantId: '000000', grantType: 'password', account: 'bob', password: sm2.doEncrypt(passwordOf('bob'), publicKey, 0) })}`,
        { method: 'POST', headers: { authorization: SABER, 'x-forwarded-for': freshIp() } },
      );
      expect(blade.statusCode).toBe(200);
      expect(await blade.body.json()).toMatchObject({ success: true, data: { account: 'bob' } });
    },
  );

  it.skipIf(skipped)('signs in through the SDK the web, CLI and terminal console use', async () => {
    const client = new AuthClient({ baseUrl: suite.server.baseUrl, transport: undiciTransport() });
    const token = await client.loginSealed({ username: 'carol', password: passwordOf('carol') }, (plain, key) =>
      sm2.doEncrypt(plain, key, 1),
    );
    expect(token.account).toBe('carol');
    // Nothing to change first: the platform never asked for this password.
    expect(token.is_init_password).toBe(INIT_PASSWORD_DONE);
  });

  it.skipIf(skipped)('refuses to change a directory password in the platform', async () => {
    const me = trackedClient(suite.server);
    await me.loginSealed({ username: 'carol', password: passwordOf('carol') }, (plain, key) => sm2.doEncrypt(plain, key, 1));
    const change = me.user.user.updatePassword(undefined, {
      oldPassword: md5(passwordOf('carol')),
      newPassword: md5('New#pass123'),
      newPassword1: md5('New#pass123'),
      passwordBase64: toBase64('New#pass123'),
    });
    await expect(change).rejects.toThrow(dm.changeInDirectory);
    expect(me.lastStatus()).toBe(400);
  });

  it.skipIf(skipped)('refuses a wrong password (and another person’s), counting it towards the lock', async () => {
    const ip = freshIp();
    expect((await oauthToken('dave', seal('not-the-password'), ip)).body.error_description).toBe(zh('badCredentials'));
    expect((await oauthToken('dave', seal(passwordOf('alice')), ip)).body.error_description).toBe(zh('badCredentials'));
    // Locked at this address now, even with the right password.
    const locked = await oauthToken('dave', seal(passwordOf('dave')), ip);
    expect(locked).toMatchObject({ status: 400, body: { error_description: accountLockedFor(30).text } });
    // Elsewhere the right password still works.
    expect((await oauthToken('dave', seal(passwordOf('dave')))).status).toBe(200);
  });

  it.skipIf(skipped)('never binds with an empty password (a directory would take it as an anonymous bind)', async () => {
    const answer = await oauthToken('alice', seal(''));
    expect(answer.status).toBe(400);
    expect(answer.body.access_token).toBeUndefined();
  });

  it.skipIf(skipped)('tells a client sending only the md5 digest where a directory user signs in, and counts nothing', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++) {
      const answer = await oauthToken('alice', md5(passwordOf('alice')), ip);
      expect(answer).toMatchObject({ status: 400, body: { error_description: dm.sealedPasswordNeeded } });
    }
    expect((await oauthToken('alice', seal(passwordOf('alice')), ip)).status).toBe(200);
  });

  it.skipIf(skipped)('follows a password changed in the directory; the remembered outcome is only for the same password', async () => {
    expect((await oauthToken('bob', seal(passwordOf('bob')))).status).toBe(200);
    await slapd.ldap.modify(personDn(PEOPLE[1]), [
      new Change({ operation: 'replace', modification: new Attribute({ type: 'userPassword', values: ['Changed-Secret-1'] }) }),
    ]);
    expect((await oauthToken('bob', seal('Changed-Secret-1'))).status).toBe(200);
    expect((await oauthToken('bob', seal('Another-Secret-2'))).body.error_description).toBe(zh('badCredentials'));
  });

  it.skipIf(skipped)('answers that the directory cannot be reached, without counting a failure', async () => {
    await source().submit({ id: sourceId, url: 'ldap://127.0.0.1:1' } as never);
    try {
      const ip = freshIp();
      for (let i = 0; i < 3; i++) {
        const answer = await oauthToken('carol', seal(`${passwordOf('carol')}-${i}`), ip);
        expect(answer).toMatchObject({ status: 503, body: { error_description: dm.directoryUnreachable } });
      }
    } finally {
      await source().submit({ id: sourceId, url: slapd.url } as never);
    }
    expect((await oauthToken('carol', seal(passwordOf('carol')))).status).toBe(200);
  });

  it.skipIf(skipped)('leaves the platform password in charge when the source says directoryPassword: false', async () => {
    const detail = (await source().detail(sourceId)) as { mapping: string };
    await source().submit({ id: sourceId, mapping: JSON.stringify({ ...JSON.parse(detail.mapping), directoryPassword: false }) } as never);
    try {
      expect((await oauthToken('alice', seal(passwordOf('alice')))).body.error_description).toBe(zh('badCredentials'));
    } finally {
      await source().submit({ id: sourceId, mapping: detail.mapping } as never);
    }
    expect((await oauthToken('alice', seal(passwordOf('alice')))).status).toBe(200);
  });

  it('keeps the platform password for accounts not synced from a directory, sealed or digested', async () => {
    await createUserWithRole(suite.server, { account: 'local_only', menuCodes: [] });
    expect((await oauthToken('local_only', md5(TEST_PASSWORD))).status).toBe(200);
    expect((await oauthToken('local_only', seal(TEST_PASSWORD))).status).toBe(200);
    expect((await oauthToken('local_only', seal(md5(TEST_PASSWORD)))).status).toBe(200);
    expect((await oauthToken('local_only', seal('Wrong@0000'))).body.error_description).toBe(zh('badCredentials'));
  });

  it('escapes what it puts in a directory filter, so an account cannot widen the search', () => {
    expect(escapeFilterValue('*)(uid=*')).toBe('\\2a\\29\\28uid=\\2a');
    expect(escapeFilterValue('a\\b\0')).toBe('a\\5cb\\00');
    expect(escapeFilterValue('张三.li-ok')).toBe('张三.li-ok');
  });
});
