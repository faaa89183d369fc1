import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import ExcelJS from 'exceljs';
import { CliError, usageError } from './errors.js';
import type { Output } from './output.js';

/** A data row of an input file with its line (1-based, as an editor shows it). */
interface SourceRow {
  line: number;
  values: Record<string, string>;
}
export interface Table {
  headers: string[];
  rows: SourceRow[];
}

/** The bytes of --file PATH, or standard input for `-`. */
export async function readSource(file: string, output: Output): Promise<Buffer> {
  if (file !== '-')
    return readFile(file).catch((error: NodeJS.ErrnoException) => Promise.reject(new CliError(`${file}: ${error.message}`)));
  if (!output.readStdin) throw usageError('--file -: no standard input');
  return output.readStdin();
}

/** UTF-8 text (a BOM is dropped); other encodings are refused rather than read as garbage. */
export function decodeUtf8(bytes: Uint8Array, name: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new CliError(`${name}: 文件不是 UTF-8 编码 (not UTF-8: save it as UTF-8, e.g. iconv -f GBK -t UTF-8)`);
  }
}

/** Ids or accounts, one a line (blank lines and # comments skipped), with their lines. */
export function parseList(text: string): { line: number; value: string }[] {
  return text
    .split(/\r?\n/)
    .map((raw, i) => ({ line: i + 1, value: raw.trim() }))
    .filter((item) => item.value && !item.value.startsWith('#'));
}

/** RFC 4180 CSV: quoted fields may hold commas, quotes ("") and line breaks. */
export function parseCsv(text: string): Table {
  const records: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === '\n') line++;
        cell += ch;
      }
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === ',') {
      cells.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      cells.push(cell);
      if (cells.some((c) => c !== '')) records.push({ line: start, cells });
      cells = [];
      cell = '';
      start = ++line;
    } else cell += ch;
  }
  cells.push(cell);
  if (cells.some((c) => c !== '')) records.push({ line: start, cells });
  return toTable(records);
}

function toTable(records: { line: number; cells: string[] }[]): Table {
  const [head, ...body] = records;
  const headers = (head?.cells ?? []).map((h) => h.trim());
  const rows = body.map(({ line, cells }) => ({ line, values: Object.fromEntries(headers.map((h, i) => [h, (cells[i] ?? '').trim()])) }));
  return { headers, rows };
}

/** The first sheet of an xlsx workbook; cells as text. */
async function parseXlsx(bytes: Uint8Array): Promise<Table> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new CliError('不是有效的 xlsx 文件 (not a valid xlsx file)');
  }
  const sheet = workbook.worksheets[0];
  const records: { line: number; cells: string[] }[] = [];
  sheet?.eachRow((row, line) => {
    const values = row.values as unknown[];
    records.push({
      line,
      cells: values
        .slice(1)
        .map((v) => (v === null || v === undefined ? '' : typeof v === 'object' && 'text' in v ? String(v.text) : String(v))),
    });
  });
  return toTable(records);
}

/** JSON: an array of objects; lines are the positions in the array (1-based). */
function parseJsonRows(text: string, name: string): Table {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new CliError(`${name}: JSON 格式错误 (${(error as Error).message})`);
  }
  if (!Array.isArray(data)) throw new CliError(`${name}: 需要一个 JSON 数组 (expected an array of objects)`);
  const headers = [...new Set(data.flatMap((r) => (r && typeof r === 'object' ? Object.keys(r) : [])))];
  const rows = data.map((r, i) => ({
    line: i + 1,
    values: Object.fromEntries(
      Object.entries((r ?? {}) as Record<string, unknown>).map(([k, v]) => [k, v === null || v === undefined ? '' : String(v)]),
    ),
  }));
  return { headers, rows };
}

/** A table from --file or a path: by extension (csv, xlsx, json); standard input is CSV unless it looks like JSON. */
export async function readTable(file: string, output: Output): Promise<Table> {
  const bytes = await readSource(file, output);
  const ext = extname(file).toLowerCase();
  if (ext === '.xlsx') return parseXlsx(bytes);
  const text = decodeUtf8(bytes, file);
  if (ext === '.json' || (file === '-' && text.trimStart().startsWith('['))) return parseJsonRows(text, file);
  return parseCsv(text);
}
