import {
  ApiError,
  badRequest,
  type importGrantResult,
  isRealDate,
  appAuthzMessages as m,
  rowMessage,
  type UploadedFile,
} from '@sso/shared-api';
import type { z } from 'zod';
import { appNamesById } from '../../apps/app-lookups.js';
import type { AppContext } from '../../context.js';
import { grantAppRoleOutcome } from '../../domain/app-role-grants.js';
import { readSheet, type SheetLayout } from '../../domain/excel-sheet.js';
import type { Caller } from '../../kernel/caller.js';
import { live } from '../../kernel/live-rows.js';
import { parseExpiry } from './expiry.js';
import { refusedAs, type WithRefusal } from './result-language.js';

type Result = z.output<typeof importGrantResult>;
type Key = 'account' | 'appCode' | 'roleCode' | 'expireTime' | 'reason';

const MAX_ROWS = 5000;
const LAYOUT: SheetLayout<Key> = {
  sheet: '用户授权角色',
  columns: [
    { key: 'account', label: ['账号', 'Account'], width: 20 },
    { key: 'appCode', label: ['应用编码', 'Application code'], width: 20 },
    { key: 'roleCode', label: ['角色编码', 'Role code'], width: 20 },
    { key: 'expireTime', label: ['到期时间', 'Expires'], width: 22 },
    { key: 'reason', label: ['授权原因', 'Reason'], width: 30 },
  ],
  required: ['account', 'appCode', 'roleCode'],
};

/**
 * Grants application roles from an xlsx sheet. Every row is checked first (account, application
 * and role of the caller's tenant, a future expiry): one bad row refuses the file with its row
 * number and nothing is granted. Then each row goes through the one grant path (source `import`),
 * so a row that breaks a separation-of-duties rule is refused and logged while the others are granted.
 */
export async function importRoleGrants(ctx: AppContext, caller: Caller, file: UploadedFile): Promise<Result> {
  const rows = await readSheet(LAYOUT, file.data);
  if (!rows.length) throw badRequest(m.say.importEmpty);
  if (rows.length > MAX_ROWS) throw badRequest(m.say.importTooMany);
  const tenantId = caller.tenant_id;
  const users = new Map(
    (
      await ctx.db
        .selectFrom('blade_user')
        .select(['id', 'account'])
        .where('account', 'in', [...new Set(rows.map((r) => r.values.account))])
        .$call(live(tenantId))
        .execute()
    ).map((u) => [u.account, String(u.id)]),
  );
  const roleRows = await ctx.db.selectFrom('blade_app_role').select(['id', 'appId', 'roleAlias']).$call(live(tenantId)).execute();
  // A role is named by its application's code; roles of a removed application are not there to grant.
  const liveApps = await appNamesById(
    ctx.db,
    roleRows.map((r) => r.appId),
    { removed: 'exclude' },
  );
  const roles = new Map(
    roleRows.flatMap((r) => {
      const app = liveApps.get(String(r.appId));
      return app ? [[`${app.appCode}\n${r.roleAlias}`, { id: String(r.id), appId: String(r.appId) }] as const] : [];
    }),
  );
  const grants = rows.map(({ row, values }) => {
    const userId = users.get(values.account);
    if (!userId) throw badRequest(rowMessage(row, m.say.accountMissing));
    const role = roles.get(`${values.appCode}\n${values.roleCode}`);
    if (!role) throw badRequest(rowMessage(row, m.say.roleMissing));
    const expiresAt = values.expireTime ? (isRealDate(values.expireTime) ? parseExpiry(values.expireTime) : null) : null;
    if (values.expireTime && (!expiresAt || expiresAt.getTime() <= Date.now())) throw badRequest(rowMessage(row, m.say.expireTime));
    if (values.reason.length > 500) throw badRequest(rowMessage(row, m.say.reason));
    return {
      row,
      account: values.account,
      grant: { tenantId, userId, appId: role.appId, appRoleId: role.id, reason: values.reason, source: 'import' as const, expiresAt },
    };
  });
  const results: WithRefusal<Result['results'][number]>[] = [];
  for (const { row, account, grant } of grants) {
    try {
      const outcome = await grantAppRoleOutcome(ctx, grant, caller);
      results.push({ row, account, outcome: outcome === 'unchanged' ? 'unchanged' : 'granted', message: '' });
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== 400) throw error;
      results.push({ row, account, outcome: 'refused', ...refusedAs(error.sayingWithId) });
    }
  }
  const count = (outcome: string) => results.filter((r) => r.outcome === outcome).length;
  return { results, granted: count('granted'), unchanged: count('unchanged'), refused: count('refused') };
}
