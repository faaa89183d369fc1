import { z } from 'zod';
import { formNumber, optionalText, requiredText } from '../../common.js';
import { defineExtra, defineResource } from '../../resource.js';
import { menuMessages as m, optionalIds, requiredIds } from './menu-shape.js';

/** Ids of a top menu grant, as query parameters or a JSON body (BladeX sends them as query). */
const idsText = z.union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))]).optional();
const grantIds = z.object({ topMenuIds: idsText, menuIds: idsText });
/** The grant once query and body are merged: every top menu chosen, menus possibly none. */
export const topMenuGrant = z.object({ topMenuIds: requiredIds(m.say.topMenuChoose), menuIds: optionalIds });

/** Top menus of a tenant (the header's menu groups), each set to a subset of the menus. */
export const topMenu = defineResource({
  service: 'blade-system',
  name: 'topmenu',
  table: 'blade_top_menu',
  tenantScoped: true,
  securityAudit: true,
  permission: 'topmenu',
  entity: z.object({
    code: requiredText(m.say.topCode),
    name: requiredText(m.say.topName),
    nameEn: optionalText(),
    source: optionalText(),
    path: optionalText(),
    sort: formNumber(m.say.topSort),
  }),
  filters: { code: 'like', name: 'like' },
  sorts: ['sort', 'code', 'name'],
  defaultSort: { column: 'sort' },
  unique: [{ fields: ['code'], message: m.say.topCodeTaken }],
  extras: {
    grant: defineExtra({
      method: 'POST',
      path: 'grant',
      summary: 'Sets the menus of top menus (topMenuIds, menuIds; query or body), replacing their previous ones',
      query: grantIds,
      body: grantIds.nullish(),
      response: z.boolean(),
      permission: 'topmenu_setting',
    }),
  },
  view: {
    title: ['顶部菜单', 'Top menus'],
    columns: [
      { prop: 'name', label: ['菜单名称', 'Name'], search: true },
      { prop: 'nameEn', label: ['英文名称', 'English name'] },
      { prop: 'code', label: ['菜单编号', 'Code'], search: true },
      { prop: 'source', label: ['菜单图标', 'Icon'], type: 'icon' },
      { prop: 'path', label: ['路由地址', 'Path'] },
      { prop: 'sort', label: ['菜单排序', 'Sort'], type: 'number' },
    ],
  },
});
