import { syncMessages as m, type SyncChangeRow } from '@sso/shared-api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { live } from '../../kernel/live-rows.js';
import type { DirectorySnapshot, SourceDept, SourcePerson } from './directory.js';
import type { Outranked } from './priority.js';
import { groupSet, sameGroups } from './rule-groups.js';

/** The user fields a source writes. */
export const USER_FIELDS = ['account', 'code', 'name', 'realName', 'phone', 'email'] as const;
export type UserField = (typeof USER_FIELDS)[number];
export type UserValues = Record<UserField, string | null>;

/** The widths of blade_user's columns: display names are cut to fit, other values too long refuse the entry. */
const WIDTHS: Record<UserField, number> = { account: 45, code: 45, name: 20, realName: 10, phone: 45, email: 45 };
const CUT: readonly UserField[] = ['name', 'realName'];
const DEPT_NAME_WIDTH = 45;
const cut = (text: string, width: number) => [...text].slice(0, width).join('');

/**
 * One step of a plan. Departments and users are named by the source's key, and a department
 * that does not exist yet by the key it will be linked under, so a stored plan can be applied
 * later (`apply?runId=`).
 */
export type PlanStep =
  | { op: 'dept.create'; externalId: string; name: string; parentExternalId: string | null }
  | { op: 'dept.update'; externalId: string; localId: string; name?: string; parentExternalId?: string | null }
  | { op: 'user.create'; externalId: string; values: UserValues; deptExternalId: string | null; postId?: string }
  | {
      op: 'user.update';
      externalId: string;
      localId: string;
      values: Partial<UserValues>;
      deptExternalId?: string | null;
      enable?: boolean;
      postId?: string;
    }
  | { op: 'user.disable'; externalId: string; localId: string }
  /** The directory groups the person is in now (birthright rules by group read them); applied after the users. */
  | { op: 'user.groups'; externalId: string; groups: string[] }
  /** The department's leader, by the person's key (null: none); applied after the users. */
  | { op: 'dept.leader'; externalId: string; leaderExternalId: string | null };

/** Rows answered and kept per run (the first ones, and every error row); the counts are always whole. */
export const MAX_ROWS = 2000;

export interface Plan {
  steps: PlanStep[];
  rows: SyncChangeRow[];
  counts: { creates: number; updates: number; moves: number; disables: number; errors: number };
}

export interface PlanScope {
  sourceId: string;
  tenantId: string;
  /** The department the source's top departments hang under ('0': the top of the tenant). */
  rootDeptId: string;
  /** The role given to the users the sync creates. */
  roleId?: string;
  /** Whether another source feeding the same person wins a field (see priority.ts); absent: none does. */
  outranked?: Outranked;
}

/** Groups as a row shows them: the first value of each DN (`cn=Auditors,ou=…` reads Auditors). */
const groupsText = (dns: readonly string[]) => dns.map((dn) => dn.split(',')[0]?.split('=')[1] ?? dn).join(', ');

/** The department keyed `local:<id>` is one the source does not hold: where its top departments hang. */
const localKey = (id: string) => `local:${id}`;

/**
 * What a sync would change, from the snapshot and the tenant's rows, reading only: departments to
 * create, move and rename, users to create, update, move, disable (and enable again when they
 * return after the sync disabled them), and error rows for entries it cannot take. Users are
 * matched by employee number, then by the stored link; an account held by a user the source is
 * not linked to is an error row, never taken over.
 */
