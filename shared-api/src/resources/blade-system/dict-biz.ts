import { defineResource } from '../../resource.js';
import { dictExtras, dictRules, dictView } from './dict-shape.js';

export const dictBiz = defineResource({
  service: 'blade-system',
  name: 'dict-biz',
  table: 'blade_dict_biz',
  tenantScoped: true,
  permission: 'dictbiz',
  names: { parentName: { field: 'parentId', table: 'blade_dict_biz', column: 'dictValue', sameTenant: true, root: '顶级' } },
  ...dictRules,
  extras: dictExtras('dictbiz'),
  view: dictView(['业务字典', 'Business dictionary']),
});
