import { ADMINISTRATOR_ROLE } from '@sso/shared-api';
import type { Caller } from '../kernel/caller.js';
import type { SessionLimits } from './session-limits.js';

/** What the user of a session still holds: a session never acts with a role or department taken away. */
interface HeldGrants {
  roleIds: ReadonlySet<string>;
  deptIds: ReadonlySet<string>;
  /** roleAlias of each held role (the administrator role is recognised by its alias). */
  aliases: ReadonlyMap<string, string>;
}

/**
 * What a node knows about one session, read by the auth hook without an await. An entry is
 * replaced (never changed in place) so that whatever was derived from it can be remembered by
 * the entry object.
 */
export interface SessionState {
  active: boolean;
  checkedAt: number;
  userId: string;
  tenantId: string;
  /** Undefined: everything the token names is still held. */
  held?: HeldGrants;
  /** The account must change its password before doing anything else. */
  mustChangePassword: boolean;
  /** The sign-in (ms since the epoch): the session's longest time counts from it. */
  startedAt: number;
  /** The last request as the database had it when this was read (see Sessions.touch). */
  lastSeenAt: number;
  /** The tenant's session limits (compliance profile) when this was read. */
  limits: SessionLimits;
}

/** The roles and departments a user holds now. */
export interface HeldByUser {
  userId: string;
  roleIds: string[];
  deptIds: string[];
}

/** Messages about sessions, applied by every node (see Sessions). */
export type SessionMessage =
  | { type: 'ended'; sessionIds: string[] }
  | { type: 'user-ended'; userIds: string[]; except?: string }
  | { type: 'tenant-ended'; tenantId: string }
  | { type: 'narrowed'; users: HeldByUser[]; aliases: Record<string, string> }
  | { type: 'must-change'; userIds: string[]; value: boolean };

export function heldGrants(roleIds: readonly string[], deptIds: readonly string[], aliases: Record<string, string>): HeldGrants {
  return { roleIds: new Set(roleIds), deptIds: new Set(deptIds), aliases: new Map(Object.entries(aliases)) };
}

/**
 * The caller as the token says, narrowed to what the user still holds: roles and departments
 * taken away since the token was issued are dropped (possibly all of them: the session stays a
 * signed-in user with no grants). The same caller object comes back while nothing was taken.
 */
export function narrowCaller(caller: Caller, held: HeldGrants | undefined): Caller {
  if (!held) return caller;
  const roleIds = caller.roleIds.filter((id) => held.roleIds.has(id));
  const deptIds = caller.deptIds.filter((id) => held.deptIds.has(id));
  if (roleIds.length === caller.roleIds.length && deptIds.length === caller.deptIds.length) return caller;
  const names = roleIds.map((id) => held.aliases.get(id) ?? '');
  return {
    ...caller,
    role_id: roleIds.join(','),
    role_name: names.filter(Boolean).join(','),
    dept_id: deptIds.join(','),
    roleIds,
    deptIds,
    isAdministrator: caller.isAdministrator && names.includes(ADMINISTRATOR_ROLE),
  };
}

/** Comma-joined ids of `wanted` that `held` (comma-joined) still contains. */
export function stillHeld(wanted: string, held: string | null | undefined): string {
  const have = new Set((held ?? '').split(',').filter(Boolean));
  return wanted
    .split(',')
    .filter((id) => id && have.has(id))
    .join(',');
}
