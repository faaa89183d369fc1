import type { MenuNode } from '@sso/shared-api';
import { website } from '../config.js';
import { englishMenuName, menuNameIn } from '../i18n/menu-names.js';

/** A menu node as BladeX front ends may also send it: with meta roles and an i18n key. */
export type MenuLike = MenuNode & { meta?: { roles?: string[]; i18n?: string }; query?: Record<string, string> };

/** A sidebar item after the menu rules (default icon, /index on leaves, roles); `link` is where a click goes. */
export interface MenuItem {
  id: string;
  code: string;
  name: string;
  /** Shown in English: the menu's English name or its `route.<meta.i18n>` title; none falls back to the name. */
  nameEn?: string;
  /** Path as the server sent it (the key of screens/index.ts). */
  rawPath: string;
  /** Leaves get /index appended unless they are absolute URLs. */
  link: string;
  icon: string;
  external: boolean;
  /** isOpen 2: an external link opens in a new window, otherwise in the iframe page. */
  newWindow: boolean;
  children?: MenuItem[];
  query?: Record<string, string>;
}

const isUrl = (path: string) => /^https?:\/\//i.test(path);

/** The sidebar shows an item only if it declares no roles or the current role is among them. */
const visible = (node: MenuLike, roles: readonly string[]) => !node.meta?.roles?.length || node.meta.roles.some((r) => roles.includes(r));

export function toMenuItems(nodes: readonly MenuLike[] | undefined, roles: readonly string[]): MenuItem[] {
  return (nodes ?? [])
    .filter((node) => visible(node, roles))
    .map((node) => {
      const rawPath = node.path ?? '';
      const children = node.children?.length ? toMenuItems(node.children as MenuLike[], roles) : undefined;
      const external = isUrl(rawPath);
      const leaf = !node.children?.length;
      const link = leaf && !external && rawPath && !rawPath.endsWith('/index') ? `${rawPath.replace(/\/+$/, '')}/index` : rawPath;
      return {
        id: node.id,
        code: node.code,
        name: node.name,
        nameEn: englishMenuName({ nameEn: node.nameEn, i18n: node.meta?.i18n ?? node.alias }),
        rawPath,
        link,
        icon: node.source || website.defaultMenuIcon,
        external,
        newWindow: external && node.isOpen === 2,
        ...(children ? { children } : {}),
        ...(node.query ? { query: node.query } : {}),
      };
    });
}

export function leavesOf(items: readonly MenuItem[]): MenuItem[] {
  return items.flatMap((item) => (item.children?.length ? leavesOf(item.children) : [item]));
}

/** The menu screen of a path: its canonical link, or its raw path (an old bookmark). */
export function findMenu(items: readonly MenuItem[], pathname: string): MenuItem | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  return leavesOf(items).find((item) => !item.external && (item.link === path || item.rawPath === path));
}

/** Where a click on an external item goes when it does not open a new window. */
export const iframeLink = (item: Pick<MenuItem, 'rawPath' | 'name'>) =>
  `/myiframe/urlPath?src=${encodeURIComponent(item.rawPath)}&name=${encodeURIComponent(item.name)}`;

/** Ancestors' names of an item in a language (Chinese by default), for breadcrumbs and search results. */
export function trailOf(items: readonly MenuItem[], id: string, language = 'zh-CN', trail: string[] = []): string[] | undefined {
  for (const item of items) {
    const name = menuNameIn(language, item);
    if (item.id === id) return [...trail, name];
    const found = item.children && trailOf(item.children, id, language, [...trail, name]);
    if (found) return found;
  }
  return undefined;
}

/** Every menu code of the user's menu tree (what the server lets the role call). */
export function menuCodes(menus: readonly { code?: string; children?: readonly unknown[] | null }[] | undefined): Set<string> {
  const codes = new Set<string>();
  const walk = (nodes: readonly { code?: string; children?: readonly unknown[] | null }[]) => {
    for (const node of nodes) {
      if (node.code) codes.add(node.code);
      if (node.children?.length) walk(node.children as typeof nodes);
    }
  };
  walk(menus ?? []);
  return codes;
}
