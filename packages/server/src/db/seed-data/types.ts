/**
 * Shapes of the seed data (pure data, no database code). The seeder walks these and writes
 * blade_menu, blade_dict / blade_dict_biz and blade_param rows.
 */

/** A row of blade_menu with its children. category 1 is a menu, 2 a button, as in BladeX. */
export interface MenuSeed {
  code: string;
  name: string;
  /** The i18n key of the menu (answered as meta.i18n by menu/routes). */
  alias?: string;
  /** The name shown when the front end is in English (blade_menu.name_en). */
  nameEn?: string;
  path?: string;
  /** Icon. */
  source?: string;
  sort: number;
  category: 1 | 2;
  /** Button function (dict button_func): 0 none, 1 toolbar, 2 row. */
  action?: 0 | 1 | 2;
  /** Open in a new window: 1 no, 2 yes. */
  isOpen?: 1 | 2;
  remark?: string;
  children?: MenuSeed[];
}

/**
 * A dictionary: the parent row (dictKey -1, dictValue = name) and its entries in order
 * (sort = position + 1). The optional third element of an entry is its remark (the `flow`
 * dictionary keeps the route of each process there).
 */
export interface DictSeed {
  code: string;
  name: string;
  /** The dictionary's name on English screens. */
  nameEn: string;
  sealed?: boolean;
  /** Each entry's key, Chinese label, English label (none when the label is not Chinese) and remark. */
  entries: ReadonlyArray<readonly [key: string, value: string, valueEn?: string, remark?: string]>;
}

/** A row of blade_param. */
export interface ParamSeed {
  paramName: string;
  paramKey: string;
  paramValue: string;
  remark?: string;
}
