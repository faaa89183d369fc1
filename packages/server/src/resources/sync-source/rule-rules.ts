import { badRequest, syncRuleMessages as m } from '@sso/shared-api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { assertRoles } from '../../domain/user-accounts.js';
import type { ResourceRules } from '../../engine/types.js';
import { normalDn } from './ldap-dn.js';

/**
 * Birthright rules: a rule names whom (a department, a post, an LDAP group, or several) and what (a platform role, an
 * application role or both); the referred rows are checked by the definition's references. A
 * platform role follows the rule of granting one by hand: only an administrator hands out the
 * administrator role (the sync gives it in their name later).
 */
export const syncRuleRules: ResourceRules = {
  async beforeSave({ caller, values, existing, trx }) {
    const field = (name: string) => (values[name] !== undefined ? values[name] : existing?.[name]) as string | null | undefined;
    if (!field('deptId') && !field('postId') && !field('groupDn')) throw badRequest(m.say.whom);
    // Kept as the sync compares DNs (lower case, no spaces around separators), so any spelling matches.
    if (typeof values.groupDn === 'string') values.groupDn = normalDn(values.groupDn);
    if (!field('roleId') && !field('appRoleId')) throw badRequest(m.say.what);
    if (values.roleId) await assertRoles(trx as Kysely<Database>, caller, String(values.roleId));
  },
};
