import type { ResourceDef } from '@sso/shared-api';

type Row = Record<string, unknown>;

/**
 * A display name the definition labels per value with a [Chinese, English] pair (a log's kind),
 * in the screen's language: the server answers the Chinese, so an English screen reads the label
 * from the definition by the row's value instead. Undefined for any other column.
 */
export function labelledName(def: ResourceDef, prop: string, row: Row, language: string): string | undefined {
  const source = def.names[prop];
  if (!source || !('labels' in source)) return undefined;
  const values = String(row[source.field] ?? '')
    .split(',')
    .filter(Boolean);
  const labels = values.map((value) => source.labels[value]);
  if (!labels.length || labels.some((label) => label === undefined)) return undefined;
  return labels.map((label) => (typeof label === 'string' ? label : label[language === 'en' ? 1 : 0])).join(',');
}

/** A row to show (the view dialog) with its per-value labelled names in the screen's language. */
export function withLabelledNames(def: ResourceDef, row: Row, language: string): Row {
  const shown = { ...row };
  for (const prop of Object.keys(def.names)) {
    const label = labelledName(def, prop, row, language);
    if (label !== undefined) shown[prop] = label;
  }
  return shown;
}
