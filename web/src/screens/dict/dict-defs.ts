import type { ColumnView, ResourceDef } from '@sso/shared-api';

/** The parent table shows code, dictValue, its English label, sort, isSealed and remark. */
const PARENT_COLUMNS = ['code', 'dictValue', 'dictValueEn', 'sort', 'isSealed', 'remark'];
/** What parent-list and child-list filter on. */
const PARENT_SEARCH = ['code', 'dictValue'];
const CHILD_SEARCH = ['dictKey', 'dictValue'];

const withColumns = (def: ResourceDef, columns: ColumnView[]): ResourceDef => ({ ...def, view: { ...def.view, columns } });

/** The dictionaries themselves (parentId 0, dictKey -1): the registry view without key and parent. */
export function parentDef(def: ResourceDef): ResourceDef {
  return withColumns(
    def,
    def.view.columns.filter((c) => PARENT_COLUMNS.includes(c.prop)).map((c) => ({ ...c, search: PARENT_SEARCH.includes(c.prop) })),
  );
}

/** The entries of one dictionary: every column of the registry view, searched by key and name. */
export function childDef(def: ResourceDef): ResourceDef {
  return withColumns(
    def,
    def.view.columns.map((c) => ({ ...c, search: CHILD_SEARCH.includes(c.prop) })),
  );
}
