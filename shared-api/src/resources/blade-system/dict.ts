import { zh } from '../../messages.js';
import { defineResource } from '../../resource.js';
import { dictEntity, dictExtras, dictFilters, dictView } from './dict-shape.js';

export const dict = defineResource({
  service: 'blade-system',
  name: 'dict',
  table: 'blade_dict',
  tenantScoped: false,
  permission: 'dict',
  names: { parentName: { field: 'parentId', table: 'blade_dict', column: 'dictValue', root: '顶级' } },
  cached: true,
  entity: dictEntity,
  filters: dictFilters,
  sorts: ['sort', 'code', 'dictKey'],
  defaultSort: { column: 'sort' },
  unique: [{ fields: ['code', 'dictKey', 'parentId'], message: zh('dictKeyTaken') }],
  extras: dictExtras('dict'),
  view: dictView(['系统字典', 'System dictionary']),
});
