import { Box, Text } from 'ink';
import type { TableColumn } from '../core/view-specs.js';
import { displayWidth, fit, oneLine } from '../core/width.js';

interface TableProps {
  columns: readonly TableColumn[];
  rows: readonly Record<string, unknown>[];
  /** Terminal columns the table may use. */
  width: number;
  cursor?: number;
  /** Keys of the checked rows (multi-select); a mark column is drawn when given. */
  checked?: ReadonlySet<string>;
  rowKey?: string;
  /** What a row cell shows; the raw value by default. */
  cell?: (row: Record<string, unknown>, column: TableColumn) => string;
}

const GAP = 2;
const MIN = 4;

/**
 * Column widths that fit `width`: each column as wide as its widest text (header included, up to
 * its max); while too wide, the widest column gives up one column at a time, down to a minimum.
 */
export function fitColumns(natural: readonly number[], width: number): number[] {
  const widths = [...natural];
  const total = () => widths.reduce((sum, w) => sum + w, 0) + GAP * Math.max(0, widths.length - 1);
  while (total() > width) {
    let widest = 0;
    for (let i = 1; i < widths.length; i++) if (widths[i] > widths[widest]) widest = i;
    if (widths[widest] <= MIN) break;
    widths[widest]--;
  }
  return widths;
}

/**
 * A table drawn as fixed lines (one Text per row, never wrapping), so a refresh with new rows
 * rewrites the same lines in place. Chinese text counts two columns.
 */
export function Table({ columns, rows, width, cursor = -1, checked, rowKey = 'id', cell }: TableProps) {
  const show = cell ?? ((row, column) => oneLine(row[column.key]));
  const mark = checked ? 2 : 0;
  const texts = rows.map((row) => columns.map((column) => show(row, column)));
  const natural = columns.map((column, i) =>
    Math.min(column.max ?? 40, Math.max(displayWidth(column.label), ...texts.map((line) => displayWidth(line[i])))),
  );
  const widths = fitColumns(natural, width - mark - 1);
  const line = (cells: readonly string[]) => cells.map((text, i) => fit(text, widths[i])).join(' '.repeat(GAP));
  return (
    <Box flexDirection="column">
      <Text bold wrap="truncate">
        {' '.repeat(mark)}
        {line(columns.map((column) => column.label))}
      </Text>
      {rows.map((row, index) => {
        const key = String(row[rowKey] ?? index);
        const current = index === cursor;
        return (
          <Text key={key} inverse={current} wrap="truncate">
            {checked ? (checked.has(key) ? '● ' : '○ ') : ''}
            {line(texts[index])}
          </Text>
        );
      })}
    </Box>
  );
}
