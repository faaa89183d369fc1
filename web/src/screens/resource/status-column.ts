import type { ResourceDef } from '@sso/shared-api';

/**
 * The configuration's view without its raw status column (1 / 2): the actions column tells the
 * enabled one with a tag instead. Built once per module so the page's API stays the same.
 */
export function withStatusAsTag(def: ResourceDef): ResourceDef {
  const columns = def.view.columns.map((c) => (c.prop === 'status' ? { ...c, hideInTable: true } : c));
  return { ...def, view: { ...def.view, columns } };
}
