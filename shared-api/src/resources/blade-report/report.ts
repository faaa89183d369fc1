import { z } from 'zod';
import { optionalText, requiredText } from '../../common.js';
import { defineMessages } from '../../messages.js';
import { defineResource } from '../../resource.js';

const m = defineMessages('report', { name: ['请输入报表名称', 'Please enter the report name'] });

/** Report files (BladeX ureport storage): a name with inline content or a link to object storage. */
export const reportFile = defineResource({
  service: 'blade-report',
  name: 'report',
  table: 'blade_report_file',
  basePath: '/api/blade-report/report/rest',
  tenantScoped: true,
  permission: 'reportlist',
  entity: z.object({ name: requiredText(m.say.name, 255), content: optionalText(1_000_000), link: optionalText(1000) }),
  filters: { name: 'like' },
  sorts: ['name'],
  defaultSort: { column: 'createTime', desc: true },
  view: {
    title: ['报表列表', 'Reports'],
    actions: { add: false, edit: false },
    columns: [
      { prop: 'name', label: ['报表名称', 'Name'], search: true },
      { prop: 'link', label: ['文件地址', 'Link'] },
      { prop: 'createTime', label: ['创建时间', 'Created'], hideInForm: true },
    ],
  },
});
