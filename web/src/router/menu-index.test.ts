import type { MenuNode } from '@sso/shared-api';
import { describe, expect, it } from 'vitest';
import { findMenu, iframeLink, leavesOf, type MenuLike, toMenuItems } from '../layout/menu-index.js';
import { searchMenus } from '../layout/menu-search.js';

const node = (id: string, name: string, path: string, extra: Partial<MenuLike> = {}): MenuLike =>
  ({
    id,
    parentId: '0',
    code: id,
    name,
    alias: null,
    path,
    source: null,
    sort: 1,
    category: 1,
    action: 0,
    isOpen: 1,
    remark: null,
    hasChildren: false,
    ...extra,
  }) as MenuLike;

const tree: MenuLike[] = [
  node('system', '系统管理', '/system', {
    source: 'iconfont iconicon_setting',
    children: [
      node('param', '参数管理', '/system/param'),
      node('admins', '管理员专用', '/system/admins', { meta: { roles: ['administrator'] } }),
    ] as MenuNode[],
  }),
  node('docs', '文档', 'https://docs.example/x', { isOpen: 2 }),
  node('wiki', '维基', 'http://wiki.example/'),
  node('top', '顶层页', '/top'),
];

describe('sidebar menu rules', () => {
  it('appends /index to leaves that are not absolute URLs and gives empty icons the default', () => {
    const items = toMenuItems(tree, ['administrator']);
    const byId = Object.fromEntries(leavesOf(items).map((item) => [item.id, item]));
    expect(byId.param.link).toBe('/system/param/index');
    expect(byId.top.link).toBe('/top/index');
    expect(byId.docs.link).toBe('https://docs.example/x');
    expect(byId.param.icon).toBe('AppstoreOutlined');
    expect(items[0].icon).toBe('iconfont iconicon_setting');
  });

  it('hides items whose roles do not include the current role', () => {
    expect(leavesOf(toMenuItems(tree, ['user'])).map((i) => i.id)).not.toContain('admins');
    expect(leavesOf(toMenuItems(tree, ['administrator'])).map((i) => i.id)).toContain('admins');
  });

  it('opens external links in a new window when isOpen is 2, otherwise in the iframe page', () => {
    const leaves = leavesOf(toMenuItems(tree, []));
    expect(leaves.find((i) => i.id === 'docs')).toMatchObject({ external: true, newWindow: true });
    const wiki = leaves.find((i) => i.id === 'wiki');
    expect(wiki).toMatchObject({ external: true, newWindow: false });
    expect(iframeLink(wiki as never)).toBe('/myiframe/urlPath?src=http%3A%2F%2Fwiki.example%2F&name=%E7%BB%B4%E5%9F%BA');
  });

  it('finds a screen by its link or its raw path', () => {
    const items = toMenuItems(tree, []);
    expect(findMenu(items, '/system/param/index')?.id).toBe('param');
    expect(findMenu(items, '/system/param')?.id).toBe('param');
    expect(findMenu(items, '/system')).toBeUndefined();
  });

  it('searches menus by name prefix', () => {
    const items = toMenuItems(tree, []);
    expect(searchMenus(items, '参数').map((i) => i.id)).toEqual(['param']);
    expect(searchMenus(items, '管理')).toEqual([]);
  });
});

describe('menu names in English', () => {
  const named = [
    node('param', '参数管理', '/system/param', { nameEn: 'Parameters' }),
    node('dashboard', '首页', '/home', { alias: 'dashboard' }),
    node('custom', '自建菜单', '/custom'),
  ];

  it('takes the English name, else the English route title of the i18n key (alias), else none', () => {
    const items = toMenuItems(named, []);
    expect(items.map((item) => item.nameEn)).toEqual(['Parameters', 'Home', undefined]);
  });

  it('finds a screen by its English name in English and by its name in either language', () => {
    const items = toMenuItems(named, []);
    expect(searchMenus(items, 'para', 'en').map((i) => i.id)).toEqual(['param']);
    expect(searchMenus(items, '参数', 'en').map((i) => i.id)).toEqual(['param']);
    expect(searchMenus(items, 'para', 'zh-CN')).toEqual([]);
  });
});
