import { z } from 'zod';
import { idListText, idString, optionalText, requiredText } from '../../common.js';
import { say } from '../../messages.js';
import { defineExtra, defineResource } from '../../resource.js';

export const tenantPackage = defineResource({
  service: 'blade-system',
  name: 'tenant-package',
  table: 'blade_tenant_package',
  tenantScoped: false,
  securityAudit: true,
  permission: 'tenantpackage',
  cached: true,
  entity: z.object({
    packageName: requiredText(say('packageName')),
    // Saber's package form joins the picked menus on add but sends its tree picker's array on edit.
    menuId: z.preprocess(
      (v) => (Array.isArray(v) && v.every((id) => typeof id === 'string' || typeof id === 'number') ? v.join(',') : v),
      z.string(say('packageMenu')).trim().min(1, say('packageMenu')).pipe(idListText),
    ),
    remark: optionalText(),
  }),
  filters: { packageName: 'like' },
  sorts: ['packageName'],
  extras: {
    select: defineExtra({
      method: 'GET',
      path: 'select',
      summary: "Packages for a select box (the tenant screen's package dialog): id and packageName",
      response: z.array(z.object({ id: idString, packageName: z.string() })),
      permission: ['tenantpackage', 'tenant_package', 'tenant'],
    }),
  },
  view: {
    title: ['产品包管理', 'Tenant packages'],
    dialogWidth: 600,
    actions: { view: false },
    columns: [
      { prop: 'packageName', label: ['产品包名称', 'Package name'], search: true },
      { prop: 'menuId', label: ['菜单列表', 'Menus'], type: 'tree', hideInTable: true },
      { prop: 'remark', label: ['备注', 'Remark'], type: 'textarea' },
    ],
  },
});
