import { describe, expect, it } from 'vitest';
import type { SourcePerson } from './directory.js';
import { groupSet, keepRuleGroups, sameGroups } from './rule-groups.js';

const person = (groups?: string[]): SourcePerson => ({
  externalId: 'k',
  origin: 'uid=k',
  account: 'k',
  code: null,
  name: null,
  realName: null,
  phone: null,
  email: null,
  deptExternalId: null,
  active: true,
  ...(groups ? { groups } : {}),
});

describe('the groups a source gives for the rules', () => {
  it('keeps only the groups the rules name, normalised and sorted, and says which it asked about', () => {
    const snapshot = keepRuleGroups(
      {
        depts: [],
        people: [person(['cn=staff,dc=x', 'cn=inner,dc=x', 'cn=auditors,dc=x']), person(['cn=staff,dc=x']), person()],
      },
      ['CN=Auditors, DC=x', 'cn=inner,dc=x'],
    );
    expect(snapshot.groupsNamed).toEqual(['cn=auditors,dc=x', 'cn=inner,dc=x']);
    expect(snapshot.people.map((p) => p.groups)).toEqual([['cn=auditors,dc=x', 'cn=inner,dc=x'], [], undefined]);
  });

  it('compares groups as sets, whatever their order, case or spacing, within the named ones', () => {
    const named = ['cn=a,dc=x', 'cn=b,dc=x'];
    const held = groupSet(['cn=other,dc=x', 'CN=B, DC=x', 'cn=a,dc=x', ''], named);
    expect(held).toEqual(['cn=a,dc=x', 'cn=b,dc=x']);
    expect(sameGroups(held, groupSet(['cn=b,dc=x', 'cn=a,dc=x']))).toBe(true);
    expect(sameGroups(held, groupSet(['cn=a,dc=x']))).toBe(false);
  });
});
