import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, page } from '../../test/fake-fetch.testkit.js';
import { buttonIn, grant, renderWithFeedback } from '../../test/ui.testkit.js';
import { ConflictReport } from './conflict-report.js';
import { EffectiveAccessDialog } from './effective-access-dialog.js';
import { RoleGrantDialog } from './role-grant-dialog.js';
import { UserGrantForm } from './user-grant-form.js';

/** How long a wait may take on a busy machine (antd renders trees and selects asynchronously). */
const SLOW = { timeout: 20_000 };
const node = (id: string, title: string, children: unknown[] = []) => ({ id, key: id, value: id, title, parentId: '0', children });
const checkboxOf = (title: string) =>
  [...document.querySelectorAll('.ant-tree-treenode')]
    .find((el) => el.querySelector('.ant-tree-title')?.textContent === title)
    ?.querySelector('.ant-tree-checkbox') as HTMLElement;

describe('the in-application authorization dialogs', () => {
  beforeEach(() => grant('approlemenu_grant', 'approlefunction_grant', 'userauthorizedrole_view', 'appincompatiblerule_edit'));
  afterEach(() => vi.unstubAllGlobals());

  it('ticks what a role holds and replaces its menus and functions with what is ticked', async () => {
    const calls = fakeFetch({
      'GET /api/blade-aps/appmenu/tree': () => [
        node('11', '订单', [node('12', '导出按钮')]),
        node('13', '报表'),
        node('14', '设置', [node('15', '参数'), node('16', '字典')]),
      ],
      'GET /api/blade-aps/appmenufunction/list': () =>
        page([{ id: '21', menuId: '11', menuName: '订单', functionCode: 'order:export', functionName: '导出订单' }]),
      'GET /api/blade-aps/approlemenu/getRoleMenuList': () => ['13', '14'],
      'GET /api/blade-aps/approlefunction/getRoleFuncList': () => [],
      'POST /api/blade-aps/approlemenu/grant': () => true,
      'POST /api/blade-aps/approlefunction/grant': () => true,
    });
    const user = userEvent.setup();
    const closed = vi.fn();
    renderWithFeedback(<RoleGrantDialog role={{ id: '9', appId: '41', roleName: '会计' }} onClose={closed} />);
    await waitFor(() => expect(checkboxOf('报表')?.className).toContain('ant-tree-checkbox-checked'), SLOW);
    expect(checkboxOf('参数').className).not.toContain('ant-tree-checkbox-checked');
    await user.click(checkboxOf('导出按钮'));
    await user.click(checkboxOf('字典'));
    await user.click(screen.getByText('功能'));
    await waitFor(() => expect(checkboxOf('导出订单 (order:export)')).toBeTruthy(), SLOW);
    await user.click(checkboxOf('导出订单 (order:export)'));
    await user.click(buttonIn(document.querySelector('.ant-modal') as HTMLElement, '保存'));
    await waitFor(() => expect(closed).toHaveBeenCalled(), SLOW);
    const menuGrant = calls.find((c) => c.path === '/api/blade-aps/approlemenu/grant')?.body as { menuIds: string };
    expect(menuGrant.menuIds.split(',').sort()).toEqual(['11', '12', '13', '14', '16']);
    expect(calls.find((c) => c.path === '/api/blade-aps/approlefunction/grant')?.body).toEqual({ appRoleId: '9', functionIds: '21' });
  }, 120_000);

  it("shows the server's refusal naming the conflicting roles when a direct grant breaks a rule", async () => {
    const refusal = '与不相容规则「采购分离」冲突：用户已持有「采购员」，不能再授予「审批员」';
    fakeFetch({
      'GET /api/blade-aps/app/list': () => page([{ id: '41', appCode: 'erp', appName: 'ERP' }]),
      'GET /api/blade-aps/approle/list': () => page([{ id: '9', roleName: '审批员', roleAlias: 'approver' }]),
      'POST /api/blade-aps/userauthorizedrole/submit': () => ({
        status: 400,
        body: { code: 400, success: false, data: null, msg: refusal },
      }),
    });
    const user = userEvent.setup();
    renderWithFeedback(<UserGrantForm kind="role" user={{ id: '5', account: 'zhang' }} onGranted={vi.fn()} />);
    const pick = async (testId: string, title: string) => {
      await user.click(within(screen.getByTestId(testId)).getByRole('combobox'));
      const option = `.ant-select-item-option[title="${title}"]`;
      await waitFor(() => expect(document.querySelector(option)).not.toBeNull(), SLOW);
      await user.click(document.querySelector(option) as HTMLElement);
    };
    await pick('user-grant-app', 'ERP (erp)');
    await pick('user-grant-target', '审批员 (approver)');
    await user.click(buttonIn(screen.getByTestId('user-grant-form'), '授权'));
    await waitFor(() => expect(within(screen.getByTestId('grant-refused')).getByText(refusal)).toBeTruthy(), SLOW);
  }, 120_000);

  it('lists the users who break a rule and resolves one by revoking a role', async () => {
    let resolved = false;
    const calls = fakeFetch({
      'GET /api/blade-abs/appincompatiblerule/conflicts': () =>
        resolved
          ? []
          : [
              {
                userId: '5',
                account: 'zhang',
                realName: '张三',
                roles: [
                  { appRoleId: '8', roleName: '采购员', appName: 'ERP', via: 'granted' },
                  { appRoleId: '9', roleName: '审批员', appName: 'OA', via: 'granted' },
                ],
              },
            ],
      'POST /api/blade-abs/appincompatiblerule/resolve': () => {
        resolved = true;
        return true;
      },
    });
    const user = userEvent.setup();
    renderWithFeedback(<ConflictReport rule={{ id: '3', ruleName: '采购分离' }} onClose={vi.fn()} />);
    const report = await screen.findByTestId('conflict-report', undefined, SLOW);
    await waitFor(() => expect(within(report).getByText('张三 (zhang)')).toBeTruthy(), SLOW);
    expect(within(report).getByText('OA / 审批员')).toBeTruthy();
    await user.click(within(report).getAllByText('撤销此角色')[1] as HTMLElement);
    await waitFor(() => expect(document.querySelector('.ant-popconfirm .ant-btn-primary')).not.toBeNull(), SLOW);
    await user.click(document.querySelector('.ant-popconfirm .ant-btn-primary') as HTMLElement);
    await waitFor(() => expect(within(report).getByText('目前没有用户违反此规则')).toBeTruthy(), SLOW);
    expect(calls.find((c) => c.path === '/api/blade-abs/appincompatiblerule/resolve')?.body).toEqual({
      ruleId: '3',
      userId: '5',
      appRoleId: '9',
    });
  }, 120_000);

  it("shows where each of a user's roles, menus and functions comes from", async () => {
    fakeFetch({
      'GET /api/blade-aps/userauthorizedrole/effective-access': (query) => {
        expect(query.get('userId')).toBe('5');
        return {
          user: { id: '5', account: 'zhang', realName: '张三', tenantId: '000000' },
          apps: [
            {
              appId: '41',
              appCode: 'erp',
              appName: 'ERP',
              openedThrough: [{ kind: 'dept', name: '财务部' }],
              roles: [
                {
                  appRoleId: '8',
                  roleName: '采购员',
                  roleAlias: 'buyer',
                  source: 'request',
                  requestId: '77',
                  grantTime: '',
                  expireTime: '2027-01-01 00:00:00',
                },
              ],
              menus: [
                {
                  id: '11',
                  code: 'order',
                  name: '订单',
                  category: 1,
                  from: [{ kind: 'approle', roleName: '采购员', source: 'request', expireTime: '' }],
                },
              ],
              functions: [
                {
                  id: '21',
                  functionCode: 'order:export',
                  functionName: '导出订单',
                  from: [{ kind: 'direct', roleName: '', source: 'admin', expireTime: '' }],
                },
              ],
            },
          ],
        };
      },
    });
    renderWithFeedback(<EffectiveAccessDialog userId="5" onClose={vi.fn()} />);
    const app = await screen.findByTestId('access-app-erp', undefined, SLOW);
    expect(within(app).getByText('部门: 财务部')).toBeTruthy();
    expect(within(app).getByText('审批通过的申请')).toBeTruthy();
    expect(within(app).getByText('到期 2027-01-01 00:00:00')).toBeTruthy();
    expect(within(app).getByText('角色：采购员 · 永久')).toBeTruthy();
    expect(within(app).getByText('直接授权 · 管理员授权 · 永久')).toBeTruthy();
  }, 120_000);
});
