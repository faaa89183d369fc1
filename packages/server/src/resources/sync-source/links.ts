import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { PlanScope } from './plan.js';

type Db = Kysely<Database>;

export type LinkKind = 'dept' | 'user';

/** A link to write: the source's entry and the local row standing for it (`gone` 1: the entry left, its user was disabled). */
export interface LinkEntry {
  externalId: string;
  localId: string;
  gone: number;
}

/**
 * The source's links of one kind, key → local id, read once per apply: the source's lease keeps
 * any other run of it out meanwhile, and the apply adds what it links as it goes, so no batch
 * reads them again.
 */
export async function linkedIds(db: Db, scope: PlanScope, kind: LinkKind): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('blade_sync_link')
    .select(['externalId', 'localId'])
    .where('sourceId', '=', scope.sourceId)
    .where('kind', '=', kind)
    .execute();
  return new Map(rows.map((r) => [r.externalId, String(r.localId)]));
}

/**
 * Links the entries to their local rows in two statements, whatever their number: a local row
 * stands for one entry of a source, so its older links to other entries go, then each entry's
 * link is written or rewritten (keeping the groups it holds).
 */
export async function writeLinks(
  trx: Db,
  scope: PlanScope,
  kind: LinkKind,
  entries: readonly LinkEntry[],
  { made = false }: { made?: boolean } = {},
): Promise<void> {
  // One row per entry (the last wins): a statement may not write the same link twice.
  const unique = [...new Map(entries.map((e) => [e.externalId, e])).values()];
  if (!unique.length) return;
  // Rows made by this batch (`made`) have no older links to drop.
  if (!made)
    await trx
      .deleteFrom('blade_sync_link')
      .where('sourceId', '=', scope.sourceId)
      .where('kind', '=', kind)
      .where(
        'localId',
        'in',
        unique.map((e) => e.localId),
      )
      .where(
        'externalId',
        'not in',
        unique.map((e) => e.externalId),
      )
      .execute();
  const now = new Date();
  await trx
    .insertInto('blade_sync_link')
    .values(
      unique.map((e) => ({
        sourceId: scope.sourceId,
        kind,
        externalId: e.externalId,
        tenantId: scope.tenantId,
        localId: e.localId,
        gone: e.gone,
        updatedAt: now,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['sourceId', 'kind', 'externalId']).doUpdateSet((eb) => ({
        localId: eb.ref('excluded.localId'),
        gone: eb.ref('excluded.gone'),
        updatedAt: eb.ref('excluded.updatedAt'),
      })),
    )
    .execute();
}
