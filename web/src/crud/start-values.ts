import type { ColumnView, ResourceDef } from '@sso/shared-api';
import type { Row } from './crud-api.js';

/** BladeX names a row's place among its siblings `sort`, a number, on every table that orders rows by hand. */
export const isSortColumn = (column: ColumnView): boolean => column.prop === 'sort' && column.type === 'number';

/** The node of a tree (rows with `children`) whose id is `id`, if the rows listed hold it. */
function nodeOf(rows: readonly Row[], id: string): Row | undefined {
  for (const row of rows) {
    if (String(row.id) === id) return row;
    const below = Array.isArray(row.children) ? nodeOf(row.children as Row[], id) : undefined;
    if (below) return below;
  }
  return undefined;
}

/**
 * The rows a new row goes among: the children of its preset parent when the rows listed hold that
 * parent (none yet when they are not loaded), else the rows listed (a dictionary's entries, the
 * top of a tree).
 */
function siblingsOf(rows: readonly Row[], presets: Row | undefined): readonly Row[] {
  const parentId = presets?.parentId === undefined ? '' : String(presets.parentId);
  const parent = parentId && parentId !== '0' ? nodeOf(rows, parentId) : undefined;
  if (!parent) return rows;
  return Array.isArray(parent.children) ? (parent.children as Row[]) : [];
}

/**
 * The values an add form opens with: the presets, and a sort field not preset placed after the
 * last of its siblings listed (1 when there are none). The entities need a sort, and a form that
 * refuses its first submit for a number nobody thinks about is a form nobody can fill.
 */
export function startValues(def: ResourceDef, rows: readonly Row[], presets?: Row): Row | undefined {
  const sort = def.view.columns.find((column) => isSortColumn(column) && !column.hideInForm);
  if (!sort || presets?.[sort.prop] !== undefined) return presets;
  const taken = siblingsOf(rows, presets)
    .map((row) => Number(row[sort.prop]))
    .filter(Number.isFinite);
  return { ...presets, [sort.prop]: taken.length ? Math.max(...taken) + 1 : 1 };
}
