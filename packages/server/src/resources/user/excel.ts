import { readSheet, type SheetLayout, type SheetRow, writeSheet } from '../../domain/excel-sheet.js';

/** The xlsx layout of user export, template and import. */

const USER_COLUMNS = [
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

type ExcelKey = (typeof USER_COLUMNS)[number]['key'];
export type ExcelRow = SheetRow<ExcelKey>;

/** Dictionary values as a person reads them in the sheet (dicts `sex` and `user_type`). */
export const SEX_NAMES: Record<number, string> = { 1: '男', 2: '女', 3: '未知' };
export const USER_TYPE_NAMES: Record<number, string> = { 1: 'web', 2: 'app', 3: 'other' };

const USER_SHEET: SheetLayout<ExcelKey> = {
  sheet: '用户数据',
  columns: USER_COLUMNS,
  required: ['account', 'name', 'realName', 'roleName', 'deptName'],
};

export const writeUsers = (rows: ExcelRow[]): Promise<Uint8Array> => writeSheet(USER_SHEET, rows);

/** The data rows of an uploaded sheet with their row numbers; empty rows are skipped. */
export const readUsers = (data: Uint8Array) => readSheet(USER_SHEET, data);
