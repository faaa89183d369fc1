import { randomBytes } from 'node:crypto';
import { badRequest, say } from '@sso/shared-api';
import type { AppContext } from '../context.js';
import type { Db } from '../db/database.js';
import type { Caller } from '../kernel/caller.js';
import { hashClientSecret } from '../kernel/client-secret.js';
import { findApp } from './app-lookups.js';

/** What a SCIM bearer token stands for: the application it was minted for, its tenant, and who minted it. */
export interface ScimTokenHolder {
  appId: string;
  appCode: string;
  tenantId: string;
  mintedBy: string;
}

/** Tokens carry a recognisable prefix so that a leaked one is easy to spot in logs and scanners. */
const TOKEN_PREFIX = 'scim_';

/**
 * A new SCIM bearer token for an application of the caller's tenant: answered once, stored only
 * as its hash, and replacing the application's previous token (which stops working at once).
 * A missing application, or one of another tenant, is a 400.
 */
export async function mintScimToken(ctx: AppContext, who: Caller, appId: string) {
  const app = await findApp(ctx.db, who.tenant_id, { id: appId });
  if (!app) throw badRequest(say('recordMissing'));
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = { tenantId: app.tenantId, tokenHash: hashClientSecret(token), createUser: who.user_id, createTime: new Date() };
  await ctx.db
    .insertInto('blade_scim_token')
    .values({ appId: app.id, ...row })
    .onConflict((oc) => oc.column('appId').doUpdateSet(row))
    .execute();
  await ctx.audit.record({ type: 'app.scim-token', actor: who, targets: [{ kind: 'app', id: app.id, name: app.appCode }] });
  return { id: app.id, appCode: app.appCode, token };
}

/**
 * The holder of a presented SCIM token, or undefined when no current token matches (never
 * minted, replaced by a newer one) or its application is no longer live and enabled. The token
 * is high-entropy and looked up by its hash, so the lookup says nothing about near guesses.
 */
export async function scimTokenHolder(db: Db, presented: string): Promise<ScimTokenHolder | undefined> {
  if (!presented.startsWith(TOKEN_PREFIX) || presented.length > 200) return undefined;
  const row = await db
    .selectFrom('blade_scim_token')
    .select(['appId', 'tenantId', 'createUser'])
    .where('tokenHash', '=', hashClientSecret(presented))
    .executeTakeFirst();
  if (!row) return undefined;
  const app = await findApp(db, row.tenantId, { id: String(row.appId) });
  if (!app || app.status !== 1) return undefined;
  return { appId: app.id, appCode: app.appCode, tenantId: app.tenantId, mintedBy: String(row.createUser) };
}
