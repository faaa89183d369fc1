import type { sodConflictRow } from '@sso/shared-api';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import type { Db } from '../db/database.js';
import { type GrantActor, writeSodLog } from './grant-log.js';
import { breaches, loadRules, loadSodState } from './sod.js';

type ConflictRow = z.output<typeof sodConflictRow>;

/** The users of the tenant who break this rule now, with the roles of it they hold and how. */
export async function ruleConflicts(db: Db, tenantId: string, ruleId: string): Promise<ConflictRow[]> {
  const [rule] = await loadRules(db, tenantId, ruleId);
  if (!rule) return [];
  const state = await loadSodState(db, tenantId);
  const found: { userId: string; roles: ConflictRow['roles'] }[] = [];
  for (const [userId, held] of state.users) {
    const [breach] = breaches(state, held, [rule]);
    if (breach)
      found.push({
        userId,
        roles: breach.roles.map((role) => {
          const [appName = '', ...rest] = role.label.split('/');
          return { appRoleId: role.id, roleName: rest.join('/') || role.label, appName, via: role.via };
        }),
      });
  }
  if (!found.length) return [];
  const users = await db
    .selectFrom('blade_user')
    .select(['id', 'account', 'realName'])
    .where(
      'id',
      'in',
      found.map((row) => row.userId),
    )
    .where('tenantId', '=', tenantId)
    .where('isDeleted', '=', 0)
    .execute();
  const byId = new Map(users.map((user) => [String(user.id), user]));
  return found
    .filter((row) => byId.has(row.userId))
    .map((row) => ({
      userId: row.userId,
      account: byId.get(row.userId)?.account ?? '',
      realName: byId.get(row.userId)?.realName ?? '',
      roles: row.roles,
    }))
    .sort((a, b) => a.account.localeCompare(b.account));
}

/** Looks for users breaking the rule and logs each as a detected conflict; answers them. */
export async function detectConflicts(ctx: AppContext, tenantId: string, ruleId: string, actor: GrantActor): Promise<ConflictRow[]> {
  const conflicts = await ruleConflicts(ctx.db, tenantId, ruleId);
  const [rule] = await loadRules(ctx.db, tenantId, ruleId);
  if (!rule) return [];
  for (const conflict of conflicts) {
    const names = conflict.roles.map((role) => `${role.appName}/${role.roleName}`);
    await writeSodLog(
      ctx,
      ctx.db,
      {
        tenantId,
        rule,
        userId: conflict.userId,
        account: conflict.account,
        roleNames: names.join(','),
        kind: 'detected',
        source: 'admin',
        message: `${conflict.account}: ${names.join('、')}`,
      },
      actor,
    );
  }
  return conflicts;
}
