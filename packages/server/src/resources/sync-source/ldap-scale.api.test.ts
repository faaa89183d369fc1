import { beforeAll, describe, expect, it } from 'vitest';
import { createRole, tableSnapshot, useTestServer } from '../../api-suite.testkit.js';
import { statementsOf } from '../../db/statement-count.testkit.js';
import { ldifEntry, ldifOf, MEMBEROF_MODULE, ouDn, type Person, personDn, SUFFIX } from './slapd.testkit.js';
import { counts, ldapSource, syncKit, useSlapd } from './sync.testkit.js';

/**
 * Directory sync at the size of a real company's directory, from a real OpenLDAP server this suite
 * starts: 2,000 people in 150 departments (10 divisions of 14 teams each) and three levels of
 * nested groups, loaded with one ldapadd of a generated LDIF. slapd runs its memberof overlay (where
 * Debian ships it), so people and groups carry `memberOf` as in Active Directory, and the reader
 * takes each person's groups from it rather than from the groups' member lists. A birthright rule
 * on a middle group gives its role to everyone in the groups nested under it. First sync, a renamed department, a moved
 * department and a moved person, a leaver, and a re-run with nothing changed that applies nothing.
 */
const suite = useTestServer();
const DIVISIONS = 10;
const TEAMS_PER_DIVISION = 14;
const PEOPLE_COUNT = 2000;
const TEAM_GROUPS = 20;
const REGION_GROUPS = 4;
const GROUPS = `ou=Groups,${SUFFIX}`;

const divisions = Array.from({ length: DIVISIONS }, (_, d) => `Division ${String(d + 1).padStart(2, '0')}`);
const teams = divisions.flatMap((division, d) =>
  Array.from({ length: TEAMS_PER_DIVISION }, (_, t) => [division, `Team ${d + 1}-${String(t + 1).padStart(2, '0')}`] as const),
);
const OUS = [...divisions.map((division) => ({ path: [division] })), ...teams.map((path) => ({ path }))];
const PEOPLE: Person[] = Array.from({ length: PEOPLE_COUNT }, (_, i) => {
  const n = String(i + 1).padStart(4, '0');
  return {
    uid: `p${n}`,
    cn: `Person ${n}`,
    employeeNumber: `S${n}`,
    mail: `p${n}@example.com`,
    mobile: `1390000${n}`,
    ou: teams[i % teams.length],
  };
});
/** Team groups list people; region groups list team groups; one group lists the regions. */
const teamGroup = (g: number) => `cn=Team Group ${g},${GROUPS}`;
const regionGroup = (r: number) => `cn=Region ${r},${GROUPS}`;
const teamsOfRegion = (r: number) => Array.from({ length: TEAM_GROUPS / REGION_GROUPS }, (_, k) => r * (TEAM_GROUPS / REGION_GROUPS) + k);
const GROUP_ENTRIES = [
  ldifEntry(GROUPS, { objectClass: 'organizationalUnit', ou: 'Groups' }),
  ...Array.from({ length: TEAM_GROUPS }, (_, g) =>
    ldifEntry(teamGroup(g), {
      objectClass: 'groupOfNames',
      cn: `Team Group ${g}`,
      member: PEOPLE.filter((_, i) => i % TEAM_GROUPS === g).map(personDn),
    }),
  ),
  ...Array.from({ length: REGION_GROUPS }, (_, r) =>
    ldifEntry(regionGroup(r), { objectClass: 'groupOfNames', cn: `Region ${r}`, member: teamsOfRegion(r).map(teamGroup) }),
  ),
  ldifEntry(`cn=Everyone,${GROUPS}`, {
    objectClass: 'groupOfNames',
    cn: 'Everyone',
    member: Array.from({ length: REGION_GROUPS }, (_, r) => regionGroup(r)),
  }),
];
/** People in Region 1: in a team group that Region 1 lists. */
const inRegionOne = (i: number) => teamsOfRegion(1).includes(i % TEAM_GROUPS);

