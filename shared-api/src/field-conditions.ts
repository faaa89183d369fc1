import type { ColumnView, FieldCondition } from './resource.js';

/** Whether a condition holds for a form's values: the field's value, as text, is one of those listed. */
export function conditionHolds(condition: FieldCondition, values: Readonly<Record<string, unknown>>): boolean {
  const value = values[condition.field];
  if (value === undefined || value === null) return false;
  return condition.in.some((wanted) => String(wanted) === String(value));
}

/** Whether a column's field applies to a form holding these values (a field without `appliesWhen` always does). */
export const fieldApplies = (column: ColumnView, values: Readonly<Record<string, unknown>>): boolean =>
  !column.appliesWhen || conditionHolds(column.appliesWhen, values);

/** Whether a column's field must be filled for these values by its `requiredWhen` (the entity's own rules aside). */
export const requiredByCondition = (column: ColumnView, values: Readonly<Record<string, unknown>>): boolean =>
  Boolean(column.requiredWhen && conditionHolds(column.requiredWhen, values));

/** The fields other fields' conditions read: a form redraws those conditions when one of them changes. */
export const conditionFields = (columns: readonly ColumnView[]): string[] => [
  ...new Set(columns.flatMap((column) => [column.appliesWhen?.field, column.requiredWhen?.field].filter((f): f is string => Boolean(f)))),
];
