import { badRequest, syncMessages as m, rowMessage, withDetail } from '@sso/shared-api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { readSheet, type SheetLayout, type SheetRow } from '../../domain/excel-sheet.js';
import { live } from '../../kernel/live-rows.js';
import { parseCsv } from './csv.js';
import type { DirectoryReader, DirectorySnapshot, SourceDept, SourcePerson, SourceProblem } from './directory.js';

/**
 * The HR file (人事文件): the user import's columns (account, nickname, real name, employee number,
 * phone, email) with the department as a path from the top (`总部/财务部/应付组`), an optional post
 * path (`财务类/会计`, the post being its last part) and an optional status (在职 / 离职: a leaver
 * is disabled). The employee number is each person's key; a department's key is its path, so a
 * renamed department in the file is a new one. The header row may name a column in Chinese, in
 * English or by its key.
 */
const HR_COLUMNS = [
  { key: 'account', label: ['登录账号', 'Account'], width: 18 },
  { key: 'name', label: ['用户昵称', 'Nickname'], width: 16 },
  { key: 'realName', label: ['用户姓名', 'Real name'], width: 12 },
  { key: 'code', label: ['用户编号', 'Employee number'], width: 14 },
  { key: 'deptPath', label: ['部门路径', 'Department path'], width: 30 },
  { key: 'postPath', label: ['岗位路径', 'Post path'], width: 20 },
  { key: 'phone', label: ['手机号码', 'Phone'], width: 14 },
  { key: 'email', label: ['电子邮箱', 'Email'], width: 24 },
  { key: 'status', label: ['状态', 'Status'], width: 8 },
] as const;
type HrKey = (typeof HR_COLUMNS)[number]['key'];

export const HR_SHEET: SheetLayout<HrKey> = {
  sheet: '人事数据',
  columns: HR_COLUMNS,
  required: ['account', 'realName', 'code', 'deptPath'],
};

const MAX_ROWS = 100_000;
const WIDTHS: Partial<Record<HrKey, number>> = { account: 45, code: 45, phone: 45, email: 45, name: 64, realName: 64 };
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const LEFT = new Set(['离职', 'left', 'inactive', '0']);
const ACTIVE = new Set(['', '在职', 'active', '1']);

/** The rows of an HR file with their row numbers (the header is row 1): xlsx when it is a zip, else UTF-8 CSV. */
export async function hrRows(data: Uint8Array): Promise<{ row: number; values: SheetRow<HrKey> }[]> {
  const rows = data[0] === 0x50 && data[1] === 0x4b ? await readSheet(HR_SHEET, data) : csvRows(data);
  if (!rows.length) throw badRequest(m.say.fileEmpty);
  if (rows.length > MAX_ROWS) throw badRequest(m.say.fileTooMany);
  return rows;
}

function csvRows(data: Uint8Array): { row: number; values: SheetRow<HrKey> }[] {
  let content: string;
  try {
    content = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw badRequest(m.say.fileUnreadable);
  }
  const records = parseCsv(content);
  if (!records) throw badRequest(m.say.fileUnreadable);
  const [header, ...body] = records;
  const positions = new Map<HrKey, number>();
  for (const [index, cell] of (header ?? []).entries()) {
    const name = cell.trim().toLowerCase();
    const column = HR_COLUMNS.find((c) => c.key.toLowerCase() === name || c.label.some((l) => l.toLowerCase() === name));
    if (column && !positions.has(column.key)) positions.set(column.key, index);
  }
  for (const required of HR_SHEET.required) {
    if (!positions.has(required))
      throw badRequest(withDetail(m.say.fileColumn, String(HR_COLUMNS.find((c) => c.key === required)?.label[0])));
  }
  const rows: { row: number; values: SheetRow<HrKey> }[] = [];
  for (const [index, record] of body.entries()) {
    const values = Object.fromEntries(HR_COLUMNS.map((c) => [c.key, (record[positions.get(c.key) ?? -1] ?? '').trim()])) as SheetRow<HrKey>;
    if (Object.values(values).some((v) => v !== '')) rows.push({ row: index + 2, values });
  }
  return rows;
}

