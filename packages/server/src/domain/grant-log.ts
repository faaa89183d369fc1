import type { GrantSource } from '@sso/shared-api';
import type { AppContext } from '../context.js';
import type { Db } from '../db/database.js';
import type { Caller } from '../kernel/caller.js';
import type { AuditedResource } from '../logs/security-events.js';
import type { SodRule } from './sod.js';

/** Who grants or revokes: a signed-in caller, or enough of one to name them (the platform's own sweeps pass none). */
export interface GrantActor {
  user_id: string;
  tenant_id: string;
  account?: string;
}

/** The cache of permission answers: every grant change drops it, here and on the other nodes. */
export const PERMISSIONS_CACHE = 'app-permissions';

/** Drops the cached answers made from a grant table after a change to it (on every node, through the bus). */
export function dropGrantCaches(ctx: AppContext, ...tables: string[]): void {
  for (const table of tables) ctx.cache.invalidate(table);
  ctx.cache.invalidate(PERMISSIONS_CACHE);
}

/** One row of the grant log: who (operator), to whom, what, when (the row's time), why, through which path. */
export interface GrantLogEntry {
  tenantId: string;
  userId: string;
  account: string | null;
  appId: string | null;
  action: 'grant' | 'revoke' | 'expire';
  kind: 'role' | 'menu' | 'function';
  targetId: string;
  targetName: string;
  source: GrantSource | 'expiry';
  reason?: string | null;
  requestId?: string | null;
  expireTime?: Date | null;
}

export async function writeGrantLog(ctx: AppContext, trx: Db, entry: GrantLogEntry, actor: GrantActor | undefined): Promise<void> {
  const now = new Date();
  await trx
    .insertInto('blade_user_authorized_log')
    .values({
      id: ctx.ids.next(),
      tenantId: entry.tenantId,
      createUser: actor?.user_id ?? null,
      createTime: now,
      updateTime: now,
      userId: entry.userId,
      account: entry.account,
      appId: entry.appId,
      action: entry.action,
      kind: entry.kind,
      targetId: entry.targetId,
      targetName: entry.targetName.slice(0, 255),
      source: entry.source,
      reason: entry.reason ?? null,
      requestId: entry.requestId ?? null,
      expireTime: entry.expireTime ?? null,
      operatorId: actor?.user_id ?? null,
      operatorAccount: actor?.account ?? null,
    })
    .execute();
  const caller = isCaller(actor) ? actor : undefined;
  await ctx.audit.write(trx, {
    type: `${KIND_RESOURCE[entry.kind]}.${entry.action === 'grant' ? 'create' : 'remove'}`,
    ...(caller ? { actor: caller } : {}),
    tenantId: entry.tenantId,
    targets: [
      { kind: KIND_RESOURCE[entry.kind], id: entry.userId, name: `${entry.account ?? entry.userId}: ${entry.targetName}`.slice(0, 100) },
    ],
    detail: { targetId: entry.targetId, source: entry.source, ...(entry.action === 'expire' ? { expired: true } : {}) },
  });
}

const KIND_RESOURCE: Record<GrantLogEntry['kind'], AuditedResource> = {
  role: 'userauthorizedrole',
  menu: 'userauthorizedmenu',
  function: 'userauthorizedfunction',
};

const isCaller = (actor: GrantActor | undefined): actor is Caller =>
  actor !== undefined && Array.isArray((actor as Partial<Caller>).roleIds) && typeof (actor as Partial<Caller>).role_name === 'string';

/** A separation-of-duties event: a refused grant, a conflict found in place, or one resolved. */
export interface SodLogEntry {
  tenantId: string;
  rule: SodRule;
  userId: string;
  account: string | null;
  roleNames: string;
  kind: 'refused' | 'detected' | 'resolved';
  source: string;
  message: string;
}

/** Written outside the refused change's transaction, so that the refusal stays logged. */
export async function writeSodLog(ctx: AppContext, db: Db, entry: SodLogEntry, actor: GrantActor | undefined): Promise<void> {
  const now = new Date();
  await db
    .insertInto('blade_app_incompatible_log')
    .values({
      id: ctx.ids.next(),
      tenantId: entry.tenantId,
      createUser: actor?.user_id ?? null,
      createTime: now,
      updateTime: now,
      ruleId: entry.rule.id,
      ruleName: entry.rule.ruleName,
      userId: entry.userId,
      account: entry.account,
      appRoleIds: entry.rule.roleIds.join(','),
      roleNames: entry.roleNames.slice(0, 2000),
      kind: entry.kind,
      source: entry.source,
      message: entry.message.slice(0, 1000),
      operatorAccount: actor?.account ?? null,
    })
    .execute();
  ctx.cache.invalidate('blade_app_incompatible_log');
}
