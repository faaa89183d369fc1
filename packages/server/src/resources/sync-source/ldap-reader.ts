import { badRequest, syncMessages as m, type SyncMapping, withDetail } from '@sso/shared-api';
import { type Client, type Entry, InvalidCredentialsError, NoSuchObjectError, ResultCodeError } from 'ldapts';
import {
  baseDnsOf,
  connectLdap,
  DEFAULT_ACCOUNT_ATTR,
  DEFAULT_USER_FILTER,
  firstValue as first,
  stableKey,
} from '../../net/ldap-connection.js';
import type { OutboundGuard } from '../../net/outbound-guard.js';
import type { DirectoryReader, DirectorySnapshot, SourceDept, SourcePerson } from './directory.js';
import { chainMemberships, groupsWay, isActiveDirectory } from './ldap-chain.js';
import { normalDn } from './ldap-dn.js';
import { groupResolver, memberOfResolver, memberOfValues, membersOf } from './ldap-groups.js';
import { keepRuleGroups } from './rule-groups.js';

export { normalDn };

/** The LDAP fields of a source, the bind password already decrypted. */
export interface LdapSettings {
  tenantId: string;
  url: string;
  bindDn: string | null;
  bindPassword: string | undefined;
  baseDn: string;
  userFilter: string | null;
  groupFilter: string | null;
  accountAttr: string | null;
  codeAttr: string | null;
  mapping: SyncMapping;
  /**
   * The groups the birthright rules name (normalised DNs): while there are any, each person's
   * groups are read too, nested groups resolved.
   */
  ruleGroups?: readonly string[];
}

export { baseDnsOf };
export const DEFAULT_GROUP_FILTER = '(objectClass=organizationalUnit)';
/** With `"deptFrom": "group"`: OpenLDAP's groupOfNames / groupOfUniqueNames, Active Directory's groups. */
export const DEFAULT_GROUPS_FILTER = '(|(objectClass=groupOfNames)(objectClass=groupOfUniqueNames)(objectClass=group))';
const PAGE_SIZE = 500;
/** Active Directory's userAccountControl bit of a disabled account. */
const ACCOUNTDISABLE = 2;

/** The DN of the entry above (the part after the first unescaped comma), or null at the top. */
function parentDn(dn: string): string | null {
  for (let i = 0; i < dn.length; i++) {
    if (dn[i] === '\\') i++;
    else if (dn[i] === ',') return dn.slice(i + 1);
  }
  return null;
}

/** Connects where the outbound guard allows, with the source's TLS and timeout choices. */
const connect = (guard: OutboundGuard, settings: LdapSettings) =>
  connectLdap(guard, {
    tenantId: settings.tenantId,
    url: settings.url,
    startTls: settings.mapping.startTls,
    tlsVerify: settings.mapping.tlsVerify,
    timeoutSeconds: settings.mapping.timeoutSeconds,
  });

/** A refusal the tenant can act on, naming the server but never the password. */
function explain(error: unknown, settings: LdapSettings, baseDn?: string): unknown {
  if (error instanceof InvalidCredentialsError) return badRequest(m.say.bindRefused);
  if (error instanceof NoSuchObjectError) return badRequest(baseDn ? withDetail(m.say.searchFailed, baseDn) : m.say.searchFailed);
  if (error instanceof ResultCodeError) return badRequest(withDetail(m.say.searchFailed, error.message));
  const code = (error as { code?: string }).code;
  if (/timed out|timeout/i.test(String((error as Error)?.message))) return badRequest(withDetail(m.say.slow, new URL(settings.url).host));
  if (typeof code === 'string' && /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS_CERT/.test(code)) {
    return badRequest(withDetail(m.say.untrusted, `${new URL(settings.url).host}, ${code}`));
  }
  if (typeof code === 'string' || /timeout|connect|socket|tls|certificate/i.test(String((error as Error)?.message))) {
    const host = new URL(settings.url).host;
    return badRequest(withDetail(m.say.unreachable, code ? `${host}, ${code}` : host));
  }
  return error;
}

