import { z } from 'zod';
import { formNumber, optionalText, requiredText } from '../../common.js';
import { defineExtra, defineResource } from '../../resource.js';
import { appManageMessages as m } from './appmanage-messages.js';

/** Removes an uploaded file by the link the upload answered (its attachment and stored object). */
export const attachLinkQuery = z.object({ link: z.string(m.say.link).trim().min(1, m.say.link).max(1000, m.say.link) });

/**
 * The group's mobile applications: name, category (dict app_category), bundle identifier, icon
 * and description. Versions, members, downloads and start logs hang off one by its id.
 */
export const appManage = defineResource({
  service: 'blade-appmanage',
  name: 'appmanage',
  table: 'blade_app_manage',
  tenantScoped: true,
  permission: 'appmanage',
  entity: z.object({
    appName: requiredText(m.say.appName, 255),
    appCategory: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), requiredText(m.say.appCategory, 32)),
    appPackage: optionalText(255),
    appIcon: optionalText(1000),
    appDescription: optionalText(2000),
    sort: formNumber(m.say.sort).nullish(),
  }),
  names: { appCategoryName: { field: 'appCategory', dict: 'app_category' } },
  filters: { appName: 'like', appCategory: 'eq' },
  sorts: ['appName', 'sort'],
  defaultSort: { column: 'sort' },
  extras: {
    category: defineExtra({
      method: 'GET',
      path: 'category',
      summary: 'The applications of one category (appCategory), by sort; every category when none is given',
      query: z.object({ appCategory: z.string().max(32).optional() }),
      response: z.array(z.object({ id: z.string(), appName: z.string(), appCategory: z.string(), appIcon: z.string() }).loose()),
      namedRows: true,
      permission: ['appmanage', 'appversionmanage', 'appmembermanage', 'appstatistics', 'appdownloadrecord', 'appstartlog'],
    }),
    attachRemoveByLink: defineExtra({
      method: 'GET',
      path: 'attachRemoveByLink',
      summary: 'Remove an uploaded icon by its link (attachment and stored object); applications showing it lose the icon',
      query: attachLinkQuery,
      response: z.boolean(),
      permission: 'appmanage_edit',
    }),
  },
  view: {
    title: ['运营应用', 'Operated applications'],
    columns: [
      { prop: 'appName', label: ['应用名称', 'Application'], search: true },
      { prop: 'appCategory', label: ['应用分类', 'Category'], type: 'dict', dict: 'app_category', search: true },
      { prop: 'appPackage', label: ['包名', 'Bundle id'] },
      { prop: 'appIcon', label: ['图标地址', 'Icon link'], hideInTable: true },
      { prop: 'appDescription', label: ['应用描述', 'Description'], type: 'textarea', hideInTable: true },
      { prop: 'sort', label: ['排序', 'Order'], type: 'number' },
      { prop: 'createTime', label: ['创建时间', 'Created'], type: 'datetime', hideInForm: true },
    ],
  },
});
