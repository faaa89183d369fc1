import { badRequest, userMessages as m } from '@sso/shared-api';
import ExcelJS from 'exceljs';

/** The xlsx layout of user export, template and import: one sheet, a header row of labels. */

export const USER_COLUMNS = [
  { key: 'account', label: ['登录账号', 'Account'], width: 18 },
  { key: 'name', label: ['用户昵称', 'Nickname'], width: 16 },
  { key: 'realName', label: ['用户姓名', 'Real name'], width: 12 },
  { key: 'code', label: ['用户编号', 'Employee number'], width: 14 },
  { key: 'userType', label: ['用户平台', 'Platform'], width: 10 },
  { key: 'roleName', label: ['所属角色', 'Roles'], width: 20 },
  { key: 'deptName', label: ['所属部门', 'Departments'], width: 20 },
  { key: 'postName', label: ['所属岗位', 'Posts'], width: 16 },
  { key: 'phone', label: ['手机号码', 'Phone'], width: 14 },
  { key: 'email', label: ['电子邮箱', 'Email'], width: 24 },
  { key: 'sex', label: ['用户性别', 'Sex'], width: 8 },
  { key: 'birthday', label: ['用户生日', 'Birthday'], width: 12 },
] as const;

export type ExcelKey = (typeof USER_COLUMNS)[number]['key'];
export type ExcelRow = Record<ExcelKey, string>;

/** Dictionary values as a person reads them in the sheet (dicts `sex` and `user_type`). */
export const SEX_NAMES: Record<number, string> = { 1: '男', 2: '女', 3: '未知' };
export const USER_TYPE_NAMES: Record<number, string> = { 1: 'web', 2: 'app', 3: 'other' };

const SHEET = '用户数据';

export async function writeUsers(rows: ExcelRow[]): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(SHEET);
  sheet.columns = USER_COLUMNS.map((c) => ({ header: c.label[0], key: c.key, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  // Text cells throughout: phone numbers and codes keep their leading zeros.
  for (const column of USER_COLUMNS) sheet.getColumn(column.key).numFmt = '@';
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
export async function readUsers(data: Uint8Array): Promise<{ row: number; values: ExcelRow }[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(data.buffer, data.byteOffset, data.byteLength) as never);
  } catch {
    throw badRequest(m.importUnreadable);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw badRequest(m.importUnreadable);
  const positions = new Map<ExcelKey, number>();
  sheet.getRow(1).eachCell((cell, col) => {
    const text = cellText(cell);
    const column = USER_COLUMNS.find((c) => c.label.some((l) => l.toLowerCase() === text.toLowerCase()) || c.key === text);
    if (column) positions.set(column.key, col);
  });
  for (const required of ['account', 'name', 'realName', 'roleName', 'deptName'] as const) {
    if (!positions.has(required)) {
      throw badRequest(`${m.importColumn}: ${USER_COLUMNS.find((c) => c.key === required)?.label[0]}`);
    }
  }
  const rows: { row: number; values: ExcelRow }[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    if (number === 1) return;
    const values = Object.fromEntries(
      USER_COLUMNS.map((c) => {
        const col = positions.get(c.key);
        return [c.key, col ? cellText(row.getCell(col)) : ''];
      }),
    ) as ExcelRow;
    if (Object.values(values).some((v) => v !== '')) rows.push({ row: number, values });
  });
  return rows;
}
