import { ADMINISTRATOR_ROLE, forbidden, zh } from '@sso/shared-api';
import type { Db } from '../db/database.js';
import type { VerifiedToken } from './tokens.js';

/** The signed-in caller as routes see it. */
export interface Caller extends VerifiedToken {
  roleIds: string[];
  deptIds: string[];
  isAdministrator: boolean;
}

export function toCaller(token: VerifiedToken): Caller {
  return {
    ...token,
    roleIds: token.role_id ? token.role_id.split(',') : [],
    deptIds: token.dept_id ? token.dept_id.split(',') : [],
    isAdministrator: token.role_name.split(',').includes(ADMINISTRATOR_ROLE),
  };
}

/**
 * Menu and button codes granted to a set of roles, cached per role set. The administrator role
 * passes every check in its own tenant.
 */
export class Permissions {
  private cache = new Map<string, { codes: Set<string>; at: number }>();

  constructor(
    private readonly db: Db,
    private readonly ttlMs: number,
  ) {}

  async codes(roleIds: string[]): Promise<Set<string>> {
    const key = [...roleIds].sort().join(',');
    const hit = this.cache.get(key);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.codes;
    const rows = roleIds.length
      ? await this.db
          .selectFrom('blade_role_menu as rm')
          .innerJoin('blade_menu as m', 'm.id', 'rm.menuId')
          .select('m.code')
          .where('rm.roleId', 'in', roleIds)
          .where('m.isDeleted', '=', 0)
          .execute()
      : [];
    const codes = new Set(rows.map((r) => r.code));
    this.cache.set(key, { codes, at: Date.now() });
    return codes;
  }

  async allows(caller: Caller, code: string): Promise<boolean> {
    if (caller.isAdministrator) return true;
    return (await this.codes(caller.roleIds)).has(code);
  }

  async require(caller: Caller, code: string): Promise<void> {
    if (!(await this.allows(caller, code))) throw forbidden(zh('forbidden'));
  }

  clear(): void {
    this.cache.clear();
  }
}
