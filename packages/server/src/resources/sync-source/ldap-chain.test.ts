import type { Client } from 'ldapts';
import { describe, expect, it } from 'vitest';
import { AD_CAPABILITY, chainMemberships, groupsWay, inChainFilter, isActiveDirectory } from './ldap-chain.js';
import { normalDn, snapshotOf } from './ldap-reader.js';

const USER_FILTER = '(&(objectCategory=person)(objectClass=user))';

/** A client answering each search from a table, recording the filters it was sent. */
function fakeClient(answer: (base: string, filter: string) => { dn: string; [attribute: string]: unknown }[]) {
  const filters: string[] = [];
  const client = {
    search: async (base: string, options: { filter: string }) => {
      filters.push(options.filter);
      return { searchEntries: answer(base, options.filter), searchReferences: [] };
    },
  } as unknown as Client;
  return { client, filters };
}

describe("Active Directory's matching rule in chain", () => {
  it('asks for the people of the user filter in the group through any nesting, the DN escaped', () => {
    expect(inChainFilter(USER_FILTER, 'cn=auditors,ou=groups,dc=corp,dc=example')).toBe(
      '(&(&(objectCategory=person)(objectClass=user))(memberOf:1.2.840.113556.1.4.1941:=cn=auditors,ou=groups,dc=corp,dc=example))',
    );
    // A DN carrying filter syntax cannot widen the search: it is one value, escaped (RFC 4515).
    expect(inChainFilter(USER_FILTER, 'cn=a*)(objectclass=*,dc=x\\,y')).toBe(
      '(&(&(objectCategory=person)(objectClass=user))(memberOf:1.2.840.113556.1.4.1941:=cn=a\\2a\\29\\28objectclass=\\2a,dc=x\\5c,y))',
    );
  });

  it('is the way for Active Directory unless the mapping chooses, and never for another server unless told', () => {
    expect(groupsWay(undefined, true)).toBe('chain');
    expect(groupsWay(undefined, false)).toBe('expand');
    expect(groupsWay('chain', false)).toBe('chain');
    expect(groupsWay('member', true)).toBe('expand');
    expect(groupsWay('memberOf', true)).toBe('expand');
  });

  it("knows Active Directory by its root DSE's capabilities", async () => {
    const ad = fakeClient(() => [{ dn: '', supportedCapabilities: ['1.2.840.113556.1.4.1670', AD_CAPABILITY] }]);
    expect(await isActiveDirectory(ad.client)).toBe(true);
    expect(ad.filters).toEqual(['(objectClass=*)']);
    const openLdap = fakeClient(() => [{ dn: '', supportedControl: ['1.2.840.113556.1.4.319'] }]);
    expect(await isActiveDirectory(openLdap.client)).toBe(false);
    const refusing = fakeClient(() => {
      throw new Error('insufficient access');
    });
    expect(await isActiveDirectory(refusing.client)).toBe(false);
  });

  it("gives each person the rules' groups the server says they are in, under every base DN", async () => {
    const auditors = 'cn=auditors,ou=groups,dc=corp';
    const operators = 'cn=operators,ou=groups,dc=corp';
    const { client, filters } = fakeClient((base, filter) => {
      if (base !== 'OU=Staff,DC=corp') return [];
      if (filter.includes(auditors)) return [{ dn: 'CN=Li Lei, OU=Staff,DC=corp' }, { dn: 'CN=Han Mei,OU=Staff,DC=corp' }];
      return [{ dn: 'CN=Li Lei,OU=Staff,DC=corp' }];
    });
    const members = await chainMemberships(
      client,
      { baseDns: ['OU=Staff,DC=corp', 'OU=Other,DC=corp'], userFilter: USER_FILTER, groupDns: [operators, auditors], pageSize: 500 },
      normalDn,
    );
    expect(filters).toEqual([
      inChainFilter(USER_FILTER, operators),
      inChainFilter(USER_FILTER, operators),
      inChainFilter(USER_FILTER, auditors),
      inChainFilter(USER_FILTER, auditors),
    ]);
    const snapshot = snapshotOf(
      [],
      [
        { dn: 'CN=Li Lei,OU=Staff,DC=corp', objectGUID: Buffer.alloc(16, 1), sAMAccountName: 'lilei' },
        { dn: 'CN=Han Mei,OU=Staff,DC=corp', objectGUID: Buffer.alloc(16, 2), sAMAccountName: 'hanmei' },
        { dn: 'CN=Wang Wu,OU=Staff,DC=corp', objectGUID: Buffer.alloc(16, 3), sAMAccountName: 'wangwu' },
      ],
      { account: 'sAMAccountName' },
      'ou',
      { by: 'chain', members },
    );
    expect(snapshot.people.map((p) => [p.account, p.groups])).toEqual([
      ['lilei', [auditors, operators]],
      ['hanmei', [auditors]],
      ['wangwu', []],
    ]);
  });
});
