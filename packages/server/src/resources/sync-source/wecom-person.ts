import type { SourcePerson } from './directory.js';
import { text } from './org-api.js';

/** WeCom's user status: 1 active, 2 disabled, 4 not activated yet, 5 left. Active and not activated are kept. */
const KEPT_STATUS = new Set([1, 4]);

/**
 * A member as `user/list` and `user/get` answer one, in the department tree read: their
 * `main_department` when it is in the tree, else the first of their departments that is, else
 * `fallback` (the department that listed them).
 */
export function wecomPerson(u: Record<string, unknown>, userId: string, ids: Set<string>, fallback: string): SourcePerson {
  const main = text(u, 'main_department');
  const memberOf = Array.isArray(u.department) ? u.department.map(String) : [];
  const deptId = main && ids.has(main) ? main : (memberOf.find((d) => ids.has(d)) ?? fallback);
  const name = text(u, 'name');
  return {
    externalId: userId,
    origin: `WeCom user ${userId}`,
    account: userId,
    code: null, // WeCom has no employee number: people are matched by their link
    name,
    realName: name,
    phone: text(u, 'mobile') ?? text(u, 'telephone'),
    email: text(u, 'email') ?? text(u, 'biz_mail'),
    deptExternalId: deptId,
    active: KEPT_STATUS.has(Number(u.status ?? 1)),
  };
}
