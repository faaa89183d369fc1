import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../test/fake-fetch.testkit.js';
import { menuNode, renderWithFeedback } from '../../test/ui.testkit.js';
import { RoleGrantDialog } from './role-grant-dialog.js';
import { expandAll, nodeState, tick } from './tree.testkit.js';

// 系统管理 > 用户管理 > (新增, 修改); 系统管理 > 参数管理; 权限管理 > 角色管理
const menuTree = [
  menuNode('1', '0', '系统管理', [
    menuNode('11', '1', '用户管理', [menuNode('111', '11', '新增', []), menuNode('112', '11', '修改', [])]),
    menuNode('12', '1', '参数管理'),
  ]),
  menuNode('2', '0', '权限管理', [menuNode('21', '2', '角色管理')]),
];
// Scopes under the menus they belong to: only the scopes are ids of scopes.
const dataScopeTree = [menuNode('11', '1', '用户管理', [menuNode('901', '11', '本部门可见'), menuNode('902', '11', '本人可见')])];
const apiScopeTree = [menuNode('21', '2', '角色管理', [menuNode('951', '21', '角色接口')])];

function serve() {
  return fakeFetch({
    'GET /api/blade-system/menu/grant-tree': () => ({ menu: menuTree, dataScope: dataScopeTree, apiScope: apiScopeTree }),
    'GET /api/blade-system/menu/role-tree-keys': () => ({ menu: ['1', '11', '111'], dataScope: ['901'], apiScope: [] }),
    'POST /api/blade-system/role/grant': () => true,
  });
}

function renderDialog(onClose = vi.fn()) {
  renderWithFeedback(<RoleGrantDialog roleId="77" onClose={onClose} />);
  return onClose;
}

const submit = () =>
  within(document.querySelector('.ant-modal') as HTMLElement)
    .getByText(/^\s*提\s*交\s*$/)
    .closest('button') as HTMLElement;

describe('the role grant dialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("loads what may be granted and what the role holds, and ticks the role's menus", async () => {
    const calls = serve();
    const user = userEvent.setup({ pointerEventsCheck: 0 }); // jsdom's style checks on antd's large sheets are slow
    renderDialog();
    await screen.findByText('用户管理');
    expect(screen.queryByText('新增')).toBeNull(); // the groups open on their screens only
    await expandAll(user);
    expect(calls.find((c) => c.path.endsWith('/role-tree-keys'))?.query.get('roleIds')).toBe('77');
    expect(calls.some((c) => c.path.endsWith('/grant-tree'))).toBe(true);
    expect(nodeState('新增')).toBe('checked');
    expect(nodeState('修改')).toBe('unchecked');
    expect(nodeState('用户管理')).toBe('partly'); // one of its two buttons
    expect(nodeState('系统管理')).toBe('partly');
    expect(nodeState('参数管理')).toBe('unchecked');
    expect(nodeState('权限管理')).toBe('unchecked');
  });

  it('saves the ticked menus with their parents and the scopes as ids of scopes', async () => {
    const calls = serve();
    const user = userEvent.setup({ pointerEventsCheck: 0 }); // jsdom's style checks on antd's large sheets are slow;
    const onClose = renderDialog();
    await screen.findByText('用户管理');
    await expandAll(user);
    await tick(user, '修改'); // 用户管理 is now whole, 系统管理 still partly
    await tick(user, '角色管理'); // 权限管理 whole too
    expect(nodeState('用户管理')).toBe('checked');
    await user.click(screen.getByRole('tab', { name: '数据权限' }));
    await screen.findByText('本部门可见');
    expect(nodeState('本部门可见')).toBe('checked');
    await tick(user, '本人可见');
    await user.click(screen.getByRole('tab', { name: '接口权限' }));
    await tick(user, '角色接口');
    await user.click(submit());
    await screen.findByText('权限设置成功');
    const grant = calls.find((c) => c.path.endsWith('/role/grant'));
    expect(grant?.body).toEqual({
      roleIds: ['77'],
      menuIds: ['1', '11', '111', '112', '2', '21'],
      dataScopeIds: ['901', '902'],
      apiScopeIds: ['951'],
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('keeps what the role holds when saved unchanged, and stays open when the server refuses', async () => {
    const calls = fakeFetch({
      'GET /api/blade-system/menu/grant-tree': () => ({ menu: menuTree, dataScope: dataScopeTree, apiScope: apiScopeTree }),
      'GET /api/blade-system/menu/role-tree-keys': () => ({ menu: ['1', '11', '111'], dataScope: ['901'], apiScope: [] }),
      'POST /api/blade-system/role/grant': () => ({
        status: 403,
        body: { code: 403, success: false, data: null, msg: '不能授予超出自身权限的菜单或权限' },
      }),
    });
    const user = userEvent.setup({ pointerEventsCheck: 0 }); // jsdom's style checks on antd's large sheets are slow;
    const onClose = renderDialog();
    await screen.findByText('用户管理');
    await user.click(submit());
    await screen.findByText('不能授予超出自身权限的菜单或权限');
    expect(calls.find((c) => c.path.endsWith('/role/grant'))?.body).toEqual({
      roleIds: ['77'],
      menuIds: ['1', '11', '111'],
      dataScopeIds: ['901'],
      apiScopeIds: [],
    });
    expect(onClose).not.toHaveBeenCalled();
  });
});
