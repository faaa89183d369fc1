import { z } from 'zod';
import { formNumber, isRealDate, optionalText, requiredText } from '../../common.js';
import { defineMessages } from '../../messages.js';
import { defineResource } from '../../resource.js';

export const noticeMessages = defineMessages('notice', {
  title: ['请输入通知标题', 'Please enter the notice title'],
  category: ['请选择通知类型', 'Please choose the notice type'],
  releaseTime: ['请输入正确的发布时间（yyyy-MM-dd HH:mm:ss）', 'Please enter a valid release time (yyyy-MM-dd HH:mm:ss)'],
  content: ['通知内容不能超过20000个字符', 'The notice content may not exceed 20000 characters'],
});
const m = noticeMessages;

/** A release time as the form sends it: `yyyy-MM-dd[ HH:mm[:ss]]`. */
const releaseTime = z.string(m.say.releaseTime).trim().refine(isRealDate, m.say.releaseTime);

/** Notices of a tenant (BladeX blade-desk): the category is a key of the `notice` dictionary. */
export const notice = defineResource({
  service: 'blade-desk',
  name: 'notice',
  table: 'blade_notice',
  tenantScoped: true,
  permission: 'notice',
  names: { categoryName: { field: 'category', dict: 'notice' } },
  entity: z.object({
    title: requiredText(m.say.title, 255),
    category: formNumber(m.say.category),
    releaseTime,
    content: optionalText(20000),
  }),
  filters: { title: 'like', category: 'eq' },
  sorts: ['title', 'category', 'releaseTime'],
  defaultSort: { column: 'releaseTime', desc: true },
  view: {
    title: ['通知公告', 'Notices'],
    dialogWidth: 880,
    columns: [
      { prop: 'title', label: ['通知标题', 'Title'], search: true },
      { prop: 'category', label: ['通知类型', 'Type'], type: 'dict', dict: 'notice', search: true, width: 120 },
      { prop: 'releaseTime', label: ['发布时间', 'Release time'], type: 'datetime', width: 170 },
      { prop: 'content', label: ['通知内容', 'Content'], type: 'richtext', hideInTable: true },
    ],
  },
});
