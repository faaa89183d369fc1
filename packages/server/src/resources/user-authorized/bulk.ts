import { ApiError, badRequest, type bulkGrantBody, type bulkGrantResult, appAuthzMessages as m } from '@sso/shared-api';
import type { z } from 'zod';
import { findApp } from '../../apps/app-lookups.js';
import type { AppContext } from '../../context.js';
import { grantAppRoleOutcome, previewAppRoleGrant, revokeAppRole } from '../../domain/app-role-grants.js';
import type { Caller } from '../../kernel/caller.js';
import { live } from '../../kernel/live-rows.js';
import { parseExpiry } from './expiry.js';
import { refusedAs, type WithRefusal } from './result-language.js';

type Body = z.output<typeof bulkGrantBody>;
type Result = z.output<typeof bulkGrantResult>;
type Row = WithRefusal<Result['results'][number]>;

/**
 * Grants or revokes one application role (named by application and role code) for many accounts,
 * each through the one checked grant path: a refusal of one account (unknown, or breaking a
 * separation-of-duties rule, which is logged) does not stop the others. A dry run answers what
 * would happen and changes nothing.
 */
export async function bulkRoleGrant(ctx: AppContext, caller: Caller, body: Body) {
  await ctx.permissions.require(caller, body.action === 'grant' ? 'userauthorizedrole_add' : 'userauthorizedrole_delete');
  const tenantId = caller.tenant_id;
  const app = await findApp(ctx.db, tenantId, { appCode: body.appCode });
  if (!app) throw badRequest(m.say.appMissing);
  const role = await ctx.db
    .selectFrom('blade_app_role')
    .select('id')
    .where('appId', '=', app.id)
    .where('roleAlias', '=', body.roleCode)
    .$call(live(tenantId))
    .executeTakeFirst();
  if (!role) throw badRequest(m.say.roleMissing);
  const expiresAt = parseExpiry(body.expireTime);
  if (body.action === 'grant' && expiresAt && expiresAt.getTime() <= Date.now()) throw badRequest(m.say.expireTime);
  const users = await ctx.db
    .selectFrom('blade_user')
    .select(['id', 'account'])
    .where('account', 'in', body.accounts)
    .$call(live(tenantId))
    .execute();
  const byAccount = new Map(users.map((user) => [user.account, String(user.id)]));
  const held = new Set(
    (
      await ctx.db
        .selectFrom('blade_user_authorized_role')
        .select('userId')
        .where('appRoleId', '=', role.id)
        .$call(live(tenantId))
        .execute()
    ).map((row) => String(row.userId)),
  );
  const source = body.source ?? 'admin';
  const dryRun = body.dryRun === true;
  const results: Row[] = [];
  for (const account of body.accounts) {
    const userId = byAccount.get(account);
    if (!userId) {
      results.push({ account, outcome: 'refused', ...refusedAs(m.say.accountMissing) });
      continue;
    }
    const grant = { tenantId, userId, appId: app.id, appRoleId: String(role.id), reason: body.reason ?? '', source, expiresAt };
    try {
      if (body.action === 'revoke') {
        const revoked = dryRun ? held.has(userId) : await revokeAppRole(ctx, { ...grant }, caller);
        results.push({ account, outcome: revoked ? 'revoked' : 'unchanged', message: '' });
      } else if (dryRun) {
        const preview = await previewAppRoleGrant(ctx, grant);
        results.push(
          typeof preview === 'string'
            ? { account, outcome: preview === 'granted' ? 'granted' : 'unchanged', message: '' }
            : { account, outcome: 'refused', ...refusedAs(preview.refused) },
        );
      } else {
        const outcome = await grantAppRoleOutcome(ctx, grant, caller);
        results.push({ account, outcome: outcome === 'unchanged' ? 'unchanged' : 'granted', message: '' });
      }
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== 400) throw error;
      results.push({ account, outcome: 'refused', ...refusedAs(error.sayingWithId) });
    }
  }
  const count = (outcome: Row['outcome']) => results.filter((row) => row.outcome === outcome).length;
  return {
    results,
    granted: count('granted'),
    revoked: count('revoked'),
    unchanged: count('unchanged'),
    refused: count('refused'),
    dryRun,
  };
}
