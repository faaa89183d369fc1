import { sql } from 'kysely';
import type { AppContext } from '../context.js';
import { urlSafeTicket } from '../kernel/url-safe-ticket.js';

/** A request checked at the single sign-on or logout service, waiting for the sign-in page to answer it. */
export interface PendingLogin {
  /** The AuthnRequest's ID (the response's InResponseTo). */
  requestId: string;
  acsUrl: string;
  relayState?: string;
  /** The request said ForceAuthn: only a sign-in made after `requestedAt` (ms) answers it. */
  forceAuthn?: true;
  requestedAt?: number;
}

export interface PendingLogout {
  requestId: string;
  nameId: string;
  /** The sign-on the application is ending (its SessionIndex), when the request names one. */
  sessionIndex?: string;
  relayState?: string;
}

/** A response ready for the browser to post to the application (the HTTP-POST binding's page). */
export interface PendingPost {
  url: string;
  fields: Record<string, string>;
}

export type PendingKind = 'login' | 'logout' | 'post';

/** The sign-in page has this long to answer a request (a sign-in with a code may take a while). */
const PENDING_LIFETIME_MS = 10 * 60_000;

/**
 * Checked requests wait in the database (any node answers them) under a random key the browser
 * carries to the sign-in page; a key is spent by the first answer, and only for its own kind.
 */
export async function keepPending(
  ctx: AppContext,
  kind: PendingKind,
  target: { tenantId: string; appId: string },
  payload: PendingLogin | PendingLogout | PendingPost,
  lifetimeMs = PENDING_LIFETIME_MS,
): Promise<string> {
  const key = urlSafeTicket('SR-');
  const now = new Date();
  await sql`delete from sso_saml_message where expires_at < ${now}`.execute(ctx.db);
  await ctx.db
    .insertInto('sso_saml_message')
    .values({
      id: key,
      kind,
      tenantId: target.tenantId,
      appId: target.appId,
      payload: JSON.stringify(payload),
      expiresAt: new Date(now.getTime() + lifetimeMs),
    })
    .execute();
  return key;
}

/** The pending request of this kind under the key, left waiting (to decide whether to spend it); undefined for an unknown or expired one. */
export async function peekPending<T extends PendingLogin | PendingLogout | PendingPost>(
  ctx: AppContext,
  kind: PendingKind,
  key: string,
): Promise<T | undefined> {
  const row = await ctx.db
    .selectFrom('sso_saml_message')
    .select(['payload', 'expiresAt'])
    .where('id', '=', key)
    .where('kind', '=', kind)
    .executeTakeFirst();
  if (!row || new Date(row.expiresAt).getTime() <= Date.now()) return undefined;
  return JSON.parse(row.payload) as T;
}

/** The pending request of this kind under the key, spent by this call; undefined for an unknown, spent or expired one. */
export async function takePending<T extends PendingLogin | PendingLogout | PendingPost>(
  ctx: AppContext,
  kind: PendingKind,
  key: string,
): Promise<{ tenantId: string; appId: string; payload: T } | undefined> {
  const row = await ctx.db
    .deleteFrom('sso_saml_message')
    .where('id', '=', key)
    .where('kind', '=', kind)
    .returning(['tenantId', 'appId', 'payload', 'expiresAt'])
    .executeTakeFirst();
  if (!row || new Date(row.expiresAt).getTime() <= Date.now()) return undefined;
  return { tenantId: row.tenantId, appId: String(row.appId), payload: JSON.parse(row.payload) as T };
}

/**
 * Accepts an AuthnRequest ID once per service provider: the insert fails for one seen before
 * (by this node or any other, while it could still be valid), so a replayed request is refused.
 */
export async function acceptRequestOnce(
  ctx: AppContext,
  tenantId: string,
  appId: string,
  requestId: string,
  validUntil: Date,
): Promise<boolean> {
  const now = new Date();
  await sql`delete from sso_saml_request_seen where expires_at < ${now}`.execute(ctx.db);
  const inserted = await ctx.db
    .insertInto('sso_saml_request_seen')
    .values({ tenantId, appId, requestId, expiresAt: validUntil })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0;
}
