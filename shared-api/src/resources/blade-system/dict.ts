import { defineResource } from '../../resource.js';
import { dictExtras, dictRules, dictView } from './dict-shape.js';

export const dict = defineResource({
  service: 'blade-system',
  name: 'dict',
  table: 'blade_dict',
  tenantScoped: false,
  permission: 'dict',
  names: { parentName: { field: 'parentId', table: 'blade_dict', column: 'dictValue', root: '顶级' } },
  ...dictRules,
  extras: dictExtras('dict'),
  view: dictView(['系统字典', 'System dictionary']),
});
