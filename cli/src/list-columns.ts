import type { ResourceDef } from '@sso/shared-api';

/**
 * The column showing a field to a person: the display name the server answers beside it when the
 * definition declares one (`roleId` → `roleName`, `sex` → `sexName`), else the field itself. Lists,
 * pages and tree lists always carry these names, so no second call is needed.
 */
function shownAs(def: ResourceDef, field: string): string {
  const named = Object.entries(def.names).find(([, source]) => source.field === field);
  return named ? named[0] : field;
}

/**
 * The columns of `list` when --fields is not given: the key, then the table's columns with names in
 * place of the ids and codes they stand for. --fields and --json still give the raw fields.
 */
export function defaultColumns(def: ResourceDef): string[] {
  const columns = def.view.columns.filter((c) => !c.hideInTable && c.prop !== def.keyField).map((c) => shownAs(def, c.prop));
  return [...new Set([def.keyField, ...columns])];
}
