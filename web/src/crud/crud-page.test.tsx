import { dict, param, type ResourceDef, tenantPackage } from '@sso/shared-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, page } from '../test/fake-fetch.testkit.js';
import { buttonIn, buttonsIn, grant, renderWithFeedback } from '../test/ui.testkit.js';
import CrudPage from './crud-page.js';

const rows = Array.from({ length: 10 }, (_, i) => ({
  id: String(100 + i),
  paramName: `参数${i}`,
  paramKey: `key.${i}`,
  paramValue: `v${i}`,
  remark: null,
}));
const all = ['param_add', 'param_edit', 'param_delete', 'param_view'];

const dialog = () =>
  waitFor(() => document.querySelector('.ant-modal') as HTMLElement).then((el) => {
    if (!el) throw new Error('no dialog');
    return el;
  });

function renderPage(def: ResourceDef = param) {
  return renderWithFeedback(<CrudPage def={def} />);
}

describe('the generic CRUD page', { timeout: 60_000 }, () => {
  beforeEach(() => grant(...all));
  afterEach(() => vi.unstubAllGlobals());

  it('renders the columns, index column and search fields of the view, and lists page 1 of 10', async () => {
    const calls = fakeFetch({ 'GET /api/blade-system/param/list': (q) => page(rows, Number(q.get('current')), 10, 25) });
    renderPage();
    await screen.findByText('参数0');
    const headers = [...document.querySelectorAll('th')].map((th) => th.textContent);
    expect(headers).toEqual(expect.arrayContaining(['#', '参数名称', '参数键名', '参数键值', '操作']));
    expect(headers).not.toContain('备注'); // hideInTable
    expect([...document.querySelectorAll('td')].some((td) => td.textContent === '10')).toBe(true); // index column
    expect(document.querySelectorAll('tr.ant-table-row input[type=checkbox]').length).toBe(10); // multi-select
    expect(document.querySelector('thead input[type=checkbox]')).toBeTruthy(); // select all
    const search = document.querySelector('form#crud-search') as HTMLFormElement;
    expect(within(search).getByLabelText('参数名称')).toBeTruthy();
    expect(within(search).getByLabelText('参数键名')).toBeTruthy();
    expect(within(search).queryByLabelText('参数键值')).toBeNull();
    expect(calls[0].query.get('current')).toBe('1');
    expect(calls[0].query.get('size')).toBe('10');
  });

  it('offers no tick boxes on a list the user may only read', async () => {
    grant('param_view');
    fakeFetch({ 'GET /api/blade-system/param/list': () => page(rows) });
    renderPage();
    await screen.findByText('参数0');
    expect(document.querySelectorAll('input[type=checkbox]').length).toBe(0);
    expect(buttonsIn(document.body, '删除').length).toBe(0);
  });

  it('starts a new search at page 1 with the filters', async () => {
    const calls = fakeFetch({ 'GET /api/blade-system/param/list': (q) => page(rows, Number(q.get('current')), 10, 25) });
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('参数0');
    await user.click(screen.getByTitle('2'));
    await waitFor(() => expect(calls.at(-1)?.query.get('current')).toBe('2'));
    const search = document.querySelector('form#crud-search') as HTMLFormElement;
    await user.type(within(search).getByLabelText('参数名称'), '密码');
    await user.click(buttonIn(search, '搜索'));
    await waitFor(() => expect(calls.at(-1)?.query.get('paramName')).toBe('密码'));
    expect(calls.at(-1)?.query.get('current')).toBe('1');
  });

  it('shows the entity messages under the fields and sends nothing while they fail', async () => {
    const calls = fakeFetch({ 'GET /api/blade-system/param/list': () => page(rows) });
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('参数0');
    await user.click(buttonIn(document.body, '新增'));
    const modal = await dialog();
    await user.click(buttonIn(modal, '提交'));
    expect(await within(modal).findByText('请输入参数名称')).toBeTruthy();
    expect(within(modal).getByText('请输入参数键名')).toBeTruthy();
    expect(within(modal).getByText('请输入参数键值')).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/submit'))).toBe(false);
  });

  it('asks 确定将选择数据删除? before deleting, then removes by id', async () => {
    const calls = fakeFetch({ 'GET /api/blade-system/param/list': () => page(rows), 'POST /api/blade-system/param/remove': () => true });
    const user = userEvent.setup();
    renderPage();
    const cell = await screen.findByText('参数3');
    await user.click(buttonIn(cell.closest('tr') as HTMLElement, '删除'));
    const confirm = await screen.findByText('确定将选择数据删除?');
    await user.click(buttonIn(confirm.closest('.ant-modal') as HTMLElement, '确定'));
    await screen.findByText('删除成功');
    expect(calls.find((c) => c.path.endsWith('/remove'))?.query.get('ids')).toBe('103');
  });

  it('warns 请选择至少一条数据 on a multi-delete without selection', async () => {
    fakeFetch({ 'GET /api/blade-system/param/list': () => page(rows) });
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('参数0');
    await user.click(buttonsIn(document.body, '删除')[0]);
    expect(await screen.findByText('请选择至少一条数据')).toBeTruthy();
  });

  it('offers only the actions the view leaves on and the user holds', async () => {
    fakeFetch({ 'GET /api/blade-system/tenant-package/list': () => page([{ id: '1', packageName: '基础包', menuId: '1', remark: null }]) });
    grant('tenantpackage_edit', 'tenantpackage_view');
    renderPage(tenantPackage);
    await screen.findByText('基础包');
    expect(buttonsIn(document.body, '新增')).toEqual([]); // no tenantpackage_add
    expect(buttonsIn(document.body, '查看')).toEqual([]); // view: false in the view
    expect(buttonsIn(document.body, '修改')).toHaveLength(1);
  });

  it('shows dictionary labels for dict columns (dict/dictionary?code=)', async () => {
    fakeFetch({
      'GET /api/blade-system/dict/list': () =>
        page([{ id: '1', parentId: '0', code: 'sex', dictKey: '-1', dictValue: '性别', sort: 1, isSealed: 1, remark: null }]),
      'GET /api/blade-system/dict/dictionary': (q) =>
        q.get('code') === 'yes_no'
          ? [
              { id: '2', parentId: '9', code: 'yes_no', dictKey: '0', dictValue: '否', sort: 1, remark: null, isSealed: 1 },
              { id: '3', parentId: '9', code: 'yes_no', dictKey: '1', dictValue: '是', sort: 2, remark: null, isSealed: 1 },
            ]
          : [],
    });
    grant('dict_view');
    renderPage(dict);
    const name = await screen.findByText('性别');
    await waitFor(() => expect(within(name.closest('tr') as HTMLElement).getByText('是')).toBeTruthy());
  });
});
