import type { DirectorySnapshot } from './directory.js';
import { normalDn } from './ldap-dn.js';

/**
 * A person's directory groups are kept on their link only for the birthright rules, which ask
 * nothing but whether the person is in a group a rule names. So a source gives, and a link keeps,
 * only those groups: every other group a directory lists a person in (read with the groups'
 * member lists or memberOf) would make the first run after a group rule is added, or a change in
 * the way groups are read, show every person in any group as changed though no rule's answer moves.
 */
export function keepRuleGroups(snapshot: DirectorySnapshot, ruleGroups: readonly string[]): DirectorySnapshot {
  const named = groupSet(ruleGroups);
  return {
    ...snapshot,
    groupsNamed: named,
    people: snapshot.people.map((p) => (p.groups ? { ...p, groups: groupSet(p.groups, named) } : p)),
  };
}

/**
 * Groups as one set, whatever their order, case or spacing: normalised DNs, each once, sorted;
 * narrowed to the `named` ones when given (a link written before may hold other groups).
 */
export function groupSet(groups: readonly string[], named?: readonly string[]): string[] {
  const only = named ? new Set(named) : undefined;
  const set = new Set(groups.filter(Boolean).map(normalDn));
  return [...set].filter((group) => !only || only.has(group)).sort();
}

export const sameGroups = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((group, i) => group === b[i]);
