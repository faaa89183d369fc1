import type { ResourceDef } from '@sso/shared-api';

export interface Allowed {
  add: boolean;
  edit: boolean;
  remove: boolean;
  view: boolean;
}

/**
 * What the generic page offers: an action the view leaves on AND a button the user holds
 * (`${permission}_add`, `_edit`, `_delete`, `_view` from menu/buttons). The server checks again.
 */
export function allowedActions(def: ResourceDef, permissions: Readonly<Record<string, true>>): Allowed {
  const on = (action: keyof Allowed, suffix: string) =>
    def.view.actions?.[action] !== false && permissions[`${def.permission}_${suffix}`] === true;
  return { add: on('add', 'add'), edit: on('edit', 'edit'), remove: on('remove', 'delete'), view: on('view', 'view') };
}
