import type { TreeNode } from '@sso/shared-api';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads, type HandedFile } from '../../test/downloads.testkit.js';
import { type FakeCall, fakeFetch, page } from '../../test/fake-fetch.testkit.js';
import { buttonIn, grant, renderWithFeedback, spaced } from '../../test/ui.testkit.js';
import UserScreen from './user-screen.js';

// antd renders slowly in jsdom, the more so on a busy machine.
configure({ asyncUtilTimeout: 20_000 });
vi.setConfig({ testTimeout: 60_000 });

const node = (id: string, title: string, parentId = '0', children?: TreeNode[]): TreeNode => ({
  id,
  parentId,
  title,
  key: id,
  value: id,
  hasChildren: Boolean(children?.length),
  ...(children ? { children } : {}),
});
const depts = [node('10', '钢铁集团', '0', [node('11', '研发部', '10'), node('12', '销售部', '10')])];
const roles = [node('20', '超级管理员'), node('21', '审计员')];
const users = [
  { id: '101', account: 'zhang', code: 'E1', realName: '张三', name: '小张', userType: 1, roleId: '20', deptId: '11', phone: null },
  { id: '102', account: 'li', code: 'E2', realName: '李四', name: '小李', userType: 1, roleId: '20,21', deptId: '12', phone: null },
];
const ALL_BUTTONS = [
  'user_add',
  'user_edit',
  'user_delete',
  'user_view',
  'user_role',
  'user_reset',
  'user_unlock',
  'user_import',
  'user_export',
];

/** The page's button row: the one holding 刷新. */
const toolbarRow = () => screen.getByText(spaced('刷新')).closest('.sso-crud-toolbar') as HTMLElement;
const toolbar = (text: string) => buttonIn(toolbarRow(), text);
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const lists = (calls: FakeCall[]) => calls.filter((c) => c.path === '/api/blade-user/list');

/** The server's routes the screen calls, plus whatever a test adds. */
function serve(extra: Parameters<typeof fakeFetch>[0] = {}) {
  return fakeFetch({
    'GET /api/blade-system/dept/tree': () => depts,
    'GET /api/blade-system/role/tree': () => roles,
    'GET /api/blade-system/dict/dictionary': () => [],
    'GET /api/blade-user/list': (q) => page(users.filter((u) => !q.get('deptId') || u.deptId === q.get('deptId'))),
    'GET /api/blade-user/locked-accounts': () => [],
    ...extra,
  });
}

function renderScreen() {
  return renderWithFeedback(<UserScreen menu={{ id: '1', code: 'user', name: '用户管理', rawPath: '/system/user' }} />);
}

async function confirmDialog(question: string) {
  const text = await screen.findByText(question);
  await userEvent.setup().click(buttonIn(text.closest('.ant-modal') as HTMLElement, '确定'));
}

async function selectRow(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.click(within(rowOf(text)).getByRole('checkbox'));
}

describe('locked accounts in the users list', () => {
  it('marks an account locked for failed sign-ins, with the end of its lock, to whoever may unlock it', async () => {
    grant(...ALL_BUTTONS);
    serve({ 'GET /api/blade-user/locked-accounts': () => [{ account: 'li', lockedUntil: '2026-11-27 12:30:00' }] });
    renderScreen();
    await waitFor(() => expect(within(rowOf('李四')).getByTestId('account-locked')).toBeTruthy());
    expect(within(rowOf('张三')).queryByTestId('account-locked')).toBeNull();
  });

  it('does not ask for locks without the unlock button', async () => {
    grant(...ALL_BUTTONS.filter((code) => code !== 'user_unlock'));
    const calls = serve();
    renderScreen();
    await screen.findByText('李四');
    expect(calls.some((c) => c.path === '/api/blade-user/locked-accounts')).toBe(false);
  });
});

