import { dict, dictBiz } from '@sso/shared-api';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.js';
import { type FakeCall, fakeFetch, page } from '../../test/fake-fetch.testkit.js';
import { buttonIn, grant, renderWithFeedback, spaced } from '../../test/ui.testkit.js';
import { type DictLayout, DictScreen } from './dict-screen.js';
import SystemDictScreen from './system-dict-screen.js';

interface Entry {
  id: string;
  parentId: string;
  code: string;
  dictKey: string;
  dictValue: string;
  sort: number;
  isSealed: number;
  remark: string | null;
  dictValueEn?: string;
}
const entry = (id: string, parentId: string, code: string, dictKey: string, dictValue: string, sort = 1): Entry => ({
  id,
  parentId,
  code,
  dictKey,
  dictValue,
  sort,
  isSealed: 0,
  remark: null,
});
const rows: Entry[] = [
  entry('10', '0', 'sex', '-1', '性别'),
  entry('11', '10', 'sex', '1', '男', 1),
  entry('12', '10', 'sex', '2', '女', 2),
  entry('13', '11', 'sex', '1-1', '成年男'),
  entry('20', '0', 'color', '-1', '颜色', 2),
  { ...entry('30', '0', 'yes_no', '-1', '是否', 3), isSealed: 1, dictValueEn: 'Yes or no' },
  entry('31', '30', 'yes_no', '0', '否', 1),
  entry('32', '30', 'yes_no', '1', '是', 2),
];

/** The tree extra as the server builds it: nodes with title/key/value/hasChildren, nested by parentId. */
function treeOf(entries: Entry[], parentId = '0'): unknown[] {
  return entries
    .filter((e) => e.parentId === parentId)
    .map((e) => {
      const children = treeOf(entries, e.id);
      return { ...e, title: e.dictValue, key: e.id, value: e.id, hasChildren: children.length > 0, children };
    });
}

const base = '/api/blade-system/dict';
/** The dictionary routes under `at` (the business dictionary is served under /dict-biz). */
function fakeServer(at = base): FakeCall[] {
  return fakeFetch({
    [`GET ${base}/dictionary`]: (q) => rows.filter((e) => e.code === q.get('code') && e.parentId !== '0'),
    [`GET ${at}/parent-list`]: () => page(rows.filter((e) => e.parentId === '0')),
    [`GET ${at}/child-list`]: (q) => treeOf(rows, q.get('parentId') ?? ''),
    [`GET ${at}/tree`]: (q) => treeOf(q.get('code') === 'DICT' ? rows : rows.filter((e) => e.code === q.get('code'))),
    [`GET ${at}/detail`]: (q) => rows.find((e) => e.id === q.get('id')),
    [`POST ${at}/submit`]: (_q, body) => ({ id: '99', ...(body as object) }),
    [`POST ${at}/remove`]: () => true,
  });
}

const ALL = ['dict_add', 'dict_edit', 'dict_delete', 'dict_view', 'dict_child'];
const def = dict;

const rowOf = (cell: HTMLElement) => cell.closest('tr') as HTMLElement;
const headersIn = (container: ParentNode) => [...container.querySelectorAll('th')].map((th) => th.textContent);
/** The open dialog whose title is `title`. */
const dialogTitled = async (title: string) => (await screen.findByText(title)).closest('.ant-modal') as HTMLElement;

function renderScreen(layout?: DictLayout) {
  return renderWithFeedback(
    layout ? (
      <DictScreen def={def} layout={layout} />
    ) : (
      <SystemDictScreen menu={{ id: '1', code: 'dict', name: '系统字典', rawPath: '/system/dict' }} def={def} />
    ),
  );
}

/** Opens the entries of 性别 from its 字典配置 button: the dialog. */
async function openSexEntries(user: ReturnType<typeof userEvent.setup>): Promise<HTMLElement> {
  await user.click(buttonIn(rowOf(await screen.findByText('性别')), '字典配置'));
  return dialogTitled('字典配置 · 性别（sex）');
}