/**
 * LDAP / Active Directory: binds, then pages through each base DN for the entries the group
 * filter names (they become departments, nested by their DNs) and for the people the user filter
 * names (each in the department of the nearest such entry above it). Entries are keyed by
 * entryUUID (OpenLDAP and most servers) or objectGUID (Active Directory).
 */
export function ldapReader(guard: OutboundGuard, settings: LdapSettings): DirectoryReader {
  const attr = {
    account: settings.accountAttr ?? DEFAULT_ACCOUNT_ATTR,
    code: settings.codeAttr ?? 'employeeNumber',
    name: settings.mapping.name ?? 'displayName',
    realName: settings.mapping.realName ?? 'cn',
    phone: settings.mapping.phone ?? 'mobile',
    email: settings.mapping.email ?? 'mail',
  };
  const byGroup = settings.mapping.deptFrom === 'group';
  return {
    async probe(): Promise<void> {
      let client: Client | undefined;
      let baseDn: string | undefined;
      try {
        client = await connect(guard, settings);
        if (settings.bindDn) await client.bind(settings.bindDn, settings.bindPassword ?? '');
        // Each base DN must be there: a search of the entry itself, nothing below it.
        for (baseDn of baseDnsOf(settings.baseDn)) await client.search(baseDn, { scope: 'base', attributes: ['1.1'], sizeLimit: 1 });
      } catch (error) {
        throw explain(error, settings, baseDn);
      } finally {
        await client?.unbind().catch(() => undefined);
      }
    },
    async read(): Promise<DirectorySnapshot> {
      let client: Client | undefined;
      let baseDn: string | undefined;
      try {
        client = await connect(guard, settings);
        if (settings.bindDn) await client.bind(settings.bindDn, settings.bindPassword ?? '');
        const deptEntries: Entry[] = [];
        const personEntries: Entry[] = [];
        const groupEntries: Entry[] = [];
        const groupsFrom = settings.mapping.groupsFrom;
        const readGroups = Boolean(settings.ruleGroups?.length);
        // Active Directory (by its root DSE, unless the mapping chooses) resolves the nesting itself.
        const activeDirectory = readGroups && groupsFrom === undefined && (await isActiveDirectory(client));
        const inChain = readGroups && groupsWay(groupsFrom, activeDirectory) === 'chain';
        const askMemberOf = readGroups && !inChain && groupsFrom !== 'member';
        const common = { scope: 'sub' as const, paged: { pageSize: PAGE_SIZE }, explicitBufferAttributes: ['objectGUID'] };
        for (baseDn of baseDnsOf(settings.baseDn)) {
          const groups = await client.search(baseDn, {
            ...common,
            filter: settings.groupFilter ?? (byGroup ? DEFAULT_GROUPS_FILTER : DEFAULT_GROUP_FILTER),
            attributes: ['ou', 'cn', 'name', 'entryUUID', 'objectGUID', ...(byGroup ? ['member', 'uniqueMember'] : [])],
          });
          deptEntries.push(...groups.searchEntries);
          const people = await client.search(baseDn, {
            ...common,
            filter: settings.userFilter ?? DEFAULT_USER_FILTER,
            attributes: [
              'entryUUID',
              'objectGUID',
              'userAccountControl',
              'telephoneNumber',
              ...Object.values(attr),
              ...(askMemberOf ? ['memberOf'] : []),
            ],
          });
          personEntries.push(...people.searchEntries);
        }
        // memberOf on the people (Active Directory; OpenLDAP with its memberof overlay) says their
        // groups at once; only the groups' own memberOf is read then, for the nesting. Otherwise
        // the groups' member lists are read.
        const byMemberOf = askMemberOf && (groupsFrom === 'memberOf' || personEntries.some((e) => memberOfValues(e).length > 0));
        if (inChain) {
          const members = await chainMemberships(
            client,
            {
              baseDns: baseDnsOf(settings.baseDn),
              userFilter: settings.userFilter ?? DEFAULT_USER_FILTER,
              groupDns: settings.ruleGroups ?? [],
              pageSize: PAGE_SIZE,
            },
            normalDn,
          );
          return keepRuleGroups(
            snapshotOf(deptEntries, personEntries, attr, byGroup ? 'group' : 'ou', { by: 'chain', members }),
            settings.ruleGroups ?? [],
          );
        }
        if (readGroups) {
          for (baseDn of baseDnsOf(settings.baseDn)) {
            const memberships = await client.search(baseDn, {
              ...common,
              filter: DEFAULT_GROUPS_FILTER,
              attributes: byMemberOf ? ['memberOf'] : ['member', 'uniqueMember'],
            });
            groupEntries.push(...memberships.searchEntries);
          }
        }
        const groups = readGroups ? { entries: groupEntries, by: byMemberOf ? ('memberOf' as const) : ('member' as const) } : undefined;
        const snapshot = snapshotOf(deptEntries, personEntries, attr, byGroup ? 'group' : 'ou', groups);
        return readGroups ? keepRuleGroups(snapshot, settings.ruleGroups ?? []) : snapshot;
      } catch (error) {
        throw explain(error, settings, baseDn);
      } finally {
        await client?.unbind().catch(() => undefined);
      }
    },
  };
}

