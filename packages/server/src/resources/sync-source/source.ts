import { badRequest, syncMessages as m, readSyncMapping } from '@sso/shared-api';
import type { Kysely, Selectable } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { decryptSecret } from '../../db/secrets.js';
import { live } from '../../kernel/live-rows.js';
import type { DirectoryReader } from './directory.js';
import { ldapReader } from './ldap-reader.js';
import type { PlanScope } from './plan.js';

export type SourceRow = Selectable<Database['blade_sync_source']>;

/** The stored mapping, read leniently (it was checked when saved). */
export const mappingOf = readSyncMapping;

/** `host:port` of an ldap:// or ldaps:// address, as the outbound guard checks it. */
export function ldapTarget(url: string): string {
  const parsed = new URL(url);
  const port = parsed.port || (parsed.protocol.toLowerCase() === 'ldaps:' ? '636' : '389');
  return `${parsed.hostname}:${port}`;
}

/** A live source of the caller's tenant, enabled. */
export async function enabledSource(db: Kysely<Database>, tenantId: string, id: string): Promise<SourceRow> {
  const source = await db.selectFrom('blade_sync_source').selectAll().where('id', '=', id).$call(live(tenantId)).executeTakeFirst();
  if (!source) throw badRequest(m.sourceMissing);
  if (source.status !== 1) throw badRequest(m.sourceDisabled);
  return source;
}

export const scopeOf = (source: SourceRow): PlanScope => {
  const mapping = mappingOf(source.mapping);
  return {
    sourceId: source.id,
    tenantId: source.tenantId,
    rootDeptId: mapping.rootDeptId ?? '0',
    ...(mapping.roleId ? { roleId: mapping.roleId } : {}),
  };
};

/** The reader of a source's kind. Only LDAP / Active Directory reads so far; the other kinds are refused clearly. */
export async function readerFor(ctx: AppContext, source: SourceRow): Promise<DirectoryReader> {
  if (source.kind !== 'ldap') throw badRequest(m.kindNotYet);
  if (!source.url) throw badRequest(m.urlRequired);
  if (!source.baseDn) throw badRequest(m.baseDnRequired);
  return ldapReader(ctx.outbound, {
    tenantId: source.tenantId,
    url: source.url,
    bindDn: source.bindDn,
    bindPassword: await decryptSecret(ctx.db, source.bindPassword),
    baseDn: source.baseDn,
    userFilter: source.userFilter,
    groupFilter: source.groupFilter,
    accountAttr: source.accountAttr,
    codeAttr: source.codeAttr,
    mapping: mappingOf(source.mapping),
  });
}