export async function planSync(db: Kysely<Database>, scope: PlanScope, snapshot: DirectorySnapshot): Promise<Plan> {
  const links = await db
    .selectFrom('blade_sync_link')
    .select(['kind', 'externalId', 'localId', 'gone', 'groups'])
    .where('sourceId', '=', scope.sourceId)
    .execute();
  const deptLinks = new Map(links.filter((l) => l.kind === 'dept').map((l) => [l.externalId, l]));
  const userLinks = new Map(links.filter((l) => l.kind === 'user').map((l) => [l.externalId, l]));
  const disabledBySync = new Set(links.filter((l) => l.kind === 'user' && l.gone === 1).map((l) => l.localId));
  const deptKeyOfLocal = new Map([...deptLinks.values()].map((l) => [l.localId, l.externalId]));
  const depts = new Map(
    (await db.selectFrom('blade_dept').select(['id', 'parentId', 'deptName', 'leaderId']).$call(live(scope.tenantId)).execute()).map(
      (d) => [d.id, d],
    ),
  );
  const users = await db
    .selectFrom('blade_user')
    .select(['id', 'status', 'deptId', 'postId', ...USER_FIELDS])
    .$call(live(scope.tenantId))
    .execute();
  const userById = new Map(users.map((u) => [u.id, u]));
  // Post names, for the rows, when the source places people in posts.
  const postNames = snapshot.people.some((p) => p.post)
    ? new Map(
        (await db.selectFrom('blade_post').select(['id', 'postName']).$call(live(scope.tenantId)).execute()).map((r) => [r.id, r.postName]),
      )
    : new Map<string, string>();
  const postsText = (ids: string | null) =>
    ids
      ? ids
          .split(',')
          .map((id) => postNames.get(id) ?? id)
          .join(',')
      : null;
  const userByCode = new Map(users.filter((u) => u.code).map((u) => [u.code as string, u]));
  const userByAccount = new Map(users.map((u) => [u.account.toLowerCase(), u]));

  const plan: Plan = { steps: [], rows: [], counts: { creates: 0, updates: 0, moves: 0, disables: 0, errors: 0 } };
  // Rows past the first MAX_ROWS are shown nowhere, so they are not kept (a full sync of 50,000
  // people would hold a row object each); error rows all are, for the run's log. Counts stay whole.
  const row = (r: Omit<SyncChangeRow, 'message' | 'changes'> & Partial<SyncChangeRow>) => {
    if (plan.rows.length < MAX_ROWS || r.action === 'error') plan.rows.push({ changes: {}, message: null, ...r });
    const key = { create: 'creates', update: 'updates', rename: 'updates', move: 'moves', disable: 'disables', error: 'errors' } as const;
    plan.counts[key[r.action]]++;
  };

  // Entries the source could not give (an HR file's broken rows), each an error row as it was named.
  for (const problem of snapshot.problems ?? []) {
    row({ kind: 'user', action: 'error', externalId: problem.origin, label: problem.origin, localId: null, message: problem.message });
  }

  const personByKey = new Map(snapshot.people.map((p) => [p.externalId, p]));
  const leaderLabel = (key: string) => personByKey.get(key)?.account ?? key;

  // Departments, parents before children. A department keeps its local id once linked.
  const sourceDepts = new Map(snapshot.depts.map((d) => [d.externalId, d]));
  const deptName = (key: string | null) => (key ? (sourceDepts.get(key)?.name ?? key) : (depts.get(scope.rootDeptId)?.deptName ?? null));
  const wantedParent = (d: SourceDept) => d.parentExternalId ?? localKey(scope.rootDeptId);
  const liveDeptOf = (key: string) => {
    const link = deptLinks.get(key);
    return link ? depts.get(link.localId) : undefined;
  };
  for (const source of parentsFirst(withoutCycles(snapshot.depts))) {
    const d = { ...source, name: cut(source.name, DEPT_NAME_WIDTH) };
    const local = liveDeptOf(d.externalId);
    if (!local) {
      plan.steps.push({ op: 'dept.create', externalId: d.externalId, name: d.name, parentExternalId: d.parentExternalId });
      row({
        kind: 'dept',
        action: 'create',
        externalId: d.externalId,
        label: d.name,
        localId: null,
        changes: {
          deptName: [null, d.name],
          parent: [null, deptName(d.parentExternalId)],
          ...(d.leaderExternalId ? { leader: [null, leaderLabel(d.leaderExternalId)] } : {}),
        },
      });
      continue;
    }
    const currentParent = deptKeyOfLocal.get(local.parentId) ?? localKey(local.parentId);
    const moved = currentParent !== wantedParent(d);
    const renamed = local.deptName !== d.name;
    if (!moved && !renamed) continue;
    plan.steps.push({
      op: 'dept.update',
      externalId: d.externalId,
      localId: local.id,
      ...(renamed ? { name: d.name } : {}),
      ...(moved ? { parentExternalId: d.parentExternalId } : {}),
    });
    const changes: SyncChangeRow['changes'] = {};
    if (renamed) changes.deptName = [local.deptName, d.name];
    if (moved) changes.parent = [depts.get(local.parentId)?.deptName ?? null, deptName(d.parentExternalId)];
    row({ kind: 'dept', action: moved ? 'move' : 'rename', externalId: d.externalId, label: d.name, localId: local.id, changes });
  }

  // Users. An account or key the source gives twice is refused for every entry carrying it.
  const countOf = (values: (string | null)[]) => {
    const counts = new Map<string, number>();
    for (const v of values) if (v) counts.set(v, (counts.get(v) ?? 0) + 1);
    return counts;
  };
  const accounts = countOf(snapshot.people.map((p) => p.account?.toLowerCase() ?? null));
  const keys = countOf(snapshot.people.map((p) => p.externalId || null));
  const seen = new Set<string>();
  const claimed = new Set<string>();
  const error = (p: SourcePerson, message: string) =>
    row({
      kind: 'user',
      action: 'error',
      externalId: p.externalId,
      label: p.account ?? p.origin,
      localId: null,
      message: `${message}: ${p.origin}`,
    });
  for (const p of snapshot.people) {
    if (!p.externalId) {
      error(p, m.noKey);
      continue;
    }
    seen.add(p.externalId);
    // A key the source gives twice is refused for each entry; its linked user is left as it is.
    if ((keys.get(p.externalId) ?? 0) > 1) {
      error(p, m.duplicateKey);
      continue;
    }
    if (!p.active) continue; // disabled in the source: handled with the leavers below
    if (!p.account) {
      error(p, m.noAccount);
      continue;
    }
    if ((accounts.get(p.account.toLowerCase()) ?? 0) > 1) {
      error(p, m.duplicateAccount);
      continue;
    }
    const link = userLinks.get(p.externalId);
    const byCode = p.code ? userByCode.get(p.code) : undefined;
    const local = (byCode && !claimed.has(byCode.id) ? byCode : undefined) ?? (link ? userById.get(link.localId) : undefined);
    const values: UserValues = { account: p.account, code: p.code, name: p.name, realName: p.realName, phone: p.phone, email: p.email };
    for (const f of CUT) if (values[f]) values[f] = cut(values[f] as string, WIDTHS[f]);
    const tooLong = USER_FIELDS.find((f) => [...(values[f] ?? '')].length > WIDTHS[f]);
    if (tooLong) {
      error(p, `${m.valueTooLong}: ${tooLong}`);
      continue;
    }
    const holder = userByAccount.get(p.account.toLowerCase());
    if (holder && holder.id !== local?.id) {
      error(p, m.accountTaken);
      continue;
    }
    if (!local) {
      plan.steps.push({
        op: 'user.create',
        externalId: p.externalId,
        values,
        deptExternalId: p.deptExternalId,
        ...(p.post ? { postId: p.post.id } : {}),
      });
      row({
        kind: 'user',
        action: 'create',
        externalId: p.externalId,
        label: p.account,
        localId: null,
        changes: {
          ...Object.fromEntries(USER_FIELDS.filter((f) => values[f] !== null).map((f) => [f, [null, values[f]]])),
          dept: [null, deptName(p.deptExternalId)],
          ...(p.post ? { post: [null, p.post.name] } : {}),
          ...(p.groups?.length ? { groups: [null, groupsText(p.groups)] } : {}),
        },
      });
      if (p.groups?.length) plan.steps.push({ op: 'user.groups', externalId: p.externalId, groups: p.groups });
      continue;
    }
    claimed.add(local.id);
    const changes: SyncChangeRow['changes'] = {};
    const changed: Partial<UserValues> = {};
    const outranked = (field: UserField | 'dept' | 'post') => scope.outranked?.(local.id, field) ?? false;
    for (const f of USER_FIELDS) {
      if (outranked(f)) continue;
      if ((local[f] ?? null) !== values[f]) {
        changes[f] = [local[f] ?? null, values[f]];
        changed[f] = values[f];
      }
    }
    // The source places a person in one department; a person it places nowhere keeps theirs.
    const currentDept = local.deptId?.split(',')[0] ?? null;
    const currentKey = currentDept ? (deptKeyOfLocal.get(currentDept) ?? localKey(currentDept)) : null;
    const moved = p.deptExternalId !== null && currentKey !== p.deptExternalId && !outranked('dept');
    if (moved) changes.dept = [currentDept ? (depts.get(currentDept)?.deptName ?? currentDept) : null, deptName(p.deptExternalId)];
    // A post the source names replaces the user's posts; a source naming none leaves them, and so
    // does one outranked for the post by another source feeding the person.
    const postMoved = p.post !== undefined && local.postId !== p.post.id && !outranked('post');
    if (postMoved) changes.post = [postsText(local.postId ?? null), p.post?.name ?? null];
    // Enabled again only when the sync disabled them; an administrator's disabling stands.
    const enable = local.status !== 1 && disabledBySync.has(local.id);
    if (enable) changes.status = [String(local.status), '1'];
    const relink = !link || link.localId !== local.id || link.gone === 1;
    // Groups the source reads and the link does not hold yet (or no longer): recorded for the rules.
    // Compared as sets within the groups the source asked about, so that neither their order,
    // case or spacing nor other groups an earlier run kept on the link make a change.
    if (p.groups) {
      const held = groupSet(link?.groups?.split('\n') ?? [], snapshot.groupsNamed);
      const now = groupSet(p.groups, snapshot.groupsNamed);
      if (!sameGroups(held, now)) {
        changes.groups = [held.length ? groupsText(held) : null, now.length ? groupsText(now) : null];
        plan.steps.push({ op: 'user.groups', externalId: p.externalId, groups: now });
      }
    }
    const userChanged = Object.keys(changes).some((f) => f !== 'groups');
    if (!userChanged && !relink) {
      if (changes.groups) row({ kind: 'user', action: 'update', externalId: p.externalId, label: p.account, localId: local.id, changes });
      continue;
    }
    plan.steps.push({
      op: 'user.update',
      externalId: p.externalId,
      localId: local.id,
      values: changed,
      ...(moved ? { deptExternalId: p.deptExternalId } : {}),
      ...(enable ? { enable } : {}),
      ...(postMoved && p.post ? { postId: p.post.id } : {}),
    });
    if (Object.keys(changes).length) {
      row({ kind: 'user', action: moved ? 'move' : 'update', externalId: p.externalId, label: p.account, localId: local.id, changes });
    }
  }

  // Leavers: linked users the source no longer holds, or holds as disabled. Disabled, never removed.
  const active = new Set(snapshot.people.filter((p) => p.active && p.externalId).map((p) => p.externalId));
  for (const link of userLinks.values()) {
    if (active.has(link.externalId) && seen.has(link.externalId)) continue;
    const local = userById.get(link.localId);
    if (!local || claimed.has(local.id) || local.status !== 1) continue;
    claimed.add(local.id);
    plan.steps.push({ op: 'user.disable', externalId: link.externalId, localId: local.id });
    row({
      kind: 'user',
      action: 'disable',
      externalId: link.externalId,
      label: local.account,
      localId: local.id,
      changes: { status: ['1', '0'] },
    });
  }
  planLeaders(plan, snapshot, { active, userLinks, userById, deptLinks, depts, leaderLabel, row });
  return plan;
}