/** Departments and people from the entries the searches answered (exported for tests of Active Directory entries). */
export function snapshotOf(
  deptEntries: Entry[],
  personEntries: Entry[],
  attr: Record<string, string>,
  deptFrom: 'ou' | 'group' = 'ou',
  groups?: { entries: Entry[]; by: 'member' | 'memberOf' } | { by: 'chain'; members: Map<string, string[]> },
): DirectorySnapshot {
  const deptByDn = new Map<string, { entry: Entry; key: string }>();
  for (const entry of deptEntries) {
    const key = stableKey(entry);
    if (key) deptByDn.set(normalDn(entry.dn), { entry, key });
  }
  // Groups: a group or person belongs to the first group listing it as a member (member, uniqueMember).
  const groupOf = new Map<string, string>();
  if (deptFrom === 'group') {
    for (const { entry, key } of deptByDn.values()) {
      for (const member of membersOf(entry)) {
        const dn = normalDn(member);
        if (!groupOf.has(dn) && deptByDn.get(dn)?.key !== key) groupOf.set(dn, key);
      }
    }
  }
  const deptAbove = (dn: string): string | null => {
    if (deptFrom === 'group') return groupOf.get(normalDn(dn)) ?? null;
    for (let up = parentDn(dn); up; up = parentDn(up)) {
      const found = deptByDn.get(normalDn(up));
      if (found) return found.key;
    }
    return null;
  };
  const depts: SourceDept[] = [...deptByDn.values()].map(({ entry, key }) => ({
    externalId: key,
    name: first(entry, 'ou') ?? first(entry, 'cn') ?? first(entry, 'name') ?? entry.dn,
    parentExternalId: deptAbove(entry.dn),
  }));
  const groupsOf = !groups
    ? undefined
    : groups.by === 'chain'
      ? (dn: string) => groups.members.get(normalDn(dn)) ?? []
      : groups.by === 'memberOf'
        ? memberOfResolver([...personEntries, ...groups.entries], normalDn)
        : groupResolver(groups.entries, normalDn);
  const people: SourcePerson[] = [];
  for (const entry of personEntries) {
    // An entry without a stable key is kept as an error row of the run, never matched.
    const key = stableKey(entry) ?? '';
    const control = Number(first(entry, 'userAccountControl') ?? 0);
    const realName = first(entry, attr.realName);
    people.push({
      externalId: key,
      origin: entry.dn,
      account: first(entry, attr.account),
      code: first(entry, attr.code),
      realName,
      name: first(entry, attr.name) ?? realName,
      phone: first(entry, attr.phone) ?? first(entry, 'telephoneNumber'),
      email: first(entry, attr.email),
      deptExternalId: deptAbove(entry.dn),
      active: (control & ACCOUNTDISABLE) === 0,
      ...(groupsOf ? { groups: groupsOf(entry.dn) } : {}),
    });
  }
  return { depts, people };
}
