import { z } from 'zod';
import { commonColumns, formNumber, idString, optionalId, pageQuery, requiredText } from '../../common.js';
import { defineMessages, type Message, say } from '../../messages.js';
import { defineExtra, defineResource } from '../../resource.js';
import { tenantIdQuery, treeNode } from './dept-tree.js';

export const roleMessages = defineMessages('role', {
  roleName: ['请输入角色名称', 'Please enter the role name'],
  roleAlias: ['请输入角色别名', 'Please enter the role alias'],
  roleSort: ['请输入角色排序', 'Please enter the role sort order'],
  roleAliasTaken: ['角色别名已存在', 'The role alias already exists'],
  grantRoles: ['请选择角色', 'Please choose roles'],
});
const m = roleMessages;

export const roleRow = commonColumns.extend({ parentId: z.string(), roleName: z.string(), roleAlias: z.string(), sort: z.number() });

/** A role of the tree list: the row with its children. */
export type RoleNode = z.infer<typeof roleRow> & { hasChildren: boolean; children?: RoleNode[] };
export const roleNode: z.ZodType<RoleNode> = roleRow.extend({
  hasChildren: z.boolean(),
  get children() {
    return z.array(roleNode).optional();
  },
});

/** Ids as an array (BladeX GrantVO) or a comma-joined string; duplicates dropped. */
const idArray = (missing: Message) =>
  z
    .union([z.array(z.union([z.string(), z.number().int()])), z.string()], {
      error: (issue) => (issue.input === undefined ? missing : say('badIds')).error(issue),
    })
    .transform((v) =>
      Array.isArray(v)
        ? v.map((id) => String(id).trim())
        : v
            .split(',')
            .map((id) => id.trim())
            .filter(Boolean),
    )
    .pipe(z.array(idString).max(10_000, say('badIds')))
    .transform((ids) => [...new Set(ids)]);

export const roleGrantBody = z.object({
  roleIds: idArray(m.say.grantRoles).refine((ids) => ids.length > 0, m.say.grantRoles),
  /** Each list left out keeps what the roles hold; a list given (even empty) replaces it. */
  menuIds: idArray(say('badIds')).optional(),
  dataScopeIds: idArray(say('badIds')).optional(),
  apiScopeIds: idArray(say('badIds')).optional(),
});

const treeQuery = z.object({ roleName: z.string().max(255).optional(), roleAlias: z.string().max(255).optional() });

export const role = defineResource({
  service: 'blade-system',
  name: 'role',
  table: 'blade_role',
  tenantScoped: true,
  securityAudit: true,
  permission: 'role',
  names: {
    tenantName: { field: 'tenantId', table: 'blade_tenant', column: 'tenantName', key: 'tenantId' },
    parentName: { field: 'parentId', table: 'blade_role', column: 'roleName', sameTenant: true, root: '顶级', translated: true },
  },
  entity: z.object({
    parentId: optionalId,
    roleName: requiredText(m.say.roleName),
    roleAlias: requiredText(m.say.roleAlias),
    sort: formNumber(m.say.roleSort),
  }),
  filters: { roleName: 'like', roleAlias: 'like', parentId: 'eq' },
  sorts: ['sort', 'roleName', 'roleAlias'],
  defaultSort: { column: 'sort' },
  unique: [{ fields: ['roleAlias'], message: m.say.roleAliasTaken }],
  extras: {
    list: defineExtra({
      method: 'GET',
      path: 'list',
      summary: "The tenant's roles as a tree list (BladeX); a filter keeps matching roles, orphans become roots",
      // Paging parameters are accepted, as clients send them, but a tree list is not paged.
      query: pageQuery.extend(treeQuery.shape),
      response: z.array(roleNode),
      permission: 'role',
    }),
    tree: defineExtra({
      method: 'GET',
      path: 'tree',
      summary: "The tenant's roles as tree nodes (tenantId: platform administrators only); administrator only for administrators",
      query: tenantIdQuery,
      response: z.array(treeNode),
      permission: null,
    }),
    treeById: defineExtra({
      method: 'GET',
      path: 'tree-by-id',
      summary: 'The role tree without this role and its descendants: the parents it may move under',
      query: z.object({ roleId: z.preprocess((v) => (v === '' ? undefined : v), idString.optional()) }),
      response: z.array(treeNode),
      permission: 'role',
    }),
    select: defineExtra({
      method: 'GET',
      path: 'select',
      summary: 'The roles a user holds (default the caller), for the switch dialog',
      query: z.object({ userId: z.preprocess((v) => (v === '' ? undefined : v), idString.optional()) }),
      response: z.array(roleRow),
      permission: null,
    }),
    grant: defineExtra({
      method: 'POST',
      path: 'grant',
      summary: "Replaces the menus, data scopes and API scopes of roles of the caller's tenant",
      body: roleGrantBody,
      response: z.boolean(),
      permission: 'role_grant',
    }),
  },
  view: {
    title: ['角色管理', 'Roles'],
    columns: [
      { prop: 'roleName', label: ['角色名称', 'Name'], search: true },
      { prop: 'roleAlias', label: ['角色别名', 'Alias'], search: true },
      { prop: 'parentId', label: ['上级角色', 'Parent'], type: 'tree', hideInTable: true },
      { prop: 'sort', label: ['角色排序', 'Sort'], type: 'number' },
    ],
  },
});
