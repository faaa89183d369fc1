import * as client from 'openid-client';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestServer } from '../api-suite.testkit.js';
import { createProvider } from './provider.js';
import { frontChannel, grantUser, type RegisteredApp, registerApp, relyingParty, staffMember } from './rp.testkit.js';

/**
 * The provider's clients are cached (every token request looks its client up): a change to the
 * application in the catalogue must count from the very next request, with the client already
 * cached by a request before the change.
 */
const suite = useTestServer();

let staff: Awaited<ReturnType<typeof staffMember>>;

beforeAll(async () => {
  staff = await staffMember(suite, 'oidc_cache_staff');
});

const APP = '/api/blade-aps/app';

/** A client-credentials grant of this code and secret: the token, or the OAuth error code. */
async function clientCredentials(app: Pick<RegisteredApp, 'appCode' | 'secret'>): Promise<string> {
  const config = await relyingParty(suite, app);
  return client.clientCredentialsGrant(config).then(
    (tokens) => (tokens.access_token ? 'token' : 'none'),
    (e: { error?: string; cause?: { parameters?: { error?: string } }[] }) => e.error ?? e.cause?.[0]?.parameters?.error ?? 'unknown',
  );
}

describe('a changed application counts at once for its cached client', () => {
  it('refuses the old secret and accepts the new one right after a secret reset', async () => {
    const app = await registerApp(suite);
    expect(await clientCredentials(app)).toBe('token');
    const reset = (await suite.admin.call('POST', `${APP}/reset-secret`, { id: app.id })) as { clientSecret: string };
    expect(await clientCredentials(app)).toBe('invalid_client');
    expect(await clientCredentials({ appCode: app.appCode, secret: reset.clientSecret })).toBe('token');
  });

  it('knows a renamed application by its new code only', async () => {
    const app = await registerApp(suite);
    expect(await clientCredentials(app)).toBe('token');
    const renamed = `${app.appCode}_new`;
    await suite.admin.call('POST', `${APP}/submit`, undefined, { id: app.id, appCode: renamed });
    expect(await clientCredentials(app)).toBe('invalid_client');
    expect(await clientCredentials({ appCode: renamed, secret: app.secret })).toBe('token');
  });

  it('refuses a disabled application at once, and knows it again once enabled', async () => {
    const app = await registerApp(suite);
    expect(await clientCredentials(app)).toBe('token');
    await suite.admin.call('POST', `${APP}/submit`, undefined, { id: app.id, status: 0 });
    expect(await clientCredentials(app)).toBe('invalid_client');
    await suite.admin.call('POST', `${APP}/submit`, undefined, { id: app.id, status: 1 });
    expect(await clientCredentials(app)).toBe('token');
  });

  it('refuses a redirect URI removed from the application at once, and accepts the one that replaced it', async () => {
    const app = await registerApp(suite);
    await grantUser(suite, app.id, staff.id);
    const config = await relyingParty(suite, app);
    expect((await frontChannel(suite, config, staff.sdk, { redirectUri: app.redirectUri })).callback).toBeDefined();
    const replacement = `${app.redirectUri}/v2`;
    await suite.admin.call('POST', `${APP}/submit`, undefined, { id: app.id, redirectUris: replacement });
    const removed = await frontChannel(suite, config, staff.sdk, { redirectUri: app.redirectUri });
    expect(removed.callback).toBeUndefined();
    expect(removed.failed?.status).toBe(400);
    expect(removed.failed?.text).toContain('redirect_uri did not match any of the client');
    const replaced = await frontChannel(suite, config, staff.sdk, { redirectUri: replacement });
    expect(replaced.callback?.href.startsWith(replacement)).toBe(true);
  });
});

describe("the provider's clients", () => {
  it('are made once per version of the application, and made again when it changes', async () => {
    const app = await registerApp(suite);
    const provider = await createProvider(suite.server.ctx, 'http://localhost/');
    const first = await provider.Client.find(app.appCode);
    expect(first?.clientId).toBe(app.appCode);
    // Found again without the provider's own way (hashing the metadata's JSON on every lookup).
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      for (let i = 0; i < 5; i++) expect(await provider.Client.find(app.appCode)).toBe(first);
      expect(stringify).not.toHaveBeenCalled();
    } finally {
      stringify.mockRestore();
    }
    await suite.admin.call('POST', `${APP}/submit`, undefined, { id: app.id, appName: `${app.appCode} renamed` });
    const changed = await provider.Client.find(app.appCode);
    expect(changed).not.toBe(first);
    expect(changed?.clientName).toBe(`${app.appCode} renamed`);
    expect(await provider.Client.find('no_such_app')).toBeUndefined();
  });
});
