import type { Db } from '../db/database.js';
import { writeTogether } from './group-writes.js';
import { currentBatch } from './write-batch.js';

/** A grant lives at most this long (the provider's Grant lifetime): so does its link. */
export const GRANT_LIFETIME_SECONDS = 14 * 24 * 3600;

/**
 * Records that the platform session `sessionId` made `grantId`. Within a provider request the
 * link waits in the request's write batch and is written by the same statement as the grant
 * itself; outside one it is written at once. Links of expired grants are swept with the provider's
 * other expired rows (see `PURGE` in adapter.ts), not on every sign-on.
 */
export async function linkGrantToSession(db: Db, grantId: string, sessionId: string): Promise<void> {
  const expiresAt = new Date(Date.now() + GRANT_LIFETIME_SECONDS * 1000).toISOString();
  const batch = currentBatch();
  if (batch) return batch.linkGrant([grantId, sessionId, expiresAt]);
  await writeTogether(db, { writes: new Map(), links: [[grantId, sessionId, expiresAt]] });
}

/** The platform sessions that made any of these grants. */
export async function sessionsOfGrants(db: Db, grantIds: readonly string[]): Promise<string[]> {
  if (!grantIds.length) return [];
  const rows = await db
    .selectFrom('sso_oidc_grant_session')
    .select('sessionId')
    .where('grantId', 'in', [...grantIds])
    .execute();
  return [...new Set(rows.map((row) => row.sessionId))];
}

/** The grants these platform sessions made; their links are forgotten (the sessions have ended). */
export async function takeGrantsOfSessions(db: Db, sessionIds: readonly string[]): Promise<Set<string>> {
  if (!sessionIds.length) return new Set();
  const rows = await db
    .deleteFrom('sso_oidc_grant_session')
    .where('sessionId', 'in', [...sessionIds])
    .returning('grantId')
    .execute();
  return new Set(rows.map((row) => row.grantId));
}