/**
 * Leaders, where the source names them (the organisation APIs; an LDAP source names none): a
 * department whose leader differs from the person the source names (a member, not a leaver) gets a
 * step applied once the users exist; for a department already here it is an update row.
 */
function planLeaders(
  plan: Plan,
  snapshot: DirectorySnapshot,
  known: {
    active: Set<string>;
    userLinks: Map<string, { localId: string; gone: number }>;
    userById: Map<string, { account: string }>;
    deptLinks: Map<string, { localId: string }>;
    depts: Map<string, { id: string; leaderId: string | null }>;
    leaderLabel: (key: string) => string;
    row: (r: Omit<SyncChangeRow, 'message' | 'changes'> & Partial<SyncChangeRow>) => void;
  },
) {
  // A leader the run neither links nor creates (an error row) is left for a later run to place.
  const linkable = new Set([
    ...[...known.userLinks.entries()].filter(([, l]) => l.gone !== 1).map(([key]) => key),
    ...plan.steps.flatMap((s) => (s.op === 'user.create' || s.op === 'user.update' ? [s.externalId] : [])),
  ]);
  const keyOfUser = new Map([...known.userLinks.entries()].filter(([, l]) => l.gone !== 1).map(([key, l]) => [l.localId, key]));
  for (const d of snapshot.depts) {
    if (d.leaderExternalId === undefined) continue;
    const wanted = d.leaderExternalId && known.active.has(d.leaderExternalId) ? d.leaderExternalId : null;
    if (wanted && !linkable.has(wanted)) continue;
    const link = known.deptLinks.get(d.externalId);
    const local = link ? known.depts.get(link.localId) : undefined;
    const current = local?.leaderId ? (keyOfUser.get(local.leaderId) ?? localKey(local.leaderId)) : null;
    if (current === wanted) continue;
    plan.steps.push({ op: 'dept.leader', externalId: d.externalId, leaderExternalId: wanted });
    if (!local) continue; // a new department: its create row names the leader
    const before = local.leaderId ? (known.userById.get(local.leaderId)?.account ?? local.leaderId) : null;
    known.row({
      kind: 'dept',
      action: 'update',
      externalId: d.externalId,
      label: d.name,
      localId: local.id,
      changes: { leader: [before, wanted ? known.leaderLabel(wanted) : null] },
    });
  }
}

