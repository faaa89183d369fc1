import { z } from 'zod';
import { formNumber, idString, optionalText, requiredText } from '../../common.js';
import { defineMessages } from '../../messages.js';
import { defineResource } from '../../resource.js';

export const scopeMessages = defineMessages('scope', {
  scopeMenu: ['请选择所属菜单', 'Please choose the menu'],
  resourceCode: ['请输入权限编号', 'Please enter the resource code'],
  scopeName: ['请输入权限名称', 'Please enter the scope name'],
  dataScopeType: ['请选择规则类型', 'Please choose the rule type'],
  apiScopeType: ['请选择接口类型', 'Please choose the API type'],
  scopeColumn: ['权限字段只能包含字母、数字和下划线', 'The scope column may contain only letters, digits and underscores'],
  scopePath: ['请输入权限路径', 'Please enter the API path'],
  scopePathFormat: ['权限路径须以/开头且不含空白', 'The API path must start with / and contain no spaces'],
});
const m = scopeMessages;

/** Fields both kinds of scope share. */
export const scopeCommon = {
  menuId: z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'number' ? String(v) : v),
    z.string(m.say.scopeMenu).pipe(idString),
  ),
  resourceCode: requiredText(m.say.resourceCode),
  scopeName: requiredText(m.say.scopeName),
  remark: optionalText(),
};

export const dataScope = defineResource({
  service: 'blade-system',
  name: 'data-scope',
  table: 'blade_scope_data',
  tenantScoped: false,
  securityAudit: true,
  permission: 'datascope',
  names: { menuName: { field: 'menuId', table: 'blade_menu', column: 'name' } },
  entity: z.object({
    ...scopeCommon,
    scopeField: optionalText(),
    scopeClass: optionalText(500),
    // A plain column name: scopes are matched against the resource's columns, never run as SQL.
    scopeColumn: z
      .string(m.say.scopeColumn)
      .trim()
      .max(255)
      .regex(/^([A-Za-z_][A-Za-z0-9_]*)?$/, m.say.scopeColumn)
      .nullish(),
    scopeType: formNumber(m.say.dataScopeType),
    /** For type 5 (custom): comma-joined dept ids. */
    scopeValue: optionalText(2000),
  }),
  filters: { menuId: 'eq', resourceCode: 'like', scopeName: 'like', scopeType: 'eq' },
  sorts: ['resourceCode', 'scopeName'],
  view: {
    title: ['数据权限', 'Data scopes'],
    columns: [
      { prop: 'scopeName', label: ['权限名称', 'Name'], search: true },
      { prop: 'resourceCode', label: ['权限编号', 'Resource code'], search: true },
      { prop: 'menuId', label: ['所属菜单', 'Menu'], type: 'tree', hideInTable: true },
      { prop: 'scopeColumn', label: ['权限字段', 'Column'] },
      { prop: 'scopeType', label: ['规则类型', 'Rule type'], type: 'select', dict: 'data_scope_type' },
      { prop: 'scopeValue', label: ['规则值', 'Rule value'], hideInTable: true },
      { prop: 'scopeField', label: ['可见字段', 'Visible fields'], hideInTable: true },
      { prop: 'scopeClass', label: ['权限类名', 'Class'], hideInTable: true },
      { prop: 'remark', label: ['备注', 'Remark'], type: 'textarea', hideInTable: true },
    ],
  },
});
