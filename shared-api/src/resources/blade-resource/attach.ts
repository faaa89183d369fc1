import { z } from 'zod';
import { formNumber, optionalText } from '../../common.js';
import { defineExtra, defineResource } from '../../resource.js';
import { resourceMessages as m } from './resource-messages.js';

/** Attachments: one row per put-file; removing one deletes the stored object too. */
export const attach = defineResource({
  service: 'blade-resource',
  name: 'attach',
  table: 'blade_attach',
  tenantScoped: true,
  permission: 'attach',
  entity: z.object({
    link: optionalText(1000),
    domain: optionalText(500),
    name: optionalText(500),
    originalName: optionalText(500),
    extension: optionalText(12),
    attachSize: formNumber(m.say.file).nullish(),
  }),
  filters: { name: 'like', originalName: 'like', extension: 'eq' },
  sorts: ['originalName', 'attachSize'],
  defaultSort: { column: 'createTime', desc: true },
  extras: {
    removeByName: defineExtra({
      method: 'POST',
      fieldsFrom: 'query-or-body',
      path: 'removeByName',
      summary: 'Remove the attachment (and its stored object) with this link or name',
      query: z.object({ link: z.string(m.say.link).trim().min(1, m.say.link).max(1000) }),
      response: z.boolean(),
      permission: 'attach_delete',
    }),
  },
  view: {
    title: ['附件管理', 'Attachments'],
    actions: { add: false, edit: false },
    columns: [
      { prop: 'originalName', label: ['附件原名', 'Original name'], search: true },
      { prop: 'name', label: ['附件名称', 'Name'], search: true },
      { prop: 'extension', label: ['附件拓展名', 'Extension'] },
      { prop: 'attachSize', label: ['附件大小', 'Size'], type: 'number' },
      { prop: 'link', label: ['附件地址', 'Link'], hideInTable: true },
      { prop: 'domain', label: ['附件域名', 'Domain'], hideInTable: true },
    ],
  },
});
