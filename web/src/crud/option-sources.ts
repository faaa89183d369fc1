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
 * column without a source is a plain input. Screens with needs beyond this use their own form.
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
  // Mobile applications and the tenant's users as flat choices (members, versions, downloads, start logs).
  'appmembermanage.appManageId': { load: () => mobileApps() },
  'appmembermanage.userId': { load: () => tenantUsers() },
  'appversionmanage.appId': { load: () => mobileApps() },
  'appdownloadrecord.appId': { load: () => mobileApps() },
  'appstartlog.appId': { load: () => mobileApps() },
  // A ledger entry may be a catalogue application; a network record may belong to a ledger entry.
  'appparameter.appId': { load: () => firstRows('/api/blade-aps/app/list', 'appName') },
  'appnetwork.appParameterId': { load: () => firstRows('/api/blade-ledger/appparameter/list', 'appName') },
};

/** The first 200 rows of a tenant's list, by name: the choices of a reference to one of them. */
async function firstRows(path: string, name: string): Promise<TreeOption[]> {
  const page = await client.call<{ records: Record<string, unknown>[] }>('GET', path, { current: 1, size: 200 });
  return page.records.map((row) => ({ title: String(row[name]), value: String(row.id) }));
}

/** The tenant's mobile applications, by name. */
async function mobileApps(): Promise<TreeOption[]> {
  const rows = await client.appmanage.appManage.category({});
  return rows.map((row) => ({ title: String(row.appName), value: String(row.id) }));
}

/** The tenant's first 200 users, as name (account). */
async function tenantUsers(): Promise<TreeOption[]> {
  const page = await client.call<{ records: { id: string; realName?: string; account: string }[] }>('GET', '/api/blade-user/page', {
    current: 1,
    size: 200,
  });
  return page.records.map((u) => ({ title: u.realName ? `${u.realName} (${u.account})` : u.account, value: String(u.id) }));
}

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
