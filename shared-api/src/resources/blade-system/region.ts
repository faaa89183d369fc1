import { z } from 'zod';
import { formNumber, optionalText, requiredText } from '../../common.js';
import { defineMessages, type Message } from '../../messages.js';
import { defineExtra, defineResource } from '../../resource.js';
import { treeNodeFields } from './dept-tree.js';
import { regionExcelExtras } from './region-extras.js';

export { regionExcelMessages, regionFilters } from './region-extras.js';

export const regionMessages = defineMessages('region', {
  code: ['请输入区划编号', 'Please enter the region code'],
  codeFormat: ['区划编号必须是2到12位数字', 'The region code must be 2 to 12 digits'],
  parentCode: ['请选择上级区划', 'Please choose the parent region'],
  parentFormat: ['上级区划编号必须是1到12位数字', 'The parent region code must be 1 to 12 digits'],
  name: ['请输入区划名称', 'Please enter the region name'],
  level: ['区划层级必须是0到5的整数', 'The region level must be a whole number from 0 to 5'],
  sort: ['请输入区划排序', 'Please enter the region sort order'],
  parentMissing: ['上级区划不存在', 'The parent region does not exist'],
  levelMismatch: ['区划层级与上级区划不符', "The level does not follow the parent region's level"],
  tooDeep: ['村级区划下不能再添加区划', 'No region can be added under a village'],
  moveWithChildren: ['存在下级区划的区划不能更换上级', 'A region with sub-regions cannot move to another parent'],
  hasChildren: ['请先删除下级区划', 'Remove the sub-regions first'],
});
const m = regionMessages;

/** The parent of the provinces (BladeX): the country row 中华人民共和国 has this code. */
export const REGION_ROOT = '00';

/** A code as text; a form may send it as a number. */
const digits = (missing: Message, pattern: RegExp, format: Message) =>
  z
    .union([z.string(), z.number().int().nonnegative()], missing)
    .transform((v) => String(v).trim())
    .pipe(z.string().min(1, missing).regex(pattern, format));

/** `lazy-tree` node: title is the name, id, key and value the code (BladeX INode). */
export type RegionTreeNode = z.infer<typeof treeNodeFields>;
const regionTreeNode = treeNodeFields;

/**
 * Administrative divisions (platform-wide, keyed by their code, no BaseEntity columns). Ancestors
 * and the province/city/district/town/village columns are derived from the parent on save.
 */
export const region = defineResource({
  service: 'blade-system',
  name: 'region',
  table: 'blade_region',
  tenantScoped: false,
  commonColumns: false,
  naturalKey: { field: 'code', detailParam: 'code', removeParam: 'id' },
  permission: 'region',
  cached: true,
  entity: z.object({
    code: digits(m.say.code, /^\d{2,12}$/, m.say.codeFormat),
    parentCode: digits(m.say.parentCode, /^\d{1,12}$/, m.say.parentFormat),
    name: requiredText(m.say.name, 32),
    /** Derived from the parent; when sent it must agree. */
    level: formNumber(m.say.level).pipe(z.number().min(0, m.say.level).max(5, m.say.level)).optional(),
    sort: formNumber(m.say.sort),
    remark: optionalText(),
  }),
  filters: { parentCode: 'eq', code: 'like', name: 'like', level: 'eq' },
  sorts: ['sort', 'name', 'level', 'parentCode'],
  defaultSort: { column: 'sort' },
  extras: {
    lazyTree: defineExtra({
      method: 'GET',
      path: 'lazy-tree',
      summary: `Children of parentCode (default ${REGION_ROOT}, the provinces) as tree nodes with hasChildren`,
      query: z.object({
        parentCode: z.preprocess((v) => (v === '' ? undefined : v), digits(m.say.parentCode, /^\d{1,12}$/, m.say.parentFormat).optional()),
      }),
      response: z.array(regionTreeNode),
      permission: 'region',
    }),
    ...regionExcelExtras,
  },
  view: {
    title: ['行政区划', 'Regions'],
    columns: [
      { prop: 'code', label: ['区划编号', 'Code'], search: true },
      { prop: 'name', label: ['区划名称', 'Name'], search: true },
      { prop: 'parentCode', label: ['上级区划', 'Parent'], type: 'tree' },
      { prop: 'level', label: ['区划层级', 'Level'], type: 'select', dict: 'region', hideInForm: true },
      { prop: 'ancestors', label: ['祖区划编号', 'Ancestors'], hideInTable: true, hideInForm: true },
      { prop: 'provinceName', label: ['省级', 'Province'], hideInForm: true },
      { prop: 'cityName', label: ['地市级', 'City'], hideInForm: true },
      { prop: 'districtName', label: ['区县级', 'District'], hideInForm: true },
      { prop: 'townName', label: ['乡镇级', 'Town'], hideInTable: true, hideInForm: true },
      { prop: 'villageName', label: ['村级', 'Village'], hideInTable: true, hideInForm: true },
      { prop: 'sort', label: ['排序', 'Sort'], type: 'number' },
      { prop: 'remark', label: ['备注', 'Remark'], type: 'textarea', hideInTable: true },
    ],
  },
});
