import type { Entry } from 'ldapts';
import { describe, expect, it } from 'vitest';
import { groupResolver } from './ldap-groups.js';
import { baseDnsOf, normalDn, snapshotOf } from './ldap-reader.js';
import { withoutCycles } from './plan.js';

/** Reading Active Directory's shape of entries without a domain controller: objectGUID, disabled accounts, escaped DNs. */
const ATTRS = { account: 'sAMAccountName', code: 'employeeID', name: 'displayName', realName: 'cn', phone: 'mobile', email: 'mail' };
// The GUID {2f1a3b4c-5d6e-7f80-9a0b-1c2d3e4f5a6b} as AD stores it: the first three groups little-endian.
const GUID_BYTES = Buffer.from('4c3b1a2f6e5d807f9a0b1c2d3e4f5a6b', 'hex');

describe('the LDAP reader', () => {
  it('keys Active Directory entries by objectGUID, nests them by DN and reads disabled accounts as leavers', () => {
    const depts: Entry[] = [
      { dn: 'OU=Finance, OU=Head,DC=corp,DC=example', ou: 'Finance', objectGUID: GUID_BYTES },
      { dn: 'OU=Head,DC=corp,DC=example', ou: 'Head', objectGUID: Buffer.alloc(16, 1) },
      { dn: 'OU=Smith\\, Jones & Co,OU=Head,DC=corp,DC=example', ou: 'Smith, Jones & Co', objectGUID: Buffer.alloc(16, 2) },
    ];
    const people: Entry[] = [
      {
        dn: 'CN=Li Lei,OU=Finance,OU=Head,DC=corp,DC=example',
        objectGUID: Buffer.alloc(16, 3),
        sAMAccountName: 'lilei',
        employeeID: 'A100',
        cn: 'Li Lei',
        userAccountControl: '512',
        telephoneNumber: '010-1234',
      },
      {
        dn: 'CN=Gone,OU=Smith\\, Jones & Co,OU=Head,DC=corp,DC=example',
        objectGUID: Buffer.alloc(16, 4),
        sAMAccountName: 'gone',
        userAccountControl: '514',
      },
      { dn: 'CN=No Key,DC=corp,DC=example', sAMAccountName: 'nokey' },
    ];
    const snapshot = snapshotOf(depts, people, ATTRS);
    const head = '01010101-0101-0101-0101-010101010101';
    expect(snapshot.depts).toEqual([
      { externalId: '2f1a3b4c-5d6e-7f80-9a0b-1c2d3e4f5a6b', name: 'Finance', parentExternalId: head },
      { externalId: head, name: 'Head', parentExternalId: null },
      { externalId: '02020202-0202-0202-0202-020202020202', name: 'Smith, Jones & Co', parentExternalId: head },
    ]);
    expect(snapshot.people[0]).toMatchObject({
      account: 'lilei',
      code: 'A100',
      realName: 'Li Lei',
      name: 'Li Lei',
      phone: '010-1234',
      deptExternalId: '2f1a3b4c-5d6e-7f80-9a0b-1c2d3e4f5a6b',
      active: true,
    });
    expect(snapshot.people[1]).toMatchObject({ account: 'gone', deptExternalId: '02020202-0202-0202-0202-020202020202', active: false });
    expect(snapshot.people[2]).toMatchObject({ externalId: '', account: 'nokey', deptExternalId: null });
  });

  it('takes several base DNs and compares DNs as directories do', () => {
    expect(baseDnsOf('ou=A,dc=x;\n ou=B, dc=x \n')).toEqual(['ou=A,dc=x', 'ou=B, dc=x']);
    expect(normalDn('OU=Head, DC=Corp')).toBe(normalDn('ou=head,dc=corp'));
  });
});