// Each story walks two tables and two dialogs of antd in jsdom: slow on a loaded machine.
describe('the dictionary screen', { timeout: 120_000 }, () => {
  beforeEach(() => grant(...ALL));
  afterEach(() => vi.unstubAllGlobals());

  it('lists the dictionaries from parent-list with the parent columns only', async () => {
    const calls = fakeServer();
    renderScreen();
    await screen.findByText('性别');
    expect(screen.getByText('颜色')).toBeTruthy();
    expect(screen.queryByText('男')).toBeNull();
    const headers = headersIn(document);
    expect(headers).toEqual(expect.arrayContaining(['字典编号', '字典名称', '字典排序', '封存', '字典备注']));
    expect(headers).not.toContain('字典键值');
    expect(calls.some((c) => c.path === `${base}/parent-list`)).toBe(true);
    expect(calls.some((c) => c.path === `${base}/list`)).toBe(false);
  });

  it('opens a dictionary’s entries in a dialog of width 880, nested entries as a tree', async () => {
    const calls = fakeServer();
    const user = userEvent.setup({ delay: null });
    renderScreen();
    const entries = await openSexEntries(user);
    expect(entries.style.width).toBe('880px');
    await within(entries).findByText('男');
    expect(within(entries).getByText('女')).toBeTruthy();
    expect(headersIn(entries)).toEqual(expect.arrayContaining(['字典编号', '字典名称', '字典键值', '字典排序', '封存']));
    const childList = calls.find((c) => c.path === `${base}/child-list`);
    expect(childList?.query.get('parentId')).toBe('10');
    // child-list answers the tree itself (BladeX): no second call for the nesting.
    expect(calls.find((c) => c.path === `${base}/tree` && c.query.get('code') === 'sex')).toBeUndefined();
    expect(within(entries).queryByText('成年男')).toBeNull();
    await user.click(rowOf(within(entries).getByText('男')).querySelector('.ant-table-row-expand-icon') as HTMLElement);
    expect(await within(entries).findByText('成年男')).toBeTruthy();
  });

  it('adds an entry under the dictionary with its code and parent filled in, the code fixed', async () => {
    const calls = fakeServer();
    const user = userEvent.setup({ delay: null });
    renderScreen();
    const entries = await openSexEntries(user);
    await within(entries).findByText('男');
    await user.click(buttonIn(entries, '新增'));
    const form = await dialogTitled('新增 · 系统字典');
    const code = within(form).getByLabelText('字典编号') as HTMLInputElement;
    expect(code.value).toBe('sex');
    expect(code.disabled).toBe(true);
    // The sort starts after the entries listed (男 1, 女 2): nothing to type for a form that can be sent.
    expect((within(form).getByLabelText('字典排序') as HTMLInputElement).value).toBe('3');
    await user.type(within(form).getByLabelText('字典键值'), '3');
    await user.type(within(form).getByLabelText('字典名称'), '未知');
    const listsBefore = calls.filter((c) => c.path === `${base}/child-list`).length;
    await user.click(buttonIn(form, '提交'));
    await screen.findByText('新增成功');
    expect(calls.find((c) => c.path === `${base}/submit`)?.body).toEqual({
      parentId: '10',
      code: 'sex',
      isSealed: 0,
      dictKey: '3',
      dictValue: '未知',
      sort: 3,
    });
    await waitFor(() => expect(calls.filter((c) => c.path === `${base}/child-list`).length).toBeGreaterThan(listsBefore));
  });

  it('edits and deletes an entry by its id', async () => {
    const calls = fakeServer();
    const user = userEvent.setup({ delay: null });
    renderScreen();
    const entries = await openSexEntries(user);
    await user.click(buttonIn(rowOf(await within(entries).findByText('女')), '修改'));
    const form = await dialogTitled('修改 · 系统字典');
    const name = within(form).getByLabelText('字典名称') as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('女'));
    expect((within(form).getByLabelText('字典编号') as HTMLInputElement).disabled).toBe(true);
    await user.clear(name);
    await user.type(name, '女性');
    await user.click(buttonIn(form, '提交'));
    await screen.findByText('修改成功');
    expect(calls.find((c) => c.path === `${base}/submit`)?.body).toMatchObject({ id: '12', dictValue: '女性', code: 'sex' });
    await user.click(buttonIn(rowOf(within(entries).getByText('女')), '删除'));
    const confirm = await screen.findByText('确定将选择数据删除?');
    await user.click(buttonIn(confirm.closest('.ant-modal') as HTMLElement, '确定'));
    await screen.findByText('删除成功');
    expect(calls.find((c) => c.path === `${base}/remove`)?.query.get('ids')).toBe('12');
  });

  it('sends a new dictionary with the top-level key -1, not sealed by default', async () => {
    const calls = fakeServer();
    const user = userEvent.setup({ delay: null });
    renderScreen();
    await screen.findByText('性别');
    await user.click(buttonIn(document.querySelector('.ant-card') as HTMLElement, '新增'));
    const form = await dialogTitled('新增 · 系统字典');
    expect(within(form).queryByLabelText('字典键值')).toBeNull();
    expect(within(form).queryByLabelText('上级字典')).toBeNull();
    await user.type(within(form).getByLabelText('字典编号'), 'fruit');
    await user.type(within(form).getByLabelText('字典名称'), '水果');
    // After the dictionaries listed (sorted 1, 2 and 3).
    expect((within(form).getByLabelText('字典排序') as HTMLInputElement).value).toBe('4');
    await user.click(buttonIn(form, '提交'));
    await screen.findByText('新增成功');
    expect(calls.find((c) => c.path === `${base}/submit`)?.body).toEqual({
      code: 'fruit',
      dictValue: '水果',
      sort: 4,
      isSealed: 0,
      dictKey: '-1',
    });
  });

  it('names the dictionary of an entries dialog by its English name on an English screen (是否 is not shown)', async () => {
    fakeServer();
    await i18n.changeLanguage('en');
    try {
      const user = userEvent.setup({ delay: null });
      renderScreen();
      await user.click(buttonIn(rowOf(await screen.findByText('是否')), 'Configure'));
      const entries = await dialogTitled('Entries · Yes or no (yes_no)');
      expect(entries.querySelector('.ant-modal-title')?.textContent).not.toMatch(/[\u4e00-\u9fff]/);
    } finally {
      await i18n.changeLanguage('zh-CN');
    }
  });

  it.each(['horizontal', 'vertical'] as const)('lays the entries out %s, without a dialog', async (layout) => {
    fakeServer();
    const user = userEvent.setup({ delay: null });
    renderScreen(layout);
    const frame = await screen.findByTestId(`dict-${layout}`);
    const side = within(frame).getByTestId('dict-entries');
    expect(within(side).getByText('请在字典列表中点击“字典配置”查看字典项')).toBeTruthy();
    await user.click(buttonIn(rowOf(await within(frame).findByText('颜色')), '字典配置'));
    await within(side).findByText('字典配置 · 颜色（color）');
    await user.click(buttonIn(rowOf(within(frame).getByText('性别')), '字典配置'));
    expect(await within(side).findByText('男')).toBeTruthy();
    expect(document.querySelector('.ant-modal-wrap:not([style*="display: none"]) .ant-table')).toBeNull();
  });

  it('keeps the entries beside the list in step with the chosen dictionary’s edit and removal', async () => {
    const calls = fakeServer();
    const user = userEvent.setup({ delay: null });
    renderScreen('horizontal');
    const frame = await screen.findByTestId('dict-horizontal');
    const list = within(frame).getByTestId('dict-list');
    const side = within(frame).getByTestId('dict-entries');
    await user.click(buttonIn(rowOf(await within(list).findByText('性别')), '字典配置'));
    await within(side).findByText('字典配置 · 性别（sex）');
    await user.click(buttonIn(rowOf(within(list).getByText('性别')), '修改'));
    const form = await dialogTitled('修改 · 系统字典');
    const name = within(form).getByLabelText('字典名称') as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('性别'));
    await user.clear(name);
    await user.type(name, '人的性别');
    await user.click(buttonIn(form, '提交'));
    await within(side).findByText('字典配置 · 人的性别（sex）');
    expect(calls.find((c) => c.path === `${base}/submit`)?.body).toMatchObject({ id: '10', dictValue: '人的性别' });
    await user.click(buttonIn(rowOf(within(list).getByText('性别')), '删除'));
    const confirm = await screen.findByText('确定将选择数据删除?');
    await user.click(buttonIn(confirm.closest('.ant-modal') as HTMLElement, '确定'));
    await within(side).findByText('请在字典列表中点击“字典配置”查看字典项');
  });

  it('serves 业务字典 from the business dictionary’s own routes', async () => {
    const calls = fakeServer('/api/blade-system/dict-biz');
    grant('dictbiz_view', 'dictbiz_child');
    const user = userEvent.setup({ delay: null });
    render(
      <AntApp>
        <SystemDictScreen menu={{ id: '2', code: 'dictbiz', name: '业务字典', rawPath: '/system/dictbiz' }} def={dictBiz} />
      </AntApp>,
    );
    expect(await screen.findByText('业务字典')).toBeTruthy();
    const entries = await openSexEntries(user);
    await within(entries).findByText('男');
    expect(calls.find((c) => c.path.endsWith('/child-list'))?.path).toBe('/api/blade-system/dict-biz/child-list');
    expect(calls.some((c) => c.path.startsWith(`${base}/`) && !c.path.endsWith('/dictionary'))).toBe(false);
  });

  it('offers 字典配置 only to holders of dict_child', async () => {
    fakeServer();
    grant('dict_add', 'dict_edit', 'dict_delete', 'dict_view');
    renderScreen();
    await screen.findByText('性别');
    expect(screen.queryByText(spaced('字典配置'))).toBeNull();
  });
});
