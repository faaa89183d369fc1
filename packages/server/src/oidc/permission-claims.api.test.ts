import * as client from 'openid-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../api-suite.testkit.js';
import { appAuthzKit } from '../resources/user-authorized/app-authz.testkit.js';
import { frontChannel, grantUser, type RegisteredApp, registerApp, relyingParty, staffMember } from './rp.testkit.js';

/** app_roles and app_functions reach an application's userinfo only when it opted in, and only its own. */
const suite = useTestServer();
const kit = appAuthzKit(suite);
let staff: Awaited<ReturnType<typeof staffMember>>;

async function userinfo(app: RegisteredApp) {
  const config = await relyingParty(suite, app);
  const flow = await frontChannel(suite, config, staff.sdk, { redirectUri: app.redirectUri });
  const tokens = await client.authorizationCodeGrant(config, flow.callback as URL, {
    pkceCodeVerifier: flow.verifier,
    expectedState: flow.state,
  });
  return client.fetchUserInfo(config, tokens.access_token, staff.id);
}

async function appWithRole(over: Record<string, unknown>, alias: string) {
  const app = await registerApp(suite, over);
  await grantUser(suite, app.id, staff.id);
  const menu = await kit.menu(app.id, `${alias}_page`);
  const fn = await kit.fn(app.id, menu, `${alias}:run`);
  await kit.grant(staff.id, await kit.role(app.id, alias, [menu], [fn]));
  return app;
}

beforeAll(async () => {
  staff = await staffMember(suite, 'claims_staff');
});

describe('permission claims', () => {
  it("carries the user's roles and functions in the application that opted in, and only its own", async () => {
    const app = await appWithRole({ permissionClaims: 1 }, 'auditor');
    await appWithRole({ permissionClaims: 1 }, 'elsewhere');
    const info = await userinfo(app);
    expect(info).toMatchObject({ sub: staff.id, app_roles: ['auditor'], app_functions: ['auditor:run'] });
  });

  it('leaves them out for an application that did not opt in', async () => {
    const app = await appWithRole({}, 'quiet');
    const info = await userinfo(app);
    expect(info.sub).toBe(staff.id);
    expect(info).not.toHaveProperty('app_roles');
    expect(info).not.toHaveProperty('app_functions');
  });
});
