import type { ResourceDef } from '@sso/shared-api';
import { client } from '../api/client.js';

/** A node of a select tree as antd's TreeSelect takes it. */
export interface TreeOption {
  title: string;
  value: string;
  children?: TreeOption[];
}

interface Source {
  load: () => Promise<unknown[]>;
  /** Comma-joined ids (a user's roles, a package's menus). */
  multiple?: boolean;
}

/**
 * Where the options of a `tree` column come from: the view says only "tree", so the console
 * knows the sources by field (`deptId`) or by resource and field (`dict.parentId`). A tree
 * column without a source is a plain input. A field holding one row of another resource is a
 * reference of its definition instead, picked by searching (reference-input.tsx).
 */
export const optionSources: Record<string, Source> = {
  deptId: { load: () => client.system.dept.tree(), multiple: true },
  roleId: { load: () => client.system.role.tree(), multiple: true },
  postId: { load: () => client.system.post.select(), multiple: true },
  menuId: { load: () => client.system.menu.tree(), multiple: true },
  'dict.parentId': { load: () => client.system.dict.tree({ code: 'DICT' }) },
  'dict-biz.parentId': { load: () => client.system.dictBiz.tree({ code: 'DICT' }) },
  'menu.parentId': { load: () => client.system.menu.tree() },
  'dept.parentId': { load: () => client.system.dept.tree() },
  'role.parentId': { load: () => client.system.role.tree() },
};

export const sourceOf = (def: ResourceDef, prop: string): Source | undefined => optionSources[`${def.name}.${prop}`] ?? optionSources[prop];

/** Server trees (`{ title, value }`, or rows with a name) as TreeSelect options. */
export function toTreeOptions(nodes: readonly unknown[]): TreeOption[] {
  return nodes.map((raw) => {
    const node = raw as Record<string, unknown>;
    const title = node.title ?? node.name ?? node.postName ?? node.deptName ?? node.roleName ?? node.value ?? node.id;
    const children = Array.isArray(node.children) && node.children.length ? toTreeOptions(node.children) : undefined;
    return { title: String(title), value: String(node.value ?? node.id), ...(children ? { children } : {}) };
  });
}
