import { z } from 'zod';
import {
  clearableId,
  commonColumns,
  formNumber,
  idString,
  optionalId,
  optionalText,
  pageQuery,
  parentIdString,
  requiredText,
} from '../../common.js';
import { defineMessages, say } from '../../messages.js';
import { defineExtra, defineResource } from '../../resource.js';
import { user } from '../blade-user/user.js';
import { pageOfRows, tenantIdQuery, treeNode } from './dept-tree.js';

export const deptMessages = defineMessages('dept', {
  deptName: ['请输入机构名称', 'Please enter the department name'],
  fullName: ['请输入机构全称', 'Please enter the full name of the department'],
  deptCategory: ['请选择机构类型', 'Please choose the department type'],
  deptSort: ['请输入机构排序', 'Please enter the department sort order'],
  leaderMissing: ['所选负责人不存在', 'The chosen leader does not exist'],
  leaderChoose: ['请选择负责人', 'Please choose the leader'],
});
const m = deptMessages;

export const deptRow = commonColumns.extend({
  parentId: z.string(),
  ancestors: z.string(),
  deptName: z.string(),
  fullName: z.string(),
  deptCategory: z.number(),
  sort: z.number(),
  remark: z.string(),
  leaderId: z.string().nullable().optional(),
  leaderName: z.string().optional(),
});
/** A dept as lazy lists show it: whether it has children, and its parent's name. */
export const deptNode = deptRow.extend({ hasChildren: z.boolean(), parentName: z.string() });
/** A dept of the tree list, with the depts below it. */
export interface DeptTreeRow extends z.infer<typeof deptNode> {
  children?: DeptTreeRow[];
}
const deptTreeRow: z.ZodType<DeptTreeRow> = deptNode.extend({
  get children() {
    return z.array(deptTreeRow).optional();
  },
});

/** An optional parent id of a query; empty means the root. */
const parentQuery = z.preprocess((v) => (v === '' ? undefined : v), parentIdString.optional());

export const dept = defineResource({
  service: 'blade-system',
  name: 'dept',
  table: 'blade_dept',
  tenantScoped: true,
  permission: 'dept',
  names: {
    tenantName: { field: 'tenantId', table: 'blade_tenant', column: 'tenantName', key: 'tenantId' },
    parentName: { field: 'parentId', table: 'blade_dept', column: 'deptName', sameTenant: true, root: '顶级' },
    deptCategoryName: { field: 'deptCategory', dict: 'org_category' },
    leaderName: { field: 'leaderId', table: 'blade_user', column: 'realName', sameTenant: true },
  },
  // The department's leader: whom a workflow step assigned to `leader:<deptId>` goes to.
  references: {
    leaderId: { to: () => user, label: 'realName', hint: 'account', missing: m.say.leaderMissing, choose: m.say.leaderChoose },
  },
  entity: z.object({
    parentId: optionalId,
    deptName: requiredText(m.say.deptName, 45),
    fullName: requiredText(m.say.fullName, 45),
    deptCategory: formNumber(m.say.deptCategory),
    sort: formNumber(m.say.deptSort),
    remark: optionalText(),
    leaderId: clearableId,
  }),
  filters: { deptName: 'like', fullName: 'like', parentId: 'eq', deptCategory: 'eq' },
  sorts: ['sort', 'deptName'],
  defaultSort: { column: 'sort' },
  extras: {
    list: defineExtra({
      method: 'GET',
      path: 'list',
      summary: 'Depts the caller may see, matching deptName/fullName, as a tree (BladeX); orphans of the filter become roots',
      // Paging parameters are accepted, as clients send them, but a tree list is not paged.
      query: pageQuery.extend({ deptName: z.string().max(45).optional(), fullName: z.string().max(45).optional() }),
      response: z.array(deptTreeRow),
      permission: 'dept',
    }),
    listPage: defineExtra({
      method: 'GET',
      path: 'list-page',
      summary: 'Depts of the tenant, paged, with hasChildren and parentName',
      query: pageQuery.extend({ deptName: z.string().max(45).optional(), fullName: z.string().max(45).optional(), parentId: parentQuery }),
      response: pageOfRows(deptNode),
      permission: 'dept',
    }),
    lazyList: defineExtra({
      method: 'GET',
      path: 'lazy-list',
      summary: 'Children of parentId (default the root); with deptName/fullName and no parentId, matches at any depth',
      query: z.object({ parentId: parentQuery, deptName: z.string().max(45).optional(), fullName: z.string().max(45).optional() }),
      response: z.array(deptNode),
      permission: 'dept',
    }),
    tree: defineExtra({
      method: 'GET',
      path: 'tree',
      summary: "The tenant's whole dept tree (tenantId: platform administrators only)",
      query: tenantIdQuery,
      response: z.array(treeNode),
      permission: null,
    }),
    lazyTree: defineExtra({
      method: 'GET',
      path: 'lazy-tree',
      summary: 'Children of parentId (default the root) as tree nodes with hasChildren',
      query: tenantIdQuery.extend({ parentId: parentQuery }),
      response: z.array(treeNode),
      permission: null,
    }),
    subTree: defineExtra({
      method: 'GET',
      path: 'sub-tree',
      summary: 'The whole subtree below parentId',
      query: z.object({ parentId: z.string(say('missingParam')).pipe(parentIdString) }),
      response: z.array(treeNode),
      permission: null,
    }),
    select: defineExtra({
      method: 'GET',
      path: 'select',
      summary: 'The depts a user holds (default the caller), for the switch dialog',
      query: z.object({ userId: z.preprocess((v) => (v === '' ? undefined : v), idString.optional()) }),
      response: z.array(deptRow),
      permission: null,
    }),
  },
  view: {
    title: ['机构管理', 'Departments'],
    columns: [
      { prop: 'deptName', label: ['机构名称', 'Name'], search: true },
      { prop: 'fullName', label: ['机构全称', 'Full name'], search: true },
      { prop: 'parentId', label: ['上级机构', 'Parent'], type: 'tree', hideInTable: true },
      { prop: 'deptCategory', label: ['机构类型', 'Type'], type: 'select', dict: 'org_category' },
      { prop: 'leaderId', label: ['负责人', 'Leader'], type: 'tree', hideInTable: true },
      { prop: 'leaderName', label: ['负责人', 'Leader'], hideInForm: true },
      { prop: 'sort', label: ['排序', 'Sort'], type: 'number' },
      { prop: 'remark', label: ['备注', 'Remark'], type: 'textarea', hideInTable: true },
    ],
  },
});
