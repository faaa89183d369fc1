import { defineResource } from '../../resource.js';
import { userExtras } from './user-extras.js';
import { userEntity } from './user-fields.js';
import { userMessages as m } from './user-messages.js';

/**
 * Users of a tenant. BladeX serves them at /api/blade-user/{page,detail,…}, with no
 * resource segment. `deptId` filters by a department and everything below it.
 */
export const user = defineResource({
  service: 'blade-user',
  name: 'user',
  basePath: '/api/blade-user',
  table: 'blade_user',
  tenantScoped: true,
  securityAudit: true,
  permission: 'user',
  names: {
    tenantName: { field: 'tenantId', table: 'blade_tenant', column: 'tenantName', key: 'tenantId' },
    roleName: { field: 'roleId', table: 'blade_role', column: 'roleName', sameTenant: true, translated: true },
    deptName: { field: 'deptId', table: 'blade_dept', column: 'deptName', sameTenant: true },
    postName: { field: 'postId', table: 'blade_post', column: 'postName', sameTenant: true },
    userTypeName: { field: 'userType', dict: 'user_type' },
    sexName: { field: 'sex', dict: 'sex' },
    statusName: { field: 'status', dict: 'account_status' },
  },
  entity: userEntity,
  filters: { account: 'like', realName: 'like', name: 'like', phone: 'like', code: 'like', userType: 'eq', deptId: 'custom' },
  sorts: ['account', 'name', 'realName', 'code'],
  // `CaseAcc` and `caseacc` would be look-alikes of one another: one of them per tenant.
  unique: [{ fields: ['account'], message: m.say.accountTaken, ignoreCase: true }],
  hidden: ['password'],
  extras: userExtras,
  view: {
    title: ['用户管理', 'Users'],
    columns: [
      { prop: 'account', label: ['登录账号', 'Account'], search: true },
      { prop: 'code', label: ['用户编号', 'Employee number'], search: true },
      { prop: 'realName', label: ['用户姓名', 'Real name'], search: true },
      { prop: 'name', label: ['用户昵称', 'Nickname'] },
      { prop: 'userType', label: ['用户平台', 'Platform'], type: 'select', dict: 'user_type' },
      { prop: 'roleId', label: ['所属角色', 'Roles'], type: 'tree' },
      { prop: 'deptId', label: ['所属部门', 'Departments'], type: 'tree' }, // searched by the tree beside the table
      { prop: 'postId', label: ['所属岗位', 'Posts'], type: 'tree', hideInTable: true },
      { prop: 'phone', label: ['手机号码', 'Phone'], search: true },
      { prop: 'email', label: ['电子邮箱', 'Email'], hideInTable: true },
      { prop: 'sex', label: ['用户性别', 'Sex'], type: 'select', dict: 'sex', hideInTable: true },
      { prop: 'birthday', label: ['用户生日', 'Birthday'], type: 'date', hideInTable: true },
      { prop: 'password', label: ['密码', 'Password'], type: 'password', hideInTable: true },
      { prop: 'password2', label: ['确认密码', 'Confirm password'], type: 'password', hideInTable: true },
      { prop: 'avatar', label: ['头像', 'Avatar'], hideInTable: true, hideInForm: true },
    ],
  },
});
