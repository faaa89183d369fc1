import { badRequest, casServiceTaken, parseRegisteredRedirectUri, splitRedirectUris } from '@sso/shared-api';
import type { Db } from '../db/database.js';
import { live } from '../kernel/live-rows.js';

/**
 * What a registered URI covers, compared without the parts the redirect check ignores: scheme,
 * host and port (default ports dropped) and the path without trailing `/`; not the query.
 */
function coveredAddress(entry: string): string | undefined {
  const url = parseRegisteredRedirectUri(entry);
  return url ? `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}` : undefined;
}

/**
 * A CAS service names no application, so within a tenant one service address belongs to one
 * enabled cas application: saving an enabled cas application whose redirect URI (service
 * address) another enabled cas application of the tenant registered is refused, naming that one.
 * Nested addresses are allowed (the longest registered one answers, see appForAddress).
 */
export async function refuseTakenCasService(db: Db, app: Record<string, unknown>, tenantId: string): Promise<void> {
  if (app.protocol !== 'cas' || Number(app.status ?? 1) !== 1) return;
  const mine = new Map<string, string>();
  for (const entry of splitRedirectUris(app.redirectUris as string | null)) {
    const covered = coveredAddress(entry);
    if (covered) mine.set(covered, entry);
  }
  if (!mine.size) return;
  let others = db
    .selectFrom('blade_app')
    .select(['id', 'appCode', 'appName', 'redirectUris'])
    .where('protocol', '=', 'cas')
    .where('status', '=', 1)
    .$call(live(tenantId));
  if (app.id) others = others.where('id', '<>', String(app.id));
  for (const other of await others.orderBy('id').execute()) {
    for (const entry of splitRedirectUris(other.redirectUris)) {
      const taken = mine.get(coveredAddress(entry) ?? '');
      if (taken) throw badRequest(casServiceTaken(taken, other.appName, other.appCode));
    }
  }
}

/**
 * Of these applications, those that take CAS logout requests (`casSingleLogout` 1, the default);
 * removed ones take none.
 */
export async function appsTakingCasLogout(db: Db, appIds: readonly string[]): Promise<Set<string>> {
  const rows = await db
    .selectFrom('blade_app')
    .select('id')
    .where('id', 'in', [...new Set(appIds)])
    .where('casSingleLogout', '=', 1)
    .$call(live())
    .execute();
  return new Set(rows.map((row) => String(row.id)));
}
