import { z } from 'zod';
import { commonColumns, dateRangeQuery, formNumber, idString, optionalText, pageQuery, requiredText } from '../../common.js';
import { defineMessages } from '../../messages.js';
import { defineExtra, defineResource } from '../../resource.js';
import { pageOfRows, tenantIdQuery } from './dept-tree.js';

export const postMessages = defineMessages('post', {
  category: ['请选择岗位类型', 'Please choose the post type'],
  postCode: ['请输入岗位编号', 'Please enter the post code'],
  postName: ['请输入岗位名称', 'Please enter the post name'],
  postSort: ['请输入岗位排序', 'Please enter the post sort order'],
  postCodeTaken: ['岗位编号已存在', 'The post code already exists'],
});
const m = postMessages;

export const postRow = commonColumns.extend({
  category: z.number(),
  postCode: z.string(),
  postName: z.string(),
  sort: z.number(),
  remark: z.string(),
});

const blankIsNone = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
/** Posts held by users of this dept (a user's post_id and dept_id are comma-joined lists). */
const deptIdQuery = blankIsNone(idString);

const entity = z.object({
  category: formNumber(m.say.category),
  postCode: requiredText(m.say.postCode, 12),
  postName: requiredText(m.say.postName, 64),
  sort: formNumber(m.say.postSort),
  remark: optionalText(),
});

export const post = defineResource({
  service: 'blade-system',
  name: 'post',
  table: 'blade_post',
  tenantScoped: true,
  permission: 'post',
  names: {
    tenantName: { field: 'tenantId', table: 'blade_tenant', column: 'tenantName', key: 'tenantId' },
    categoryName: { field: 'category', dict: 'post_category' },
  },
  entity,
  filters: { category: 'eq', postCode: 'like', postName: 'like' },
  sorts: ['sort', 'postCode', 'postName'],
  defaultSort: { column: 'sort' },
  unique: [{ fields: ['postCode'], message: m.say.postCodeTaken }],
  extras: {
    page: defineExtra({
      method: 'GET',
      path: 'page',
      summary: 'Posts, paged; deptId keeps the posts held by users of that dept',
      query: pageQuery.extend(dateRangeQuery.shape).extend({
        category: blankIsNone(entity.shape.category),
        postCode: z.string().max(255).optional(),
        postName: z.string().max(255).optional(),
        deptId: deptIdQuery,
      }),
      response: pageOfRows(postRow),
      permission: 'post',
    }),
    select: defineExtra({
      method: 'GET',
      path: 'select',
      summary: "Posts for a select box: the caller's tenant (tenantId: platform administrators), deptId as in page",
      query: tenantIdQuery.extend({ deptId: deptIdQuery }),
      response: z.array(postRow),
      permission: null,
    }),
  },
  view: {
    title: ['岗位管理', 'Posts'],
    columns: [
      { prop: 'category', label: ['岗位类型', 'Type'], type: 'select', dict: 'post_category', search: true },
      { prop: 'postCode', label: ['岗位编号', 'Code'], search: true },
      { prop: 'postName', label: ['岗位名称', 'Name'], search: true },
      { prop: 'sort', label: ['岗位排序', 'Sort'], type: 'number' },
      { prop: 'remark', label: ['岗位描述', 'Remark'], type: 'textarea', hideInTable: true },
    ],
  },
});
