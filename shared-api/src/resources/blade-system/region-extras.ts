import { z } from 'zod';
import { queryInt, uploadedFile } from '../../common.js';
import { defineMessages, say } from '../../messages.js';
import { defineExtra } from '../../resource.js';
import { choice } from '../blade-user/user-fields.js';

/** The xlsx extras of /api/blade-system/region (BladeX export-region, export-template, import-region). */

export const regionExcelMessages = defineMessages('regionExcel', {
  importFile: ['请上传 xlsx 格式的区划数据文件', 'Please upload the regions as an xlsx file'],
  importEmpty: ['导入文件中没有区划数据', 'The file holds no regions'],
  importTooMany: ['单次最多导入5000条区划', 'At most 5000 regions can be imported at once'],
  importDuplicate: ['导入文件中区划编号重复', 'The region code appears twice in the file'],
  codeTaken: ['区划编号已存在', 'The region code already exists'],
  parentCycle: ['上级区划不能是自身或下级区划', 'A region cannot sit under itself or its sub-regions'],
});

/** The filters of the list, also what export-region narrows by. */
export const regionFilters = z.object({
  parentCode: z.string().max(12).optional(),
  code: z.string().max(255).optional(),
  name: z.string().max(255).optional(),
  level: queryInt(say('badNumber')).optional(),
});

const xlsx = z.instanceof(Uint8Array);

export const regionExcelExtras = {
  exportRegion: defineExtra({
    method: 'GET',
    path: 'export-region',
    summary: 'The filtered regions as an xlsx file',
    query: regionFilters,
    response: xlsx,
    download: true,
    permission: 'region_export',
  }),
  exportTemplate: defineExtra({
    method: 'GET',
    path: 'export-template',
    summary: 'The xlsx template of import-region',
    response: xlsx,
    download: true,
    permission: 'region_import',
  }),
  importRegion: defineExtra({
    method: 'POST',
    path: 'import-region',
    summary: 'Import regions from an xlsx file (field "file"); isCovered=1 updates existing codes',
    query: z.object({ isCovered: choice(say('badType'), [0, 1]) }),
    body: z.object({ file: uploadedFile(regionExcelMessages.say.importFile) }),
    response: z.object({ inserted: z.number(), updated: z.number() }),
    multipart: true,
    permission: 'region_import',
  }),
};
