import { readSheet, type SheetLayout, type SheetRow, writeSheet } from '../../domain/excel-sheet.js';

/** The xlsx layout of region export, template and import: the columns a person edits; the rest derive from the parent. */

const REGION_COLUMNS = [
  { key: 'code', label: ['区划编号', 'Code'], width: 16 },
  { key: 'parentCode', label: ['上级区划编号', 'Parent code'], width: 16 },
  { key: 'name', label: ['区划名称', 'Name'], width: 20 },
  { key: 'level', label: ['区划层级', 'Level'], width: 10 },
  { key: 'sort', label: ['排序', 'Sort'], width: 8 },
  { key: 'remark', label: ['备注', 'Remark'], width: 30 },
] as const;

type RegionKey = (typeof REGION_COLUMNS)[number]['key'];
export type RegionSheetRow = SheetRow<RegionKey>;

const REGION_SHEET: SheetLayout<RegionKey> = {
  sheet: '行政区划',
  columns: REGION_COLUMNS,
  required: ['code', 'parentCode', 'name', 'sort'],
};

export const writeRegions = (rows: RegionSheetRow[]): Promise<Uint8Array> => writeSheet(REGION_SHEET, rows);
export const readRegions = (data: Uint8Array) => readSheet(REGION_SHEET, data);