/**
 * The departments with any circle of parents broken (groups may list each other as members): the
 * department where a walk up meets itself again goes to the top, so the tree stays a tree.
 */
export function withoutCycles(list: readonly SourceDept[]): SourceDept[] {
  const byKey = new Map(list.map((d) => [d.externalId, { ...d }]));
  for (const start of byKey.values()) {
    const trail = new Set<string>([start.externalId]);
    for (let at = start; at.parentExternalId; ) {
      const parent = byKey.get(at.parentExternalId);
      if (!parent) break;
      if (trail.has(parent.externalId)) {
        at.parentExternalId = null;
        break;
      }
      trail.add(parent.externalId);
      at = parent;
    }
  }
  return [...byKey.values()];
}

/** Departments ordered so that each comes after its parent (a cycle or a missing parent puts it at the top). */
function parentsFirst(list: readonly SourceDept[]): SourceDept[] {
  const byKey = new Map(list.map((d) => [d.externalId, d]));
  const depth = new Map<string, number>();
  const depthOf = (d: SourceDept): number => {
    const known = depth.get(d.externalId);
    if (known !== undefined) return known;
    depth.set(d.externalId, 0);
    const parent = d.parentExternalId ? byKey.get(d.parentExternalId) : undefined;
    const value = parent ? depthOf(parent) + 1 : 0;
    depth.set(d.externalId, value);
    return value;
  };
  return [...list].sort((a, b) => depthOf(a) - depthOf(b));
}
