import type { SyncMapping } from '@sso/shared-api';
import type { Client, Entry } from 'ldapts';
import { escapeFilterValue } from '../../net/ldap-connection.js';

/**
 * Active Directory resolves nested groups itself: LDAP_MATCHING_RULE_IN_CHAIN compares
 * `memberOf` through every level of nesting, so one search answers everyone in a group directly
 * or through groups inside it, wherever in the domain those groups sit. OpenLDAP does not know the
 * rule (the filter matches nobody there), so for it the sync reads the groups and resolves the
 * nesting itself (ldap-groups.ts).
 */

/** LDAP_MATCHING_RULE_IN_CHAIN. */
export const IN_CHAIN_RULE = '1.2.840.113556.1.4.1941';
/** LDAP_CAP_ACTIVE_DIRECTORY_OID: the root DSE of Active Directory (and of AD LDS) lists it in supportedCapabilities. */
export const AD_CAPABILITY = '1.2.840.113556.1.4.800';

/** The people of the user filter in the group, directly or through nested groups (Active Directory only); the DN escaped for the filter. */
export const inChainFilter = (userFilter: string, groupDn: string) =>
  `(&${userFilter}(memberOf:${IN_CHAIN_RULE}:=${escapeFilterValue(groupDn)}))`;

/** The values of an attribute named in any case, as text. */
const valuesOf = (entry: Entry, name: string): string[] => {
  const found = entry[Object.keys(entry).find((k) => k.toLowerCase() === name.toLowerCase()) ?? ''];
  return (Array.isArray(found) ? found : found ? [found] : []).map((v) => (Buffer.isBuffer(v) ? v.toString('utf8') : String(v)));
};

/**
 * Whether the server is Active Directory, by its root DSE's capabilities (OpenLDAP answers none).
 * A server that refuses to show its root DSE is taken for another server: its groups are read,
 * which works everywhere (and a server that is down fails at the next search anyway).
 */
export async function isActiveDirectory(client: Client): Promise<boolean> {
  try {
    const { searchEntries } = await client.search('', { scope: 'base', filter: '(objectClass=*)', attributes: ['supportedCapabilities'] });
    return searchEntries.some((entry) => valuesOf(entry, 'supportedCapabilities').includes(AD_CAPABILITY));
  } catch {
    return false;
  }
}

/**
 * How a person's groups are read: `chain` (a search per group a rule names, the server resolving
 * the nesting) or `expand` (the groups read and the nesting resolved here). The mapping's
 * `groupsFrom` fixes it (`chain`; `member` or `memberOf` expand); unset, Active Directory gets
 * `chain` and any other server `expand`.
 */
export function groupsWay(groupsFrom: SyncMapping['groupsFrom'], activeDirectory: boolean): 'chain' | 'expand' {
  if (groupsFrom === 'chain') return 'chain';
  if (groupsFrom === 'member' || groupsFrom === 'memberOf') return 'expand';
  return activeDirectory ? 'chain' : 'expand';
}

/**
 * The groups the rules name that each person is in, nested groups included, by one paged search
 * per group and base DN: person DN (normalised) → the groups' DNs as the rules name them, sorted.
 */
export async function chainMemberships(
  client: Client,
  search: { baseDns: readonly string[]; userFilter: string; groupDns: readonly string[]; pageSize: number },
  normal: (dn: string) => string,
): Promise<Map<string, string[]>> {
  const groupsOf = new Map<string, Set<string>>();
  for (const groupDn of search.groupDns) {
    for (const baseDn of search.baseDns) {
      const { searchEntries } = await client.search(baseDn, {
        scope: 'sub',
        paged: { pageSize: search.pageSize },
        filter: inChainFilter(search.userFilter, groupDn),
        attributes: ['1.1'],
      });
      for (const entry of searchEntries) {
        const dn = normal(entry.dn);
        const held = groupsOf.get(dn) ?? new Set<string>();
        held.add(groupDn);
        groupsOf.set(dn, held);
      }
    }
  }
  return new Map([...groupsOf].map(([dn, groups]) => [dn, [...groups].sort()]));
}
