import { z } from 'zod';
import { optionalText, requiredText } from '../../common.js';
import { say, type zh } from '../../messages.js';
import { defineResource } from '../../resource.js';

const required = (key: Parameters<typeof zh>[0], max = 255) => requiredText(say(key), max);

export const param = defineResource({
  service: 'blade-system',
  name: 'param',
  table: 'blade_param',
  tenantScoped: false,
  permission: 'param',
  cached: true,
  entity: z.object({
    paramName: required('paramName'),
    paramKey: required('paramKey'),
    paramValue: required('paramValue', 4000),
    remark: optionalText(),
  }),
  filters: { paramName: 'like', paramKey: 'like', paramValue: 'like' },
  sorts: ['paramName', 'paramKey'],
  unique: [{ fields: ['paramKey'], message: say('paramKeyTaken') }],
  view: {
    title: ['参数管理', 'Parameters'],
    columns: [
      { prop: 'paramName', label: ['参数名称', 'Name'], search: true },
      { prop: 'paramKey', label: ['参数键名', 'Key'], search: true },
      { prop: 'paramValue', label: ['参数键值', 'Value'], type: 'textarea' },
      { prop: 'remark', label: ['备注', 'Remark'], type: 'textarea', hideInTable: true },
    ],
  },
});
