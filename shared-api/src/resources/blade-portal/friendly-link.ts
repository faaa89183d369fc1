import { z } from 'zod';
import { formNumber, optionalText, requiredText } from '../../common.js';
import { defineMessages } from '../../messages.js';
import { parseRedirectAddress } from '../../redirect.js';
import { defineEndpoints, defineExtra, defineResource } from '../../resource.js';

export const friendlyLinkMessages = defineMessages('friendlyLink', {
  linkName: ['请输入链接名称', 'Please enter the link name'],
  linkUrl: ['链接地址须为 http(s) 绝对地址', 'The link must be an absolute http(s) address'],
  sort: ['排序须为整数', 'The sort order must be a whole number'],
  status: ['请选择链接状态', 'Please choose the link status'],
});
const m = friendlyLinkMessages;

const linkRow = z.object({ id: z.string(), linkName: z.string(), linkUrl: z.string(), icon: z.string(), sort: z.number() });

/** Links the portal's footer shows (blade-portal/friendlylink), kept by administrators. */
export const friendlyLink = defineResource({
  service: 'blade-portal',
  name: 'friendlylink',
  table: 'blade_friendly_link',
  tenantScoped: true,
  permission: 'friendlylink',
  entity: z.object({
    linkName: requiredText(m.say.linkName, 255),
    linkUrl: z
      .string(m.say.linkUrl)
      .trim()
      .refine((v) => parseRedirectAddress(v) !== undefined, m.say.linkUrl),
    icon: optionalText(1000),
    sort: formNumber(m.say.sort).optional(),
    remark: optionalText(500),
    status: formNumber(m.say.status)
      .pipe(z.union([z.literal(0), z.literal(1)], m.say.status))
      .optional(),
  }),
  filters: { linkName: 'like' },
  sorts: ['sort', 'linkName'],
  defaultSort: { column: 'sort' },
  view: {
    title: ['友情链接', 'Friendly links'],
    columns: [
      { prop: 'linkName', label: ['链接名称', 'Name'], search: true },
      { prop: 'linkUrl', label: ['链接地址', 'Address'] },
      { prop: 'icon', label: ['图标', 'Icon'] },
      { prop: 'sort', label: ['排序', 'Sort'], type: 'number' },
      { prop: 'remark', label: ['备注', 'Remark'], type: 'textarea', hideInTable: true },
      { prop: 'status', label: ['状态', 'Status'], type: 'select', dict: 'account_status' },
    ],
  },
});

/** The public list of friendly links (no sign-in): a tenant's (tenantId, the platform's by default), by sort. */
export const friendlyLinkClient = defineEndpoints({
  service: 'blade-portal',
  name: 'client-friendly',
  basePath: '/api/blade-portal/client/friendly',
  permission: 'friendlylink',
  rowsOf: 'blade_friendly_link',
  endpoints: {
    getFriendlyLink: defineExtra({
      method: 'GET',
      path: 'getFriendlyLink',
      summary: 'The enabled friendly links of a tenant (tenantId; the platform tenant by default), by sort',
      query: z.object({ tenantId: z.string().max(12).optional() }),
      response: z.array(linkRow),
      permission: 'public',
    }),
  },
  title: ['友情链接', 'Friendly links'],
});
