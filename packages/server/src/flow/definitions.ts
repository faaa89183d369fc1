import { badRequest, flowMessages as m } from '@sso/shared-api';
import type { Db } from '../db/database.js';
import type { UserTaskSpec } from '../db/schema-workflow.js';

/** A process definition as a step needs it (its XML is read only when the engine needs it). */
export interface DefinitionInfo {
  id: string;
  tenantId: string;
  key: string;
  name: string;
  category: string;
  version: number;
  suspensionState: number;
  userTasks: UserTaskSpec[];
  initiator: string | null;
}

/** Parsed JSON, whichever way the driver answers jsonb (PGlite and pg parse it; text is parsed here). */
export const json = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

/**
 * A definition the caller's tenant may use: its own or a common one (tenant ''). The definition's
 * XML never changes once deployed, so it is kept in memory by id once read.
 */
export async function definitionFor(db: Db, tenantId: string, id: string): Promise<DefinitionInfo> {
  const row = await db
    .selectFrom('blade_flow_definition')
    .select(['id', 'tenantId', 'key', 'name', 'category', 'version', 'suspensionState', 'userTasks', 'initiator'])
    .where('id', '=', id)
    .where('tenantId', 'in', ['', tenantId])
    .executeTakeFirst();
  if (!row) throw badRequest(m.say.processMissing);
  return { ...row, userTasks: json<UserTaskSpec[]>(row.userTasks) };
}

const xmlCache = new Map<string, string>();
export async function definitionXml(db: Db, id: string): Promise<string> {
  const known = xmlCache.get(id);
  if (known) return known;
  const row = await db.selectFrom('blade_flow_definition').select('xml').where('id', '=', id).executeTakeFirstOrThrow();
  if (xmlCache.size > 200) xmlCache.clear();
  xmlCache.set(id, row.xml);
  return row.xml;
}

/** Forgets the definitions' XML read so far, as a node that has just started knows none. */
export function forgetDefinitionXml(): void {
  xmlCache.clear();
}
