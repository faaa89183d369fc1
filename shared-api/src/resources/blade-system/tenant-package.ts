import { z } from 'zod';
import { idListText, optionalText, requiredText } from '../../common.js';
import { zh } from '../../messages.js';
import { defineResource } from '../../resource.js';

export const tenantPackage = defineResource({
  service: 'blade-system',
  name: 'tenant-package',
  table: 'blade_tenant_package',
  tenantScoped: false,
  securityAudit: true,
  permission: 'tenantpackage',
  cached: true,
  entity: z.object({
    packageName: requiredText(zh('packageName')),
    menuId: z
      .string({ error: zh('packageMenu') })
      .trim()
      .min(1, zh('packageMenu'))
      .pipe(idListText),
    remark: optionalText(),
  }),
  filters: { packageName: 'like' },
  sorts: ['packageName'],
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
