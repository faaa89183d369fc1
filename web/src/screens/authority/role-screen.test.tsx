import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../test/fake-fetch.testkit.js';
import { grant, renderWithFeedback, spaced } from '../../test/ui.testkit.js';
import RoleScreen from './role-screen.js';

const role = (id: string, roleName: string, children?: unknown[]) => ({
  id,
  parentId: '0',
  roleName,
  roleAlias: `alias${id}`,
  sort: Number(id),
  hasChildren: Boolean(children),
  ...(children ? { children } : {}),
});
const roles = [role('1', '超级管理员'), role('2', '审计员', [{ ...role('3', '审计助理'), parentId: '2' }])];

function renderScreen() {
  renderWithFeedback(<RoleScreen menu={{ id: '1', code: 'role', name: '角色管理', rawPath: '/authority/role' }} />);
}

describe('the role screen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the roles as a tree and offers 权限设置 only with role_grant', async () => {
    const calls = fakeFetch({ 'GET /api/blade-system/role/list': () => roles });
    grant('role_edit');
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderScreen();
    const parent = (await screen.findByText('审计员')).closest('tr') as HTMLElement;
    await user.click(parent.querySelector('.ant-table-row-expand-icon') as HTMLElement);
    expect(await screen.findByText('审计助理')).toBeTruthy(); // the child under its parent
    expect(calls.map((c) => c.path)).toContain('/api/blade-system/role/list');
    expect(calls.map((c) => c.path)).not.toContain('/api/blade-system/role/page');
    expect(screen.queryAllByText(spaced('权限设置'))).toEqual([]);
    expect(document.querySelector('.ant-pagination')).toBeNull(); // a tree list is not paged
  }, 60_000);

  it('grants exactly one ticked role from the toolbar, or any row from its link', async () => {
    const calls = fakeFetch({
      'GET /api/blade-system/role/list': () => roles,
      'GET /api/blade-system/menu/grant-tree': () => ({ menu: [], dataScope: [], apiScope: [] }),
      'GET /api/blade-system/menu/role-tree-keys': () => ({ menu: [], dataScope: [], apiScope: [] }),
    });
    grant('role_grant');
    const user = userEvent.setup({ pointerEventsCheck: 0 }); // jsdom's style checks on antd's large sheets are slow
    renderScreen();
    await screen.findByText('审计员');
    const toolbarGrant = screen.getByTestId('role-grant');
    await user.click(toolbarGrant);
    expect(await screen.findByText('请选择至少一条数据')).toBeTruthy();

    const boxes = [...document.querySelectorAll<HTMLInputElement>('tr.ant-table-row input[type=checkbox]')];
    await user.click(boxes[0]);
    await user.click(boxes[1]);
    await user.click(toolbarGrant);
    expect(await screen.findByText('只能选择一条数据')).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/role-tree-keys'))).toBe(false);

    await user.click(boxes[0]);
    await user.click(toolbarGrant);
    await screen.findByText('角色权限配置');
    await waitFor(() => expect(calls.find((c) => c.path.endsWith('/role-tree-keys'))?.query.get('roleIds')).toBe('2'));
    await user.click(within(document.querySelector('.ant-modal') as HTMLElement).getByText(spaced('取消')));

    const row = screen.getByText('超级管理员').closest('tr') as HTMLElement;
    await user.click(within(row).getByText('权限设置'));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path.endsWith('/role-tree-keys'))
          .at(-1)
          ?.query.get('roleIds'),
      ).toBe('1'),
    );
  }, 60_000); // a whole antd page in jsdom on a shared machine
});
