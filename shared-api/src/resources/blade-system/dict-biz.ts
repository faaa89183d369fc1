import { zh } from '../../messages.js';
import { defineResource } from '../../resource.js';
import { dictEntity, dictExtras, dictFilters, dictView } from './dict-shape.js';

export const dictBiz = defineResource({
  service: 'blade-system',
  name: 'dict-biz',
  table: 'blade_dict_biz',
  tenantScoped: true,
  permission: 'dictbiz',
  names: { parentName: { field: 'parentId', table: 'blade_dict_biz', column: 'dictValue', sameTenant: true, root: '顶级' } },
  cached: true,
  entity: dictEntity,
  filters: dictFilters,
  sorts: ['sort', 'code', 'dictKey'],
  defaultSort: { column: 'sort' },
  unique: [{ fields: ['code', 'dictKey', 'parentId'], message: zh('dictKeyTaken') }],
  extras: dictExtras('dictbiz'),
  view: dictView(['业务字典', 'Business dictionary']),
});