describe('the users screen', () => {
  beforeEach(() => grant(...ALL_BUTTONS));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the names of the roles and departments of each row', async () => {
    const calls = serve();
    renderScreen();
    await screen.findByText('张三');
    expect(lists(calls)).toHaveLength(1); // after the trees: names from the first answer on
    expect(within(rowOf('张三')).getByText('研发部')).toBeTruthy();
    expect(within(rowOf('李四')).getByText('超级管理员,审计员')).toBeTruthy();
  });

  it('shows the names the server answers beside the ids when it sends them', async () => {
    const named = users.map((u, i) => ({ ...u, deptName: `服务端部门${i}`, roleName: `服务端角色${i}` }));
    serve({ 'GET /api/blade-user/list': () => page(named) });
    renderScreen();
    await screen.findByText('张三');
    expect(within(rowOf('张三')).getByText('服务端部门0')).toBeTruthy();
    expect(within(rowOf('李四')).getByText('服务端角色1')).toBeTruthy();
  });

  it('filters the list by the department clicked in the tree, and shows everyone again on a second click', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderScreen();
    await screen.findByText('张三');
    const tree = screen.getByTestId('dept-tree');
    await user.click(within(tree).getByText('销售部'));
    await waitFor(() => expect(lists(calls).at(-1)?.query.get('deptId')).toBe('12'));
    await waitFor(() => expect(screen.queryByText('张三')).toBeNull());
    expect(screen.getByText('李四')).toBeTruthy();
    await user.click(within(tree).getByText('销售部'));
    await waitFor(() => expect(lists(calls).at(-1)?.query.has('deptId')).toBe(false));
    await screen.findByText('张三');
    await user.click(within(tree).getByText('研发部'));
    await waitFor(() => expect(lists(calls).at(-1)?.query.get('deptId')).toBe('11'));
    await user.click(buttonIn(tree, '全部'));
    await waitFor(() => expect(lists(calls).at(-1)?.query.has('deptId')).toBe(false));
  });

  it('keeps the departments matching the keyword and the path to them', async () => {
    serve();
    const user = userEvent.setup();
    renderScreen();
    const tree = await screen.findByTestId('dept-tree');
    await user.type(within(tree).getByPlaceholderText('输入关键字进行过滤'), '研发');
    await waitFor(() => expect(within(tree).queryByText('销售部')).toBeNull());
    expect(within(tree).getByText('研发部')).toBeTruthy();
    expect(within(tree).getByText('钢铁集团')).toBeTruthy();
  });

  it('warns 请选择至少一条数据 for each action that needs a selection', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderScreen();
    await screen.findByText('张三');
    for (const name of ['角色配置', '密码重置', '账号解封']) {
      await user.click(toolbar(name));
      await waitFor(() => expect(screen.getAllByText('请选择至少一条数据').length).toBeGreaterThan(0));
    }
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('grants the ticked roles to the selected users', async () => {
    const calls = serve({ 'POST /api/blade-user/grant': () => true });
    const user = userEvent.setup();
    renderScreen();
    await screen.findByText('张三');
    await selectRow(user, '张三');
    await user.click(toolbar('角色配置'));
    const dialog = (await screen.findByText('用户角色配置')).closest('.ant-modal') as HTMLElement;
    // One user: their roles are ticked first (超级管理员).
    const checked = () => [...dialog.querySelectorAll('.ant-tree-treenode-checkbox-checked')].map((n) => n.textContent);
    expect(checked()).toEqual(['超级管理员']);
    await user.click(within(dialog).getByText('超级管理员'));
    await user.click(buttonIn(dialog, '提交'));
    expect(await within(dialog).findByText('请选择角色')).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/grant'))).toBe(false);
    await user.click(within(dialog).getByText('审计员'));
    await user.click(buttonIn(dialog, '提交'));
    await screen.findByText('操作成功!');
    const grant = calls.find((c) => c.path === '/api/blade-user/grant');
    expect(grant?.query.get('userIds')).toBe('101');
    expect(grant?.query.get('roleIds')).toBe('21');
  });

  it('resets the passwords of the selected users after a confirmation', async () => {
    const calls = serve({ 'POST /api/blade-user/reset-password': () => true });
    const user = userEvent.setup();
    renderScreen();
    await screen.findByText('张三');
    await selectRow(user, '张三');
    await selectRow(user, '李四');
    await user.click(toolbar('密码重置'));
    await confirmDialog('确定将选择账号密码重置为初始密码?');
    await screen.findByText('操作成功!');
    expect(calls.find((c) => c.path === '/api/blade-user/reset-password')?.query.get('userIds')).toBe('101,102');
  });

  it.each([
    ['一键改密', 'one-click-modify', '确定要求选择账号在下次登录时修改密码?'],
    ['取消改密', 'one-click-cancel', '确定取消选择账号的下次登录修改密码?'],
  ])('%s: requires or withdraws the password change of the selected users', async (label, path, question) => {
    const calls = serve({ [`POST /api/blade-user/${path}`]: () => true });
    const user = userEvent.setup();
    renderScreen();
    await screen.findByText('李四');
    await selectRow(user, '李四');
    await user.click(toolbar(label));
    await confirmDialog(question);
    await screen.findByText('操作成功!');
    expect(calls.find((c) => c.path === `/api/blade-user/${path}`)?.query.get('userIds')).toBe('102');
  });

  it.each([
    ['启用', 'enable', '确定启用选择的账号?'],
    ['停用', 'disable', '确定停用选择的账号? 账号将不能登录并立即下线'],
  ])('%s: enables or disables the selected accounts after a confirmation', async (label, path, question) => {
    const calls = serve({ [`POST /api/blade-user/${path}`]: () => true });
    const user = userEvent.setup();
    renderScreen();
    await screen.findByText('李四');
    await selectRow(user, '李四');
    await user.click(toolbar(label));
    await confirmDialog(question);
    await screen.findByText('操作成功!');
    expect(calls.find((c) => c.path === `/api/blade-user/${path}`)?.query.get('userIds')).toBe('102');
  });

  it('unlocks the selected users after a confirmation', async () => {
    const calls = serve({ 'POST /api/blade-user/unlock': () => true });
    const user = userEvent.setup();
    renderScreen();
    await screen.findByText('李四');
    await selectRow(user, '李四');
    await user.click(toolbar('账号解封'));
    await confirmDialog('确定将选择账号解封?');
    await screen.findByText('操作成功!');
    expect(calls.find((c) => c.path === '/api/blade-user/unlock')?.query.get('userIds')).toBe('102');
  });

  it('exports the users of the current search and department as a file', async () => {
    const calls = serve();
    const saved = captureExports();
    const user = userEvent.setup();
    renderScreen();
    await screen.findByText('张三');
    await user.click(within(screen.getByTestId('dept-tree')).getByText('研发部'));
    await user.type(within(document.querySelector('form#crud-search') as HTMLElement).getByLabelText('登录账号'), 'zh');
    await user.click(buttonIn(document.querySelector('form#crud-search') as HTMLElement, '搜索'));
    await waitFor(() => expect(lists(calls).at(-1)?.query.get('account')).toBe('zh'));
    await screen.findByText('张三');
    await user.click(toolbar('导出'));
    await confirmDialog('是否导出用户数据?');
    await waitFor(() => expect(saved).toHaveLength(1));
    const request = calls.find((c) => c.path === '/api/blade-user/export-user');
    expect(request?.query.get('account')).toBe('zh');
    expect(request?.query.get('deptId')).toBe('11');
    expect(request?.query.has('current')).toBe(false);
    expect(saved[0].name).toMatch(/^用户数据表\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(saved[0].size).toBe(4);
  });

  it('imports the chosen file with the overwrite choice, and downloads the template', async () => {
    const calls = serve({ 'POST /api/blade-user/import-user': () => ({ inserted: 2, updated: 1 }) });
    const saved = captureExports();
    const user = userEvent.setup();
    renderScreen();
    await screen.findByText('张三');
    await user.click(toolbar('导入'));
    const dialog = (await screen.findByText('用户数据导入')).closest('.ant-modal') as HTMLElement;
    await user.click(buttonIn(dialog, '模板下载'));
    await waitFor(() => expect(saved.map((f) => f.name)).toEqual(['用户数据模板.xlsx']));
    await user.click(buttonIn(dialog, '提交'));
    expect(await within(dialog).findByText('请选择要导入的文件')).toBeTruthy();
    await user.click(within(dialog).getByLabelText('是'));
    const file = new File([new Uint8Array([1, 2, 3])], 'users.xlsx', { type: 'application/octet-stream' });
    await user.upload(dialog.querySelector('input[type=file]') as HTMLInputElement, file);
    await within(dialog).findByText('users.xlsx');
    const listed = lists(calls).length;
    await user.click(buttonIn(dialog, '提交'));
    await screen.findByText('导入成功：新增 2 条，更新 1 条');
    const request = calls.find((c) => c.path === '/api/blade-user/import-user');
    expect(request?.query.get('isCovered')).toBe('1');
    expect(uploads.at(-1)?.get('file')).toBeInstanceOf(File);
    expect((uploads.at(-1)?.get('file') as File | undefined)?.name).toBe('users.xlsx');
    await waitFor(() => expect(lists(calls).length).toBeGreaterThan(listed)); // the list reloads
  });

  it('offers only the buttons the user holds', async () => {
    serve();
    grant('user_view', 'user_reset');
    renderScreen();
    await screen.findByText('张三');
    const bar = toolbarRow();
    expect(within(bar).queryByText(spaced('密码重置'))).toBeTruthy();
    for (const name of ['角色配置', '账号解封', '导入', '导出', '新增']) expect(within(bar).queryByText(spaced(name))).toBeNull();
  });
});

/** Multipart bodies sent by the screen (fakeFetch only reads JSON bodies). */
let uploads: FormData[] = [];

/**
 * Downloads answered as bytes (the fake server answers JSON only) and the files the screen
 * hands to the browser, by name and size.
 */
function captureExports(): HandedFile[] {
  uploads = [];
  return captureDownloads(/export-(user|template)/, new Uint8Array([80, 75, 3, 4]), 'application/octet-stream', (init) => {
    if (init.body instanceof FormData) uploads.push(init.body);
  });
}
