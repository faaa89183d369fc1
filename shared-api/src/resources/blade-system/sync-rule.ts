import { z } from 'zod';
import { clearableId, emptyAsNull, formNumber, optionalText, requiredText } from '../../common.js';
import { defineMessages } from '../../messages.js';
import { defineResource } from '../../resource.js';
import { appRole } from '../blade-aps/app-role.js';
import { dept } from './dept.js';
import { post } from './post.js';
import { role } from './role.js';
import { syncSource } from './sync-source.js';

export const syncRuleMessages = defineMessages('syncRule', {
  name: ['请输入规则名称', 'Please enter the rule name'],
  sourceMissing: ['同步源不存在', 'The sync source does not exist'],
  sourceChoose: ['请选择同步源', 'Please choose the sync source'],
  deptMissing: ['机构不存在', 'The department does not exist'],
  deptChoose: ['请选择机构', 'Please choose the department'],
  postMissing: ['岗位不存在', 'The post does not exist'],
  postChoose: ['请选择岗位', 'Please choose the post'],
  roleMissing: ['角色不存在', 'The role does not exist'],
  roleChoose: ['请选择授予的角色', 'Please choose the role to grant'],
  appRoleMissing: ['应用角色不存在', 'The application role does not exist'],
  appRoleChoose: ['请选择应用角色', 'Please choose the application role'],
  whom: ['规则须指定机构、岗位或目录组', 'A rule names a department, a post, a directory group, or several of them'],
  groupDn: [
    '目录组须为 LDAP 组的 DN，如 cn=财务,ou=groups,dc=example,dc=com',
    'The directory group must be the DN of an LDAP group, e.g. cn=finance,ou=groups,dc=example,dc=com',
  ],
  what: ['规则须授予角色或应用角色', 'A rule gives a platform role, an application role or both'],
  withSubDepts: ['包含下级机构须为 0 或 1', 'Sub-departments included must be 0 or 1'],
});

/** An LDAP DN, which starts with attribute=value (compared the way directories compare DNs, case and spaces aside). */
const groupDn = emptyAsNull(
  z
    .string(syncRuleMessages.say.groupDn)
    .trim()
    .max(1000)
    .regex(/^[A-Za-z][A-Za-z0-9.-]{0,63}\s*=\s*[^\s,]/, syncRuleMessages.say.groupDn),
);

/**
 * Birthright rules of directory sync (同步授权规则): the people a source brings into a department
 * (and, with `withSubDepts` 1, the departments below it) and/or onto a post and/or into an LDAP
 * group (`groupDn`: its members, directly or through groups nested in it, as an LDAP source reads
 * them) get a platform role and/or an application role. `sourceId` empty: every source of the tenant. Each apply gives the
 * grants of the rules a person now matches (through the one grant path: separation of duties
 * checked, a refusal is an error row of the run) and takes back what a rule gave that they no
 * longer match (a mover); a grant given by hand is never taken back.
 */
export const syncRule = defineResource({
  service: 'blade-system',
  name: 'sync-rule',
  table: 'blade_sync_rule',
  tenantScoped: true,
  securityAudit: true,
  permission: 'syncrule',
  entity: z.object({
    name: requiredText(syncRuleMessages.say.name, 64),
    sourceId: clearableId,
    deptId: clearableId,
    withSubDepts: formNumber(syncRuleMessages.say.withSubDepts)
      .pipe(z.union([z.literal(0), z.literal(1)], syncRuleMessages.say.withSubDepts))
      .optional(),
    postId: clearableId,
    roleId: clearableId,
    appRoleId: clearableId,
    groupDn,
    status: z.preprocess((v) => (typeof v === 'string' && v !== '' ? Number(v) : v), z.union([z.literal(1), z.literal(2)])).optional(),
    remark: optionalText(255),
  }),
  references: {
    sourceId: {
      to: () => syncSource,
      label: 'name',
      missing: syncRuleMessages.say.sourceMissing,
      choose: syncRuleMessages.say.sourceChoose,
    },
    deptId: { to: () => dept, label: 'deptName', missing: syncRuleMessages.say.deptMissing, choose: syncRuleMessages.say.deptChoose },
    postId: { to: () => post, label: 'postName', missing: syncRuleMessages.say.postMissing, choose: syncRuleMessages.say.postChoose },
    roleId: {
      to: () => role,
      label: 'roleName',
      hint: 'roleAlias',
      missing: syncRuleMessages.say.roleMissing,
      choose: syncRuleMessages.say.roleChoose,
    },
    appRoleId: {
      to: () => appRole,
      label: 'roleName',
      hint: 'roleAlias',
      missing: syncRuleMessages.say.appRoleMissing,
      choose: syncRuleMessages.say.appRoleChoose,
    },
  },
  names: {
    sourceName: { field: 'sourceId', table: 'blade_sync_source', column: 'name', sameTenant: true },
    deptName: { field: 'deptId', table: 'blade_dept', column: 'deptName', sameTenant: true },
    postName: { field: 'postId', table: 'blade_post', column: 'postName', sameTenant: true },
    roleName: { field: 'roleId', table: 'blade_role', column: 'roleName', sameTenant: true },
    appRoleName: { field: 'appRoleId', table: 'blade_app_role', column: 'roleName', sameTenant: true },
    statusName: { field: 'status', labels: { 1: ['启用', 'Enabled'], 2: ['停用', 'Disabled'] } },
  },
  filters: { name: 'like', sourceId: 'eq', deptId: 'eq', postId: 'eq' },
  sorts: ['name'],
  defaultSort: { column: 'createTime', desc: true },
  view: {
    title: ['同步授权规则', 'Sync grant rules'],
    columns: [
      { prop: 'name', label: ['名称', 'Name'], search: true },
      { prop: 'sourceId', label: ['同步源(空为全部)', 'Source (empty: all)'], hideInTable: true },
      { prop: 'sourceName', label: ['同步源', 'Source'], hideInForm: true },
      { prop: 'deptId', label: ['机构', 'Department'], hideInTable: true },
      { prop: 'deptName', label: ['机构', 'Department'], hideInForm: true },
      { prop: 'withSubDepts', label: ['包含下级机构', 'Sub-departments too'], type: 'select', dict: 'yes_no' },
      { prop: 'postId', label: ['岗位', 'Post'], hideInTable: true },
      { prop: 'postName', label: ['岗位', 'Post'], hideInForm: true },
      { prop: 'groupDn', label: ['目录组(LDAP 组 DN)', 'Directory group (LDAP group DN)'] },
      { prop: 'roleId', label: ['平台角色', 'Platform role'], hideInTable: true },
      { prop: 'roleName', label: ['平台角色', 'Platform role'], hideInForm: true },
      { prop: 'appRoleId', label: ['应用角色', 'Application role'], hideInTable: true },
      { prop: 'appRoleName', label: ['应用角色', 'Application role'], hideInForm: true },
      {
        prop: 'status',
        label: ['状态', 'Status'],
        type: 'select',
        options: [
          { value: '1', label: ['启用', 'Enabled'] },
          { value: '2', label: ['停用', 'Disabled'] },
        ],
      },
      { prop: 'remark', label: ['备注', 'Remark'], type: 'textarea', hideInTable: true },
    ],
  },
});
