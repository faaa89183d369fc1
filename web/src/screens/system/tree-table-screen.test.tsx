import { dept } from '@sso/shared-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeCall, fakeFetch } from '../../test/fake-fetch.testkit.js';
import { grant, renderWithFeedback, spaced } from '../../test/ui.testkit.js';
import TreeTableScreen from './tree-table-screen.js';

interface Dept {
  id: string;
  parentId: string;
  deptName: string;
  fullName: string;
  deptCategory: number;
  sort: number;
}
const base = '/api/blade-system/dept';

/** The dept routes the screen uses, over a list that submits change (as the server's lazy-list and tree). */
function fakeServer(depts: Dept[]): FakeCall[] {
  const withFlag = (d: Dept) => ({ ...d, remark: null, parentName: null, hasChildren: depts.some((c) => c.parentId === d.id) });
  const treeOf = (parentId: string): unknown[] =>
    depts
      .filter((d) => d.parentId === parentId)
      .map((d) => ({ id: d.id, parentId, title: d.deptName, key: d.id, value: d.id, hasChildren: false, children: treeOf(d.id) }));
  return fakeFetch({
    [`GET ${base}/lazy-list`]: (q) => depts.filter((d) => d.parentId === (q.get('parentId') ?? '0')).map(withFlag),
    [`GET ${base}/tree`]: () => treeOf('0'),
    'GET /api/blade-system/dict/dictionary': () => [
      { id: '5', parentId: '4', code: 'org_category', dictKey: '1', dictValue: '公司', sort: 1 },
    ],
    [`POST ${base}/submit`]: (_q, body) => {
      const row = { id: String(100 + depts.length), ...(body as Omit<Dept, 'id'>) };
      depts.push(row);
      return row;
    },
  });
}

/** A row of the list (the dialog's tree select may show the same names). */
const rowOf = (text: string) =>
  within(document.querySelector('.ant-table') as HTMLElement)
    .getByText(text)
    .closest('tr') as HTMLElement;
const def = dept;

function renderScreen() {
  return renderWithFeedback(<TreeTableScreen def={def} menu={{ id: '1', code: 'dept', name: '机构管理', rawPath: '/system/dept' }} />);
}

describe('机构管理 as a tree table', () => {
  afterEach(() => vi.unstubAllGlobals());
  beforeEach(() => grant('dept_add', 'dept_child', 'dept_view'));

  it('adds a child under a row with its parent preset in the tree select, then shows it nested', { timeout: 90_000 }, async () => {
    const calls = fakeServer([{ id: '1', parentId: '0', deptName: '钢铁集团', fullName: '钢铁集团有限公司', deptCategory: 1, sort: 1 }]);
    const user = userEvent.setup();
    renderScreen();
    await screen.findByText('钢铁集团');
    const opener = (text: string) => rowOf(text).querySelector('.ant-table-row-expand-icon:not(.ant-table-row-expand-icon-spaced)');
    expect(opener('钢铁集团')).toBeNull(); // no children yet

    await user.click(within(rowOf('钢铁集团')).getByText(spaced('新增子项')));
    const modal = (await waitFor(() => document.querySelector('.ant-modal'))) as HTMLElement;
    // The parent field is a tree select of the dept tree, showing the row's name.
    await waitFor(() => expect(within(modal).getByTitle('钢铁集团')).toBeTruthy());
    await user.type(within(modal).getByLabelText('机构名称'), '炼钢厂');
    await user.type(within(modal).getByLabelText('机构全称'), '第一炼钢厂');
    // The first child of its parent: its sort starts at 1, nothing to type.
    expect((within(modal).getByLabelText('排序') as HTMLInputElement).value).toBe('1');
    await user.click(within(modal).getByLabelText('机构类型'));
    await user.click(await waitFor(() => document.querySelector('.ant-select-item-option[title="公司"]') as HTMLElement));
    await user.click(within(modal).getByText(spaced('提交')));

    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/submit'))).toBe(true));
    expect(calls.find((c) => c.path.endsWith('/submit'))?.body).toMatchObject({
      parentId: '1',
      deptName: '炼钢厂',
      deptCategory: 1,
      sort: 1,
    });
    // The list reloads: the parent now opens onto its new child.
    const expander = await waitFor(() => {
      const icon = opener('钢铁集团');
      if (!icon) throw new Error('no expander yet');
      return icon as HTMLElement;
    });
    await user.click(expander);
    await waitFor(() => rowOf('炼钢厂'));
    expect(rowOf('炼钢厂').classList.contains('ant-table-row-level-1')).toBe(true);
    expect(calls.at(-1)?.query.get('parentId')).toBe('1');
  });

  it('offers 新增子项 only to holders of the dept_child button', { timeout: 60_000 }, async () => {
    grant('dept_add', 'dept_view');
    fakeServer([{ id: '1', parentId: '0', deptName: '钢铁集团', fullName: '钢铁集团有限公司', deptCategory: 1, sort: 1 }]);
    renderScreen();
    await screen.findByText('钢铁集团');
    expect(within(rowOf('钢铁集团')).queryByText(spaced('新增子项'))).toBeNull();
    expect(within(rowOf('钢铁集团')).getByText(spaced('查看'))).toBeTruthy();
  });
});
