import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, page } from '../../test/fake-fetch.testkit.js';
import { buttonIn, grant, menuNode, renderWithFeedback, spaced } from '../../test/ui.testkit.js';
import { expandAll, nodeState, tick, treeNode } from '../authority/tree.testkit.js';
import PackageScreen from './package-screen.js';

const menus = [
  menuNode('1', '0', '系统管理', [
    menuNode('11', '1', '用户管理', [menuNode('111', '11', '新增'), menuNode('112', '11', '修改')]),
    menuNode('12', '1', '参数管理'),
  ]),
];
const basic = { id: '5', packageName: '基础包', menuId: '1,11,111', remark: null };

const dialog = () =>
  waitFor(() => {
    // The generic page keeps its own (hidden) dialog in the page: ours holds the package form.
    const el = document.querySelector('form#package-dialog')?.closest('.ant-modal') as HTMLElement | null;
    if (!el) throw new Error('no dialog');
    return el;
  });

function renderScreen() {
  renderWithFeedback(<PackageScreen menu={{ id: '1', code: 'tenantpackage', name: '租户产品包', rawPath: '/system/tenantpackage' }} />);
}

describe('the tenant package screen', () => {
  beforeEach(() => grant('tenantpackage_add', 'tenantpackage_edit', 'tenantpackage_delete'));
  afterEach(() => vi.unstubAllGlobals());

  it('adds a package with the menus ticked in the tree, parents included, after the entity checks', async () => {
    const calls = fakeFetch({
      'GET /api/blade-system/tenant-package/list': () => page([]),
      'GET /api/blade-system/menu/tree': () => menus,
      'POST /api/blade-system/tenant-package/submit': (_q, body) => ({ id: '9', ...(body as object) }),
    });
    const user = userEvent.setup({ pointerEventsCheck: 0 }); // jsdom's style checks on antd's large sheets are slow;
    renderScreen();
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/tenant-package/list'))).toBe(true));
    await user.click(buttonIn(document.body, '新增'));
    const modal = await dialog();
    expect(modal.getAttribute('style')).toContain('600px'); // the package dialog is 600 px wide
    await waitFor(() => treeNode('用户管理', modal));
    await expandAll(user, modal);
    await user.click(buttonIn(modal, '提交'));
    expect(await within(modal).findByText('请输入产品包名称')).toBeTruthy();
    expect(within(modal).getByText('请选择菜单')).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/submit'))).toBe(false);

    await user.type(within(modal).getByLabelText('产品包名称'), '标准包');
    await tick(user, '修改');
    expect(nodeState('用户管理')).toBe('partly');
    await tick(user, '参数管理');
    await user.click(buttonIn(modal, '提交'));
    await screen.findByText('新增成功');
    expect(calls.find((c) => c.path.endsWith('/submit'))?.body).toEqual({ packageName: '标准包', menuId: '1,11,112,12' });
  }, 60_000); // a whole antd page in jsdom on a shared machine

  it('edits a package: its menus come ticked from detail and the change is saved with the id', async () => {
    const calls = fakeFetch({
      'GET /api/blade-system/tenant-package/list': () => page([basic]),
      'GET /api/blade-system/tenant-package/detail': () => basic,
      'GET /api/blade-system/menu/tree': () => menus,
      'POST /api/blade-system/tenant-package/submit': (_q, body) => body,
    });
    const user = userEvent.setup({ pointerEventsCheck: 0 }); // jsdom's style checks on antd's large sheets are slow;
    renderScreen();
    const cell = await screen.findByText('基础包');
    await user.click(buttonIn(cell.closest('tr') as HTMLElement, '修改'));
    const modal = await dialog();
    await waitFor(() => treeNode('用户管理', modal));
    await expandAll(user, modal);
    expect(within(modal).getByLabelText<HTMLInputElement>('产品包名称').value).toBe('基础包');
    expect(nodeState('新增')).toBe('checked');
    expect(nodeState('修改')).toBe('unchecked');
    expect(nodeState('系统管理')).toBe('partly');
    await tick(user, '新增'); // nothing left under 系统管理
    expect(nodeState('系统管理')).toBe('unchecked');
    await tick(user, '系统管理'); // everything
    await user.click(buttonIn(modal, '提交'));
    await screen.findByText('修改成功');
    expect(calls.find((c) => c.path.endsWith('/submit'))?.body).toEqual({ id: '5', packageName: '基础包', menuId: '1,11,111,112,12' });
  }, 60_000);

  it('offers add and edit only to holders of the buttons', async () => {
    grant('tenantpackage_delete');
    fakeFetch({ 'GET /api/blade-system/tenant-package/list': () => page([basic]) });
    renderScreen();
    const cell = await screen.findByText('基础包');
    expect(within(document.body).queryAllByText(spaced('新增'))).toEqual([]);
    expect(within(cell.closest('tr') as HTMLElement).queryAllByText(spaced('修改'))).toEqual([]);
    expect(within(cell.closest('tr') as HTMLElement).getByText(spaced('删除'))).toBeTruthy();
  });
});
