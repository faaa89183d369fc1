import { badRequest, syncMessages as m, readSyncMapping } from '@sso/shared-api';
import type { Kysely, Selectable } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { decryptSecret } from '../../db/secrets.js';
import { live } from '../../kernel/live-rows.js';
import { DINGTALK_API_BASE, dingtalkReader } from './dingtalk-reader.js';
import type { DirectoryReader } from './directory.js';
import { FEISHU_API_BASE, feishuReader } from './feishu-reader.js';
import { fileReader } from './file-reader.js';
import { ldapReader } from './ldap-reader.js';
import type { PlanScope } from './plan.js';
import { WECOM_API_BASE, wecomReader } from './wecom-reader.js';

export type SourceRow = Selectable<Database['blade_sync_source']>;

/** The stored mapping, read leniently (it was checked when saved). */
export const mappingOf = readSyncMapping;

/** `host:port` of an ldap:// or ldaps:// address, as the outbound guard checks it. */
export function ldapTarget(url: string): string {
  const parsed = new URL(url);
  const port = parsed.port || (parsed.protocol.toLowerCase() === 'ldaps:' ? '636' : '389');
  return `${parsed.hostname}:${port}`;
}

/** A live source of the caller's tenant, enabled or not. */
export async function liveSource(db: Kysely<Database>, tenantId: string, id: string): Promise<SourceRow> {
  const source = await db.selectFrom('blade_sync_source').selectAll().where('id', '=', id).$call(live(tenantId)).executeTakeFirst();
  if (!source) throw badRequest(m.say.sourceMissing);
  return source;
}

/** A live source of the caller's tenant, enabled. */
export async function enabledSource(db: Kysely<Database>, tenantId: string, id: string): Promise<SourceRow> {
  const source = await liveSource(db, tenantId, id);
  if (source.status !== 1) throw badRequest(m.say.sourceDisabled);
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

/** Each organisation API's own host, used when the source names no `apiBase`. */
const API_BASES: Record<string, string> = { wecom: WECOM_API_BASE, dingtalk: DINGTALK_API_BASE, feishu: FEISHU_API_BASE };
/** The department whose tree is read when the mapping names none: the whole organisation. */
const WHOLE_ORGANISATION: Record<string, string> = { wecom: '1', dingtalk: '1', feishu: '0' };

/** The reader of a source's kind: LDAP / Active Directory, WeCom, DingTalk, Feishu or an HR file. */
export async function readerFor(ctx: AppContext, source: SourceRow): Promise<DirectoryReader> {
  const mapping = mappingOf(source.mapping);
  if (source.kind === 'file') {
    if (!source.fileData) throw badRequest(m.say.fileMissing);
    return fileReader(ctx.db, source.tenantId, { name: source.fileName ?? '', data: Buffer.from(source.fileData, 'base64') });
  }
  if (source.kind in API_BASES) {
    const secret = await decryptSecret(ctx.db, source.secret);
    if (!secret) throw badRequest(m.say.secretRequired);
    const api = {
      tenantId: source.tenantId,
      base: source.apiBase || (API_BASES[source.kind] as string),
      guard: ctx.outbound,
      secrets: [secret],
      retries: mapping.retries ?? 5,
      retryBaseMs: mapping.retryBaseMs ?? 1000,
    };
    const rootDepartment = mapping.rootDepartment ?? (WHOLE_ORGANISATION[source.kind] as string);
    if (source.kind === 'wecom') {
      if (!source.corpId) throw badRequest(m.say.corpIdRequired);
      return wecomReader(api, {
        corpId: source.corpId,
        secret,
        rootDepartment,
        listing: mapping.userListing,
        departmentListing: mapping.departmentListing,
      });
    }
    if (!source.appKey) throw badRequest(m.say.appKeyRequired);
    if (source.kind === 'dingtalk') return dingtalkReader(api, { appKey: source.appKey, secret, rootDepartment });
    return feishuReader(api, { appId: source.appKey, secret, rootDepartment });
  }
  if (source.kind !== 'ldap') throw badRequest(m.say.kindNotYet);
  if (!source.url) throw badRequest(m.say.urlRequired);
  if (!source.baseDn) throw badRequest(m.say.baseDnRequired);
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
    mapping,
    ruleGroups: await ruleGroupsOf(ctx.db, source),
  });
}

/** The LDAP groups (normalised DNs) the enabled birthright rules of the source, or of every source of the tenant, name. */
async function ruleGroupsOf(db: Kysely<Database>, source: SourceRow): Promise<string[]> {
  const rules = await db
    .selectFrom('blade_sync_rule')
    .select('groupDn')
    .distinct()
    .$call(live(source.tenantId))
    .where('status', '=', 1)
    .where('groupDn', 'is not', null)
    .where((eb) => eb.or([eb('sourceId', 'is', null), eb('sourceId', '=', source.id)]))
    .execute();
  return rules.flatMap((r) => (r.groupDn ? [r.groupDn] : [])).sort();
}