describe('departments from groups', () => {
  it('joins groups by membership and breaks a circle of groups listing each other', () => {
    const group = (cn: string, byte: number, member: string[]) => ({
      dn: `cn=${cn},ou=Groups,dc=x`,
      cn,
      objectGUID: Buffer.alloc(16, byte),
      member,
    });
    const groups = [group('A', 1, ['cn=B,ou=Groups,dc=x']), group('B', 2, ['cn=A,ou=Groups,dc=x', 'uid=p,ou=People,dc=x'])];
    const snapshot = snapshotOf(
      groups,
      [{ dn: 'uid=p,ou=People,dc=x', objectGUID: Buffer.alloc(16, 9), uid: 'p' }],
      { ...ATTRS, account: 'uid' },
      'group',
    );
    const key = (byte: number) =>
      Buffer.alloc(16, byte)
        .toString('hex')
        .replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-');
    expect(snapshot.people[0].deptExternalId).toBe(key(2));
    const depts = withoutCycles(snapshot.depts);
    const parents = new Map(depts.map((d) => [d.externalId, d.parentExternalId]));
    // Each names the other as parent in the directory; one of them goes to the top.
    expect([parents.get(key(1)), parents.get(key(2))].filter((p) => p === null)).toHaveLength(1);
  });

  it('resolves nested groups, Active Directory member and uniqueMember alike, and ends a circle of groups', () => {
    const groups: Entry[] = [
      { dn: 'CN=Staff,OU=Groups,DC=corp', member: ['CN=Finance,OU=Groups,DC=corp'] },
      { dn: 'CN=Finance,OU=Groups,DC=corp', member: ['CN=Li Lei, OU=People,DC=corp', 'CN=Loop,OU=Groups,DC=corp'] },
      { dn: 'CN=Loop,OU=Groups,DC=corp', uniqueMember: 'cn=finance,ou=groups,dc=corp' },
      { dn: 'CN=Other,OU=Groups,DC=corp', member: 'CN=Someone Else,OU=People,DC=corp' },
    ];
    const groupsOf = groupResolver(groups, normalDn);
    expect(groupsOf('cn=li lei,ou=people,dc=corp')).toEqual([
      'cn=finance,ou=groups,dc=corp',
      'cn=loop,ou=groups,dc=corp',
      'cn=staff,ou=groups,dc=corp',
    ]);
    expect(groupsOf('CN=Nobody,OU=People,DC=corp')).toEqual([]);
    const snapshot = snapshotOf([], [{ dn: 'CN=Li Lei,OU=People,DC=corp', entryUUID: 'u-1', uid: 'lilei' }], { account: 'uid' }, 'ou', {
      entries: groups,
      by: 'member',
    });
    expect(snapshot.people[0]?.groups).toHaveLength(3);
    expect(snapshotOf([], [{ dn: 'CN=Li Lei,OU=People,DC=corp', entryUUID: 'u-1' }], { account: 'uid' }).people[0]).not.toHaveProperty(
      'groups',
    );
  });

  it("takes a person's groups from memberOf as Active Directory serves it, nesting by the groups' own memberOf", () => {
    // The member lists are not read (a large AD group answers them only in ranges): memberOf alone says it all.
    const people: Entry[] = [
      { dn: 'CN=Li Lei,OU=People,DC=corp', entryUUID: 'u-1', uid: 'lilei', memberOf: 'CN=Finance,OU=Groups,DC=corp' },
      {
        dn: 'CN=Han Mei,OU=People,DC=corp',
        entryUUID: 'u-2',
        uid: 'hanmei',
        memberOf: ['CN=Other,OU=Groups,DC=corp', 'CN=Staff,OU=Groups,DC=corp'],
      },
      { dn: 'CN=New Hire,OU=People,DC=corp', entryUUID: 'u-3', uid: 'newhire' },
    ];
    const groups: Entry[] = [
      { dn: 'CN=Finance,OU=Groups,DC=corp', memberOf: ['cn=staff, ou=groups, dc=corp', 'CN=Loop,OU=Groups,DC=corp'] },
      { dn: 'CN=Loop,OU=Groups,DC=corp', memberOf: 'CN=Finance,OU=Groups,DC=corp' },
      { dn: 'CN=Staff,OU=Groups,DC=corp' },
      { dn: 'CN=Other,OU=Groups,DC=corp', member: 'CN=Li Lei,OU=People,DC=corp' },
    ];
    const snapshot = snapshotOf([], people, { account: 'uid' }, 'ou', { entries: groups, by: 'memberOf' });
    expect(snapshot.people.map((p) => [p.account, p.groups])).toEqual([
      ['lilei', ['cn=finance,ou=groups,dc=corp', 'cn=loop,ou=groups,dc=corp', 'cn=staff,ou=groups,dc=corp']],
      ['hanmei', ['cn=other,ou=groups,dc=corp', 'cn=staff,ou=groups,dc=corp']],
      ['newhire', []],
    ]);
  });
});
