import type { ApiSuite } from '../../api-suite.testkit.js';

type Row = Record<string, unknown>;
let serial = 0;

/**
 * Builds an application's authorization model through the API, as an administrator would: the
 * application, menus and buttons, functions and roles with what they hold.
 */
export function appAuthzKit(suite: ApiSuite, sdk = () => suite.admin) {
  const call = (method: 'GET' | 'POST', path: string, query?: Row, body?: Row) =>
    sdk().call(method, `/api/${path}`, query as never, body) as Promise<never>;
  return {
    call,
    async app(over: Row = {}): Promise<{ id: string; appCode: string; clientSecret: string }> {
      const code = `authz_${process.pid}_${++serial}`;
      const row = (await call('POST', 'blade-aps/app/submit', undefined, {
        appCode: code,
        appName: `应用${serial}`,
        appUrl: 'https://erp.example.com/',
        redirectUris: 'https://erp.example.com/callback',
        protocol: 'oidc',
        status: 1,
        ...over,
      })) as Row;
      return { id: String(row.id), appCode: code, clientSecret: String(row.clientSecret ?? '') };
    },
    async menu(appId: string, code: string, over: Row = {}): Promise<string> {
      const row = (await call('POST', 'blade-aps/appmenu/submit', undefined, {
        appId,
        code,
        name: `菜单${code}`,
        category: 1,
        ...over,
      })) as Row;
      return String(row.id);
    },
    async fn(appId: string, menuId: string, functionCode: string): Promise<string> {
      const row = (await call('POST', 'blade-aps/appmenufunction/submit', undefined, {
        appId,
        menuId,
        functionCode,
        functionName: `功能${functionCode}`,
      })) as Row;
      return String(row.id);
    },
    async role(appId: string, roleAlias: string, menuIds: string[] = [], functionIds: string[] = []): Promise<string> {
      const row = (await call('POST', 'blade-aps/approle/submit', undefined, { appId, roleName: `角色${roleAlias}`, roleAlias })) as Row;
      const id = String(row.id);
      if (menuIds.length) await call('POST', 'blade-aps/approlemenu/grant', undefined, { appRoleId: id, menuIds: menuIds.join(',') });
      if (functionIds.length) await call('POST', 'blade-aps/approlefunction/grant', { appRoleId: id, functionIds: functionIds.join(',') });
      return id;
    },
    grant: (userId: string, appRoleId: string, over: Row = {}) =>
      call('POST', 'blade-aps/userauthorizedrole/submit', undefined, { userId, appRoleId, ...over }) as Promise<Row>,
    rule: (ruleName: string, appRoleIds: string[]) =>
      call('POST', 'blade-abs/appincompatiblerule/submit', undefined, { ruleName, appRoleIds: appRoleIds.join(',') }) as Promise<Row>,
  };
}
