import { badRequest, region, type UploadedFile, regionExcelMessages as x } from '@sso/shared-api';
import { someExtraHandlers } from '../../engine/extra-handlers.js';
import { type FileDownload, XLSX_TYPE } from '../../engine/multipart.js';
import { toListRequest } from '../../engine/query.js';
import { type RegionSheetRow, readRegions, writeRegions } from './excel.js';
import { importRegions } from './import.js';

/** export-region, export-template and import-region (xlsx), as the user extras do for users. */

const MAX_EXPORT = 10_000;
const MAX_IMPORT = 5_000;

const today = () => new Date().toISOString().slice(0, 10).replaceAll('-', '');
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

export const regionExcelHandlers = someExtraHandlers(region, {
  async exportRegion({ def, repo, query, caller }): Promise<FileDownload> {
    const page = await repo.list(caller, { ...toListRequest(def, query), current: 1, size: MAX_EXPORT });
    const rows: RegionSheetRow[] = page.records.map((r) => ({
      code: text(r.code),
      parentCode: text(r.parentCode),
      name: text(r.name),
      level: text(r.level),
      sort: text(r.sort),
      remark: text(r.remark),
    }));
    return { filename: `行政区划数据${today()}.xlsx`, contentType: XLSX_TYPE, data: await writeRegions(rows) };
  },

  async exportTemplate(): Promise<FileDownload> {
    return { filename: '行政区划模板.xlsx', contentType: XLSX_TYPE, data: await writeRegions([]) };
  },

  /** Regions are platform-wide: only the platform tenant writes them, as with the generic save. */
  async importRegion({ ctx, repo, query, body, caller: who }) {
    repo.assertMayWrite(who);
    const sheet = await readRegions((body.file as UploadedFile).data);
    if (!sheet.length) throw badRequest(x.say.importEmpty);
    if (sheet.length > MAX_IMPORT) throw badRequest(x.say.importTooMany);
    return importRegions({ ctx, repo, caller: who, sheet, covered: Number(query.isCovered) === 1 });
  },
});
