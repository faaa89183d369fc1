import { z } from 'zod';
import { idString } from '../../common.js';
import { defineResource } from '../../resource.js';

/** Applications staff marked as favourites (read here; each user toggles their own in the portal). */
export const appFavorites = defineResource({
  service: 'blade-aps',
  name: 'appfavorites',
  table: 'blade_app_favorites',
  tenantScoped: true,
  permission: 'appfavorites',
  routes: 'read',
  entity: z.object({ appId: idString, userId: idString }),
  names: {
    appName: { field: 'appId', table: 'blade_app', column: 'appName', sameTenant: true },
    userName: { field: 'userId', table: 'blade_user', column: 'realName', sameTenant: true },
  },
  filters: { appId: 'eq', userId: 'eq' },
  defaultSort: { column: 'createTime', desc: true },
  view: {
    title: ['应用收藏', 'Favourite applications'],
    actions: { add: false, edit: false, remove: false },
    columns: [
      { prop: 'appName', label: ['应用', 'Application'] },
      { prop: 'userName', label: ['用户', 'User'] },
      { prop: 'createTime', label: ['收藏时间', 'Added'], type: 'datetime' },
    ],
  },
});