const RUN = 120_000;
const slapd = useSlapd(ldifOf(OUS, PEOPLE, GROUP_ENTRIES), {
  memberOf: true,
  skips: 'the 2,000-person directory sync suite is skipped',
  timeout: RUN,
});
const { skipped } = slapd;
const { api, db, save, deptNamed, userOf } = syncKit(suite);
let sourceId: string;
let regionRole: string;

beforeAll(async () => {
  if (skipped) return;
  // The groups' container is not a department.
  sourceId = await save(ldapSource(slapd, { name: 'Group directory', groupFilter: '(&(objectClass=organizationalUnit)(!(ou=Groups)))' }));
  regionRole = await createRole(suite.server, { alias: 'region_one', name: '一区' });
  await suite.admin.system.syncRule.submit({ name: '一区', sourceId, groupDn: regionGroup(1), roleId: regionRole } as never);
}, RUN);

describe('directory sync of 2,000 people, 150 departments and nested groups', () => {
  it.skipIf(skipped)(
    'creates the whole tree and everyone on the first sync, and gives a nested group its role',
    async () => {
      if (slapd.memberOf) {
        // The directory answers memberOf on people and on groups: the groups are read from it.
        const { searchEntries } = await slapd.ldap.search(personDn(PEOPLE[5] as Person), { scope: 'base', attributes: ['memberOf'] });
        expect(searchEntries[0]?.memberOf).toBe(teamGroup(5));
        const region = await slapd.ldap.search(teamGroup(5), { scope: 'base', attributes: ['memberOf'] });
        expect(region.searchEntries[0]?.memberOf).toBe(regionGroup(1));
      } else console.warn(`no ${MEMBEROF_MODULE}: groups are read from their member lists`);
      let answer: Awaited<ReturnType<ReturnType<typeof api>['apply']>> | undefined;
      const statements = await statementsOf(async () => {
        answer = await api().apply(undefined, { id: sourceId });
      });
      expect(counts(answer as NonNullable<typeof answer>)).toEqual([OUS.length + PEOPLE_COUNT, 0, 0, 0, 0]);
      expect(OUS.length).toBe(150);
      // Written a statement per batch of 500, not per row, and the links read once per apply.
      const matching = (pattern: RegExp) => statements.filter((text) => pattern.test(text)).length;
      expect(matching(/^insert into "blade_user" /)).toBe(PEOPLE_COUNT / 500);
      expect(matching(/^insert into "blade_dept" /)).toBe(1);
      expect(matching(/^insert into "blade_sync_link" /)).toBe(1 + PEOPLE_COUNT / 500);
      expect(matching(/^select "external_id", "local_id" from "blade_sync_link" /)).toBe(2);
      expect(matching(/^update blade_dept as t set ancestors = v\.ancestors /)).toBe(1);
      expect(matching(/^update "blade_dept"/)).toBe(0);
      const linked = await db()
        .selectFrom('blade_sync_link')
        .select((eb) => ['kind', eb.fn.countAll<number>().as('n')])
        .where('sourceId', '=', sourceId)
        .groupBy('kind')
        .orderBy('kind')
        .execute();
      expect(linked.map((row) => [row.kind, Number(row.n)])).toEqual([
        ['dept', 150],
        ['user', PEOPLE_COUNT],
      ]);
      const [division, team] = teams[17] as readonly [string, string];
      expect((await deptNamed(team)).parentId).toBe((await deptNamed(division)).id);
      expect((await userOf(PEOPLE[17].uid)).deptId).toBe((await deptNamed(team)).id);
      // Region 1 lists five team groups of 100 people each: 500 hold its role, nobody else does.
      const holders = await db().selectFrom('blade_user').select('account').where('roleId', 'like', `%${regionRole}%`).execute();
      expect(holders).toHaveLength(PEOPLE_COUNT / REGION_GROUPS);
      expect(holders.map((h) => h.account).sort()).toEqual(PEOPLE.filter((_, i) => inRegionOne(i)).map((p) => p.uid));
    },
    RUN,
  );

  it.skipIf(skipped)(
    'follows a renamed department, a department moved to another division and a moved person',
    async () => {
      const [renamedDivision, renamedTeam] = teams[0] as readonly [string, string];
      const [movedDivision, movedTeam] = teams[1] as readonly [string, string];
      const person = PEOPLE[2] as Person; // in teams[2]
      const [, targetTeam] = teams[teams.length - 1] as readonly [string, string];
      await slapd.ldap.modifyDN(ouDn([renamedDivision, renamedTeam]), 'ou=Renamed Team');
      await slapd.ldap.modifyDN(ouDn([movedDivision, movedTeam]), `ou=${movedTeam},${ouDn([divisions[9]])}`);
      await slapd.ldap.modifyDN(personDn(person), `uid=${person.uid},${ouDn(teams[teams.length - 1] as readonly string[])}`);

      const plan = await api().dryRun(undefined, { id: sourceId });
      expect(plan.rows.map((r) => [r.kind, r.action, r.label]).sort()).toEqual([
        ['dept', 'move', movedTeam],
        ['dept', 'rename', 'Renamed Team'],
        ['user', 'move', person.uid],
      ]);
      const applied = await api().apply(undefined, { id: sourceId, runId: plan.runId });
      expect(counts(applied)).toEqual(counts(plan));
      expect((await deptNamed('Renamed Team')).parentId).toBe((await deptNamed(renamedDivision)).id);
      expect((await deptNamed(movedTeam)).parentId).toBe((await deptNamed(divisions[9] as string)).id);
      expect((await userOf(person.uid)).deptId).toBe((await deptNamed(targetTeam)).id);
      // The people of the renamed and the moved department stay where they were, with their rows.
      expect((await userOf(PEOPLE[0].uid)).deptId).toBe((await deptNamed('Renamed Team')).id);
      expect((await userOf(PEOPLE[1].uid)).deptId).toBe((await deptNamed(movedTeam)).id);
    },
    RUN,
  );

  it.skipIf(skipped)(
    'disables a leaver, never removes them, and leaves the group role to the others',
    async () => {
      const index = PEOPLE.findIndex((_, i) => i > 2 && inRegionOne(i));
      const leaver = PEOPLE[index] as Person;
      expect((await userOf(leaver.uid)).roleId).toContain(regionRole);
      await slapd.ldap.del(personDn(leaver));
      const answer = await api().apply(undefined, { id: sourceId });
      expect(counts(answer)).toEqual([0, 0, 0, 1, 0]);
      expect(answer.rows).toEqual([expect.objectContaining({ kind: 'user', action: 'disable', label: leaver.uid })]);
      const row = await db()
        .selectFrom('blade_user')
        .select(['status', 'isDeleted'])
        .where('account', '=', leaver.uid)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 0, isDeleted: 0 });
      const enabledHolders = await db()
        .selectFrom('blade_user')
        .select('account')
        .where('roleId', 'like', `%${regionRole}%`)
        .where('status', '=', 1)
        .execute();
      expect(enabledHolders).toHaveLength(PEOPLE_COUNT / REGION_GROUPS - 1);
    },
    RUN,
  );

  it.skipIf(skipped)(
    'applies nothing on a re-run with no change in the directory',
    async () => {
      const users = await tableSnapshot(suite.server, 'blade_user');
      const depts = await tableSnapshot(suite.server, 'blade_dept');
      const again = await api().apply(undefined, { id: sourceId });
      expect(counts(again)).toEqual([0, 0, 0, 0, 0]);
      expect(again.rows).toEqual([]);
      expect(await tableSnapshot(suite.server, 'blade_user')).toEqual(users);
      expect(await tableSnapshot(suite.server, 'blade_dept')).toEqual(depts);
    },
    RUN,
  );
});
