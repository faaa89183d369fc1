import { z } from 'zod';
import { defineResource, type EndpointsDef, type ResourceDef } from './resource.js';

/**
 * The rows an endpoint group's lists answer (my work's tasks), as a read-only definition the
 * front ends' list kits read: the group's columns and row key, its title and menu code, no
 * generic routes to call (a screen lists them through the group's own endpoint), no filters, no
 * forms and no actions. Only for a group that declares `rows`.
 */
export function rowsListing(group: EndpointsDef): ResourceDef {
  if (!group.rows) throw new Error(`The endpoints of ${group.basePath} declare no rows to list`);
  const key = group.rows.key;
  return defineResource({
    service: group.service,
    name: group.name,
    basePath: group.basePath,
    table: group.rowsOf ?? group.name,
    tenantScoped: false,
    permission: group.permission,
    routes: 'read',
    // Rows are read, never entered: the entity names only the key.
    entity: z.object({ [key]: z.string() }),
    naturalKey: { field: key, detailParam: key, removeParam: key },
    view: { title: group.title, columns: group.rows.columns, actions: { add: false, edit: false, remove: false, view: false } },
  });
}
