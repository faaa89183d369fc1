/** Where a command writes and reads; injectable so tests can capture output and feed input. */
export interface Output {
  out(text: string): void;
  err(text: string): void;
  /** Binary standard output (xlsx export into a pipe). */
  outBytes?: (bytes: Uint8Array) => void;
  /** Whether standard output is a terminal: tables and progress only then. */
  isTTY?: boolean;
  /** Standard input as bytes (`--file -`, `--password-stdin`). */
  readStdin?: () => Promise<Buffer>;
  /** Asks a question on the terminal (password, confirmation); absent when it cannot prompt. */
  prompt?: (question: string, hidden?: boolean) => Promise<string>;
}

export const processOutput: Output = {
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
  outBytes: (bytes) => void process.stdout.write(bytes),
  isTTY: Boolean(process.stdout.isTTY),
  readStdin: async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  },
};

/** Plain-text table: one header row, columns padded to their widest cell (CJK counts double). */
function formatTable(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = headers.map((h, i) => Math.max(displayWidth(h), ...rows.map((r) => displayWidth(r[i] ?? ''))));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => cell + ' '.repeat(widths[i] - displayWidth(cell)))
      .join('  ')
      .trimEnd();
  return [line(headers), ...rows.map(line)].map((l) => `${l}\n`).join('');
}

/** CJK, Hangul and full-width forms: two terminal columns each. */
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/;

export function displayWidth(text: string): number {
  let width = 0;
  for (const ch of text) width += WIDE.test(ch) ? 2 : 1;
  return width;
}

type OutputMode = 'table' | 'tsv' | 'json' | 'csv';

/** --json / --csv when asked; otherwise a table on a terminal and tab-separated text when piped. */
export function modeOf(output: Output, options: { json?: boolean; csv?: boolean }): OutputMode {
  if (options.json) return 'json';
  if (options.csv) return 'csv';
  return output.isTTY ? 'table' : 'tsv';
}

export const cellText = (value: unknown): string =>
  value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);

const csvCell = (text: string) => (/[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/** Rows in the chosen mode; `header` false continues a stream (`--all` prints page after page). */
export function renderRows(mode: OutputMode, fields: readonly string[], rows: readonly Record<string, unknown>[], header = true): string {
  if (mode === 'json') return `${JSON.stringify(rows, null, 2)}\n`;
  const cells = rows.map((row) => fields.map((f) => cellText(row[f])));
  if (mode === 'table')
    return formatTable(
      fields.map((f) => f.toUpperCase()),
      cells,
    );
  if (mode === 'csv') return [...(header ? [fields] : []), ...cells].map((r) => `${r.map(csvCell).join(',')}\n`).join('');
  // Piped like gh: no header, one row a line, tab-separated (cut -f1 works).
  return cells.map((r) => `${r.map((c) => c.replace(/[\t\n]/g, ' ')).join('\t')}\n`).join('');
}
