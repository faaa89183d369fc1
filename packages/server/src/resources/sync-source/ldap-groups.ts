import type { Entry } from 'ldapts';

/** The member DNs a group entry lists (groupOfNames' member, groupOfUniqueNames' uniqueMember, AD's member). */
export function membersOf(entry: Entry): string[] {
  const members: string[] = [];
  for (const name of ['member', 'uniqueMember']) {
    const values = entry[Object.keys(entry).find((k) => k.toLowerCase() === name.toLowerCase()) ?? ''];
    for (const member of Array.isArray(values) ? values : values ? [values] : []) {
      members.push(Buffer.isBuffer(member) ? member.toString('utf8') : String(member));
    }
  }
  return members;
}

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
    for (const member of membersOf(group)) {
      const dn = normal(member);
      if (dn === groupDn) continue;
      const listed = direct.get(dn) ?? new Set<string>();
      listed.add(groupDn);
      direct.set(dn, listed);
    }
  }
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
