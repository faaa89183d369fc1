import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, page } from '../../test/fake-fetch.testkit.js';
import { buttonIn, grant, renderWithFeedback } from '../../test/ui.testkit.js';
import WxMenuScreen from './wx-menu-screen.js';

const account = { id: '11', name: '钢铁服务号', appId: 'wx0123456789abcdef', appType: 1 };
const node = (id: string, parentId: string, name: string, extra: Record<string, unknown> = {}, children?: unknown[]) => ({
  id,
  appId: '11',
  parentId,
  name,
  type: '',
  menuKey: '',
  url: '',
  miniAppId: '',
  pagePath: '',
  sort: 1,
  hasChildren: Boolean(children?.length),
  ...extra,
  ...(children ? { children } : {}),
});
const tree = [
  node('1', '0', '服务', {}, [
    node('3', '1', '订单查询', { type: 'view', url: 'https://steel.example.com/orders' }),
    node('4', '1', '物流跟踪', { type: 'click', menuKey: 'TRACK' }),
  ]),
  node('2', '0', '联系我们', { type: 'click', menuKey: 'CONTACT', sort: 2 }),
];
const menu = { id: '1', code: 'wxmenu', name: '微信菜单', rawPath: '/wx/wxmenu' };

describe('the WeChat menu editor', () => {
  beforeEach(() => grant('wxmenu_add', 'wxmenu_edit', 'wxmenu_delete', 'wxmenu_sync'));
  afterEach(() => vi.unstubAllGlobals());

  it("draws the tree as a phone's bottom bar with the sub-menus popping up, and publishes it showing WeChat's answer", async () => {
    const calls = fakeFetch({
      'GET /api/blade-appmanage/wxapp/page': () => page([account]),
      'GET /api/blade-appmanage/wxmenu/menu-tree': () => tree,
      'POST /api/blade-appmanage/wxmenu/synMenu': () => ({ errcode: 0, errmsg: 'ok', menus: 4 }),
    });
    renderWithFeedback(<WxMenuScreen menu={menu} />);
    const bar = await screen.findByTestId('wx-phone-bar');
    await waitFor(() => expect(within(bar).getAllByTestId('wx-menu-top')).toHaveLength(2));
    const tops = within(bar).getAllByTestId('wx-menu-top');
    expect(tops.map((b) => b.textContent)).toEqual(['≡ 服务', '联系我们']);
    // Fewer than three top-level menus: a "+" to add the third.
    expect(within(bar).getByLabelText('添加菜单')).toBeTruthy();
    expect(within(bar).queryByTestId('wx-menu-popup')).toBeNull();

    const user = userEvent.setup();
    await user.click(tops[0] as HTMLElement);
    const popup = within(bar).getByTestId('wx-menu-popup');
    expect(
      within(popup)
        .getAllByTestId('wx-menu-sub')
        .map((b) => b.textContent),
    ).toEqual(['订单查询', '物流跟踪']);
    // A top-level menu with sub-menus has no type of its own.
    expect(await screen.findByText('有子菜单的一级菜单无需类型，点击时展开子菜单')).toBeTruthy();

    // A sub-menu's form holds the keys its type needs.
    await user.click(within(popup).getByText('订单查询'));
    await waitFor(() =>
      expect((document.getElementById('wx-menu_url') as HTMLInputElement).value).toBe('https://steel.example.com/orders'),
    );
    expect(document.getElementById('wx-menu_menuKey')).toBeNull();

    await user.click(screen.getByTestId('wx-menu-publish'));
    await waitFor(() => expect(document.querySelector('.ant-modal-confirm')).not.toBeNull());
    await user.click(buttonIn(document.querySelector('.ant-modal-confirm') as HTMLElement, '确定'));
    const answer = await screen.findByTestId('wx-menu-published');
    expect(answer.textContent).toContain('已发布 4 个菜单（errcode 0：ok）');
    const publish = calls.find((c) => c.method === 'POST' && c.path.endsWith('/synMenu'));
    expect(publish?.query.get('appId')).toBe('11');
  });

  it("shows WeChat's refusal of a publication and the server's rule when a save is refused", async () => {
    const calls = fakeFetch({
      'GET /api/blade-appmanage/wxapp/page': () => page([account]),
      'GET /api/blade-appmanage/wxmenu/menu-tree': () => tree,
      'POST /api/blade-appmanage/wxmenu/synMenu': () => ({ errcode: 40016, errmsg: 'invalid button size', menus: 4 }),
      'POST /api/blade-appmanage/wxmenu/submit': () => ({
        status: 400,
        body: { code: 400, success: false, data: null, msg: '菜单名称最多 16 个字节' },
      }),
    });
    renderWithFeedback(<WxMenuScreen menu={menu} />);
    const bar = await screen.findByTestId('wx-phone-bar');
    const user = userEvent.setup();
    await user.click(await within(bar).findByText('联系我们'));
    const name = (await waitFor(() => {
      const input = document.getElementById('wx-menu_name') as HTMLInputElement | null;
      if (!input?.value) throw new Error('no form yet');
      return input;
    })) as HTMLInputElement;
    await user.clear(name);
    await user.type(name, '联系我们的客服热线');
    await user.click(screen.getByTestId('wx-menu-save'));
    expect((await screen.findByTestId('wx-menu-refusal')).textContent).toContain('菜单名称最多 16 个字节');
    const saved = calls.find((c) => c.path.endsWith('/submit'))?.body as Record<string, unknown>;
    expect(saved).toMatchObject({ id: '2', appId: '11', parentId: '0', name: '联系我们的客服热线', type: 'click', menuKey: 'CONTACT' });

    await user.click(screen.getByTestId('wx-menu-publish'));
    await waitFor(() => expect(document.querySelector('.ant-modal-confirm')).not.toBeNull());
    await user.click(buttonIn(document.querySelector('.ant-modal-confirm') as HTMLElement, '确定'));
    expect((await screen.findByTestId('wx-menu-published')).textContent).toContain('errcode 40016：invalid button size');
  });
});
