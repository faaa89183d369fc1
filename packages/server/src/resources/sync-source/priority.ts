import { readSyncMapping, type SyncMapping, type SyncPriorityField } from '@sso/shared-api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** A source's priority for one field: the field's own when the mapping sets one, else the source's (default 0). */
export const priorityOf = (mapping: SyncMapping, field: SyncPriorityField): number =>
  mapping.fieldPriority?.[field] ?? mapping.priority ?? 0;

/** Answers whether another source outranks this one for a field of a local user. */
export type Outranked = (localId: string, field: SyncPriorityField) => boolean;

/**
 * Which source wins a field when several feed the same person: this source leaves a field alone
 * while another enabled source of the tenant, linked to the person (and not marking them gone),
 * has a higher priority for it. Without other enabled sources nothing is outranked (one query).
 */
export async function rivalSources(db: Kysely<Database>, tenantId: string, sourceId: string, mine: SyncMapping): Promise<Outranked> {
  const others = await db
    .selectFrom('blade_sync_source')
    .select(['id', 'mapping'])
    .where('tenantId', '=', tenantId)
    .where('isDeleted', '=', 0)
    .where('status', '=', 1)
    .where('id', '!=', sourceId)
    .execute();
  if (!others.length) return () => false;
  const mappingOf = new Map(others.map((s) => [String(s.id), readSyncMapping(s.mapping)]));
  const links = await db
    .selectFrom('blade_sync_link')
    .select(['sourceId', 'localId'])
    .where('kind', '=', 'user')
    .where('gone', '=', 0)
    .where(
      'sourceId',
      'in',
      others.map((s) => s.id),
    )
    .execute();
  const rivalsOf = new Map<string, SyncMapping[]>();
  for (const link of links) {
    const mapping = mappingOf.get(String(link.sourceId));
    if (mapping) rivalsOf.set(String(link.localId), [...(rivalsOf.get(String(link.localId)) ?? []), mapping]);
  }
  return (localId, field) => (rivalsOf.get(localId) ?? []).some((rival) => priorityOf(rival, field) > priorityOf(mine, field));
}
