import { badRequest, userMessages, withDetail } from '@sso/shared-api';
import type ExcelJS from 'exceljs';
import { onFirstUse } from '../kernel/on-first-use.js';

/** One sheet with a header row of labels: the xlsx layout of every export, template and import. */

interface SheetColumn<K extends string> {
  key: K;
  /** Chinese (written in the header) and English; an upload may head a column with either, or the key. */
  label: readonly [string, string];
  width: number;
}

export interface SheetLayout<K extends string> {
  sheet: string;
  columns: readonly SheetColumn<K>[];
  /** Columns an upload must have. */
  required: readonly K[];
}

// The user import's wording says nothing about users: every sheet answers with it.
const { importUnreadable: unreadable, importColumn: missingColumn } = userMessages.say;

export type SheetRow<K extends string> = Record<K, string>;

const excel = onFirstUse<typeof ExcelJS>('exceljs');

export async function writeSheet<K extends string>(layout: SheetLayout<K>, rows: SheetRow<K>[]): Promise<Uint8Array> {
  const workbook = new (excel().Workbook)();
  const sheet = workbook.addWorksheet(layout.sheet);
  sheet.columns = layout.columns.map((c) => ({ header: c.label[0], key: c.key, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  // Text cells throughout: phone numbers and codes keep their leading zeros.
  for (const column of layout.columns) sheet.getColumn(column.key).numFmt = '@';
  for (const row of rows) sheet.addRow(row);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return cell.text.trim();
}

/** The data rows of an uploaded sheet with their row numbers; empty rows are skipped. */
export async function readSheet<K extends string>(
  layout: SheetLayout<K>,
  data: Uint8Array,
): Promise<{ row: number; values: SheetRow<K> }[]> {
  const workbook = new (excel().Workbook)();
  try {
    await workbook.xlsx.load(Buffer.from(data.buffer, data.byteOffset, data.byteLength) as never);
  } catch {
    throw badRequest(unreadable);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw badRequest(unreadable);
  const positions = new Map<K, number>();
  sheet.getRow(1).eachCell((cell, col) => {
    const text = cellText(cell);
    const column = layout.columns.find((c) => c.label.some((l) => l.toLowerCase() === text.toLowerCase()) || c.key === text);
    if (column) positions.set(column.key, col);
  });
  for (const required of layout.required) {
    if (!positions.has(required)) {
      throw badRequest(withDetail(missingColumn, String(layout.columns.find((c) => c.key === required)?.label[0])));
    }
  }
  const rows: { row: number; values: SheetRow<K> }[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    if (number === 1) return;
    const values = Object.fromEntries(
      layout.columns.map((c) => {
        const col = positions.get(c.key);
        return [c.key, col ? cellText(row.getCell(col)) : ''];
      }),
    ) as SheetRow<K>;
    if (Object.values(values).some((v) => v !== '')) rows.push({ row: number, values });
  });
  return rows;
}
