import { z } from 'zod';
import { formNumber, requiredText } from '../../common.js';
import { defineResource } from '../../resource.js';
import { scopeMessages as m, scopeCommon } from './data-scope.js';

export const apiScope = defineResource({
  service: 'blade-system',
  name: 'api-scope',
  table: 'blade_scope_api',
  tenantScoped: false,
  securityAudit: true,
  permission: 'apiscope',
  names: { menuName: { field: 'menuId', table: 'blade_menu', column: 'name' } },
  entity: z.object({
    ...scopeCommon,
    // `/api/blade-user/**` style: `*` one segment, `**` the rest.
    scopePath: requiredText(m.say.scopePath).pipe(z.string().regex(/^\/\S*$/, m.say.scopePathFormat)),
    scopeType: formNumber(m.say.apiScopeType),
  }),
  filters: { menuId: 'eq', resourceCode: 'like', scopeName: 'like', scopePath: 'like', scopeType: 'eq' },
  sorts: ['resourceCode', 'scopeName', 'scopePath'],
  view: {
    title: ['接口权限', 'API scopes'],
    columns: [
      { prop: 'scopeName', label: ['权限名称', 'Name'], search: true },
      { prop: 'resourceCode', label: ['权限编号', 'Resource code'], search: true },
      { prop: 'menuId', label: ['所属菜单', 'Menu'], type: 'tree', hideInTable: true },
      { prop: 'scopePath', label: ['权限路径', 'Path'] },
      { prop: 'scopeType', label: ['接口类型', 'API type'], type: 'select', dict: 'api_scope_type' },
      { prop: 'remark', label: ['备注', 'Remark'], type: 'textarea', hideInTable: true },
    ],
  },
});
