import type { TestServer } from '@sso/server/testing';
import { md5 } from '@sso/shared-api';
import type { Page } from 'playwright-core';
import { button } from '../e2e/steps.testkit.js';

/** A person with an account on the platform and a password that needs no change. */
export interface Person {
  account: string;
  password: string;
  /** At most 10 characters, as the user form allows. */
  realName: string;
}

/** The platform as the suite's administrator sees it: the API, signed in. */
export interface PlatformAdmin {
  post(path: string, body: Record<string, unknown>): Promise<Record<string, string>>;
  /** Creates an application (oidc or cas) and answers its id and, for oidc, its client secret (answered once). */
  addApplication(fields: ApplicationFields): Promise<{ id: string; clientSecret: string }>;
  /** Creates the person with a role of that alias (the role is created on first use); answers the user id. */
  addPerson(person: Person, roleAlias: string): Promise<string>;
  grant(appId: string, userId: string): Promise<void>;
}

export interface ApplicationFields {
  appCode: string;
  appName: string;
  protocol: 'oidc' | 'cas';
  appUrl: string;
  redirectUris: readonly string[];
  backchannelLogoutUri?: string;
}

/** The seeded administrator of a test server (admin/admin, no forced password change). */
export async function platformAdmin(server: TestServer): Promise<PlatformAdmin> {
  const admin = await server.admin();
  const post = (path: string, body: Record<string, unknown>) =>
    admin.call('POST', path, undefined, body) as Promise<Record<string, string>>;
  const roles = new Map<string, string>();
  const roleId = async (alias: string) => {
    if (!roles.has(alias)) {
      await admin.system.role.submit({ roleName: alias, roleAlias: alias, parentId: '0', sort: 1 });
      const role = await server.ctx.db.selectFrom('blade_role').select('id').where('roleAlias', '=', alias).executeTakeFirstOrThrow();
      roles.set(alias, role.id);
    }
    return roles.get(alias) ?? '';
  };
  return {
    post,
    addApplication: async (fields) => {
      const app = await post('/api/blade-aps/app/submit', {
        ...fields,
        redirectUris: fields.redirectUris.join(','),
        appType: '1',
        appCategory: '1',
        status: 1,
      });
      return { id: String(app.id), clientSecret: app.clientSecret ?? '' };
    },
    addPerson: async (person, roleAlias) => {
      await admin.user.user.submit({
        account: person.account,
        name: person.realName,
        realName: person.realName,
        userType: 1,
        sex: 1,
        roleId: await roleId(roleAlias),
        deptId: admin.session?.token.dept_id ?? '',
      });
      const user = await server.ctx.db
        .selectFrom('blade_user')
        .select('id')
        .where('account', '=', person.account)
        .executeTakeFirstOrThrow();
      // The password is set and needs no change, so that a sign-in goes straight on to the application.
      await server.ctx.db
        .updateTable('blade_user')
        .set({ password: await server.ctx.passwords.hashDigest(md5(person.password)), mustChangePassword: 0 })
        .where('id', '=', user.id)
        .execute();
      return user.id;
    },
    grant: async (appId, userId) => {
      await post('/api/blade-aps/appuser/submit', { appId, userId });
    },
  };
}

/** Types the person's account and password into the platform's sign-in page showing in `page`, and sends it. */
export async function signInOnPlatformPage(page: Page, person: Person): Promise<void> {
  // The form once it has the server's sign-in options (a captcha, the tenant field): a click
  // before that could send a form those options are about to change.
  await page.locator('.login-panel[data-ready="true"]').waitFor();
  await page.getByLabel('账号').fill(person.account);
  await page.getByLabel('密码').fill(person.password);
  await button(page, '登录').click();
}

/** The platform's own access token kept by the sign-in page of this browser (its cookie), if any. */
export async function platformToken(page: Page, baseUrl: string): Promise<string | undefined> {
  const cookies = await page.context().cookies(baseUrl);
  return cookies.find((cookie) => cookie.name === 'sso-access-token')?.value;
}

/** The status the platform API answers for who a token belongs to (200 while its session lives). */
export async function userInfoStatus(server: TestServer, token: string): Promise<number> {
  const response = await fetch(`${server.baseUrl}/api/blade-auth/oauth/user-info`, { headers: { 'Blade-Auth': `bearer ${token}` } });
  return response.status;
}
