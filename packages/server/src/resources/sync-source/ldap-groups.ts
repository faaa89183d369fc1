import type { Entry } from 'ldapts';

/** The DN values of the named attributes of an entry, whatever the case the server answered them in. */
function dnValues(entry: Entry, names: readonly string[]): string[] {
  const values: string[] = [];
  for (const name of names) {
    const found = entry[Object.keys(entry).find((k) => k.toLowerCase() === name.toLowerCase()) ?? ''];
    for (const value of Array.isArray(found) ? found : found ? [found] : []) {
      values.push(Buffer.isBuffer(value) ? value.toString('utf8') : String(value));
    }
  }
  return values;
}

/** The member DNs a group entry lists (groupOfNames' member, groupOfUniqueNames' uniqueMember, AD's member). */
export const membersOf = (entry: Entry): string[] => dnValues(entry, ['member', 'uniqueMember']);

/** The groups an entry says it is in: Active Directory's memberOf, OpenLDAP's memberof overlay. */
export const memberOfValues = (entry: Entry): string[] => dnValues(entry, ['memberOf']);

/**
 * Who is in which group, nested groups resolved: a person listed by a group is in it and in every
 * group that lists that group, and so on up (a circle of groups listing each other ends where it
 * meets itself). Answers, for a member's DN, the DNs of all its groups, each normalised by
 * `normal` and sorted, so that the same membership always reads the same.
 */
export function groupResolver(groups: readonly Entry[], normal: (dn: string) => string): (dn: string) => string[] {
  const direct = new Map<string, Set<string>>();
  for (const group of groups) {
    const groupDn = normal(group.dn);
    for (const member of membersOf(group)) addDirect(direct, normal(member), groupDn);
  }
  return closure(direct, normal);
}

/**
 * The same answer from the other side: each entry (people and groups alike) names the groups it is
 * directly in by `memberOf`, as Active Directory keeps it on every user and group, so no group's
 * member list is read (Active Directory answers a list of more than 1,500 members only in ranges).
 * A group's own memberOf makes the nesting.
 */
export function memberOfResolver(entries: readonly Entry[], normal: (dn: string) => string): (dn: string) => string[] {
  const direct = new Map<string, Set<string>>();
  for (const entry of entries) {
    const dn = normal(entry.dn);
    for (const group of memberOfValues(entry)) addDirect(direct, dn, normal(group));
  }
  return closure(direct, normal);
}

function addDirect(direct: Map<string, Set<string>>, member: string, group: string): void {
  if (member === group) return;
  const listed = direct.get(member) ?? new Set<string>();
  listed.add(group);
  direct.set(member, listed);
}

function closure(direct: Map<string, Set<string>>, normal: (dn: string) => string): (dn: string) => string[] {
  const memo = new Map<string, string[]>();
  return (dn: string) => {
    const start = normal(dn);
    const known = memo.get(start);
    if (known) return known;
    const found = new Set<string>();
    const queue = [...(direct.get(start) ?? [])];
    while (queue.length) {
      const group = queue.pop() as string;
      if (found.has(group)) continue;
      found.add(group);
      queue.push(...(direct.get(group) ?? []));
    }
    const answer = [...found].sort();
    memo.set(start, answer);
    return answer;
  };
}
