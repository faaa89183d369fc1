import { type DictImportRow, dictImportRow, type ResourceDef, resourceClient, type SsoClient } from '@sso/shared-api';
import { CliError } from './errors.js';
import type { Table } from './input-files.js';
import { renderRows } from './output.js';

export const DICT_COLUMNS = ['code', 'dictKey', 'dictValue', 'dictValueEn', 'sort', 'isSealed', 'remark', 'parentKey', 'codeName'] as const;
const REQUIRED = ['code', 'dictKey', 'dictValue'];

interface CheckedRow {
  line: number;
  row: DictImportRow;
}
interface RowProblem {
  line: number;
  message: string;
}

/**
 * Every row checked before anything is sent: the header (required and unknown columns), each
 * row against the contract's schema, and duplicate keys (code + parentKey + dictKey) with both lines.
 */
export function checkDictTable(table: Table): { rows: CheckedRow[]; problems: RowProblem[] } {
  const missing = REQUIRED.filter((c) => !table.headers.includes(c));
  const unknown = table.headers.filter((h) => !(DICT_COLUMNS as readonly string[]).includes(h));
  if (missing.length || unknown.length) {
    const parts = [
      missing.length ? `缺少列 (missing columns): ${missing.join(', ')}` : '',
      unknown.length ? `未知列 (unknown columns): ${unknown.join(', ')}` : '',
    ];
    throw new CliError(`${parts.filter(Boolean).join('; ')} — expected ${DICT_COLUMNS.join(',')}`);
  }
  const rows: CheckedRow[] = [];
  const problems: RowProblem[] = [];
  const seen = new Map<string, number>();
  for (const { line, values } of table.rows) {
    const present = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ''));
    const parsed = dictImportRow.safeParse(present);
    if (!parsed.success) {
      problems.push({ line, message: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') });
      continue;
    }
    const key = `${parsed.data.code}|${parsed.data.parentKey ?? ''}|${parsed.data.dictKey}`;
    const first = seen.get(key);
    if (first !== undefined)
      problems.push({ line, message: `重复的键 (duplicate key) ${parsed.data.code}/${parsed.data.dictKey}, first on line ${first}` });
    else seen.set(key, line);
    rows.push({ line, row: present as DictImportRow });
  }
  return { rows, problems };
}

/** Every entry of the dictionary in the import format (groups become codeName), parents before children. */
export async function exportDict(client: SsoClient, def: ResourceDef): Promise<Record<string, unknown>[]> {
  const api = resourceClient(client, def);
  const all: Record<string, unknown>[] = [];
  for (let current = 1; ; current++) {
    const page = (await api.list({ current, size: 200, ascs: 'id' })) as { records: Record<string, unknown>[]; pages: number };
    all.push(...page.records);
    if (current >= page.pages || !page.records.length) break;
  }
  const byId = new Map(all.map((r) => [r.id as string, r]));
  return all
    .filter((r) => r.parentId !== '0')
    .map((r) => {
      const parent = byId.get(r.parentId as string);
      const group = parent?.parentId === '0' ? parent : all.find((g) => g.parentId === '0' && g.code === r.code);
      return {
        code: r.code,
        dictKey: r.dictKey,
        dictValue: r.dictValue,
        dictValueEn: r.dictValueEn ?? '',
        sort: r.sort,
        isSealed: r.isSealed,
        remark: r.remark ?? '',
        parentKey: parent && parent.parentId !== '0' ? parent.dictKey : '',
        codeName: group?.dictValue ?? '',
      };
    });
}

export const renderDict = (rows: Record<string, unknown>[], format: 'csv' | 'json') => renderRows(format, [...DICT_COLUMNS], rows);