/** A department path's parts: separated by `/`, none empty. */
const pathParts = (path: string) => path.split('/').map((part) => part.trim());

/** The tenant's posts by name (a name may be held by several: such a name is refused as unclear). */
export async function postsByName(db: Kysely<Database>, tenantId: string): Promise<Map<string, string[]>> {
  const posts = await db.selectFrom('blade_post').select(['id', 'postName']).$call(live(tenantId)).execute();
  const byName = new Map<string, string[]>();
  for (const post of posts) byName.set(post.postName, [...(byName.get(post.postName) ?? []), post.id]);
  return byName;
}

/**
 * The departments and people of an HR file, and each broken row named with its number and reason.
 * A post path names one of the tenant's posts by its last part (`财务类/会计`: the post 会计).
 */
export function snapshotOfRows(rows: { row: number; values: SheetRow<HrKey> }[], posts: Map<string, string[]>): DirectorySnapshot {
  const depts = new Map<string, SourceDept>();
  const people: SourcePerson[] = [];
  const problems: SourceProblem[] = [];
  const codes = new Set<string>();
  const accounts = new Set<string>();
  for (const { row, values: v } of rows) {
    const refuse = (message: string) => problems.push({ origin: `row ${row}`, message: rowMessage(row, message).text });
    if (!v.account) {
      refuse(m.rowAccount);
      continue;
    }
    if (!v.code) {
      refuse(m.rowCode);
      continue;
    }
    const parts = pathParts(v.deptPath);
    if (!v.deptPath || parts.some((part) => !part || [...part].length > 45)) {
      refuse(m.rowDeptPath);
      continue;
    }
    const status = v.status.toLowerCase();
    if (!LEFT.has(status) && !ACTIVE.has(status)) {
      refuse(m.rowStatus);
      continue;
    }
    if (v.email && !EMAIL.test(v.email)) {
      refuse(m.rowEmail);
      continue;
    }
    if ((Object.keys(WIDTHS) as HrKey[]).some((key) => [...v[key]].length > (WIDTHS[key] ?? Infinity))) {
      refuse(m.rowTooLong);
      continue;
    }
    const postName = v.postPath ? (pathParts(v.postPath).at(-1) ?? '') : '';
    const postIds = postName ? (posts.get(postName) ?? []) : [];
    if (v.postPath && postIds.length !== 1) {
      refuse(`${m.rowPost}: ${v.postPath}`);
      continue;
    }
    if (codes.has(v.code)) {
      refuse(m.rowDuplicateCode);
      continue;
    }
    if (accounts.has(v.account.toLowerCase())) {
      refuse(m.rowDuplicateAccount);
      continue;
    }
    codes.add(v.code);
    accounts.add(v.account.toLowerCase());
    for (let depth = 1; depth <= parts.length; depth++) {
      const key = parts.slice(0, depth).join('/');
      if (!depts.has(key)) {
        depts.set(key, {
          externalId: key,
          name: parts[depth - 1] as string,
          parentExternalId: depth > 1 ? parts.slice(0, depth - 1).join('/') : null,
        });
      }
    }
    people.push({
      externalId: v.code,
      origin: `row ${row}`,
      account: v.account,
      code: v.code,
      name: v.name || v.realName,
      realName: v.realName,
      phone: v.phone || null,
      email: v.email || null,
      deptExternalId: parts.join('/'),
      active: !LEFT.has(status),
      ...(postIds[0] ? { post: { id: postIds[0], name: postName } } : {}),
    });
  }
  return { depts: [...depts.values()], people, problems };
}

/** Reads the HR file last uploaded to a source. */
export function fileReader(db: Kysely<Database>, tenantId: string, file: { name: string; data: Uint8Array }): DirectoryReader {
  return {
    async read() {
      return snapshotOfRows(await hrRows(file.data), await postsByName(db, tenantId));
    },
    // The file is there (readerFor refuses a source without one) and readable, its rows whatever they hold.
    async probe() {
      await hrRows(file.data);
    },
  };
}
