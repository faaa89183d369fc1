import { dept, param } from '@sso/shared-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { client } from '../api/client.js';
import { type FakeCall, fakeFetch, page } from '../test/fake-fetch.testkit.js';
import { grant, renderWithFeedback } from '../test/ui.testkit.js';
import CrudPage from './crud-page.js';
import { lazyListApi } from './lazy-tree.js';

const deptDef = dept;
const node = (id: string, parentId: string, deptName: string, hasChildren: boolean) => ({
  id,
  parentId,
  deptName,
  fullName: `${deptName}（全称）`,
  deptCategory: 1,
  sort: 1,
  remark: null,
  hasChildren,
  parentName: null,
});
const levels: Record<string, unknown[]> = {
  '0': [node('1', '0', '钢铁集团', true), node('2', '0', '独立机构', false)],
  '1': [node('11', '1', '炼钢厂', true)],
  '11': [node('111', '11', '一车间', false)],
};
const lazyRoutes = () => ({
  'GET /api/blade-system/dept/lazy-list': (q: URLSearchParams) =>
    q.get('deptName') ? [node('111', '11', '一车间', false)] : (levels[q.get('parentId') ?? ''] ?? []),
});
/** The lazy-list requests only (the page also loads its dictionaries), read live. */
const lazyCalls = (calls: FakeCall[]) =>
  new Proxy(calls, {
    get: (all, name) =>
      Reflect.get(
        all.filter((c) => c.path.endsWith('/lazy-list')),
        name,
      ),
  });
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const expanderOf = (text: string) => rowOf(text).querySelector('.ant-table-row-expand-icon') as HTMLElement;

function renderTree() {
  return renderWithFeedback(<CrudPage def={deptDef} api={lazyListApi(client, deptDef)} />);
}

describe('tree tables of the generic page (lazy children)', () => {
  beforeEach(() => grant('dept_view'));
  afterEach(() => vi.unstubAllGlobals());

  it('lists the top level, and loads and nests the children of a row when it opens', { timeout: 60_000 }, async () => {
    const calls = lazyCalls(fakeFetch(lazyRoutes()));
    const user = userEvent.setup();
    renderTree();
    await screen.findByText('钢铁集团');
    expect(calls[0].query.get('parentId')).toBe('0');
    expect(calls[0].query.has('current')).toBe(false); // whole levels, no paging
    expect(document.querySelector('.ant-pagination')).toBeNull();
    expect(expanderOf('独立机构').classList.contains('ant-table-row-expand-icon-spaced')).toBe(true); // a leaf
    expect(screen.queryByText('炼钢厂')).toBeNull();

    // The expander and the indent sit in the first column of the view (the name), as in Saber.
    expect(expanderOf('钢铁集团').closest('td')?.textContent).toBe('钢铁集团');
    await user.click(expanderOf('钢铁集团'));
    await screen.findByText('炼钢厂');
    expect(calls.at(-1)?.query.get('parentId')).toBe('1');
    expect(rowOf('炼钢厂').classList.contains('ant-table-row-level-1')).toBe(true);
    await user.click(expanderOf('炼钢厂'));
    await screen.findByText('一车间');
    expect(rowOf('一车间').classList.contains('ant-table-row-level-2')).toBe(true);

    // A reload reloads the open rows' children too.
    const before = calls.length;
    await user.click(screen.getByText(/^\s*刷\s*新\s*$/));
    await waitFor(() => expect(calls.slice(before).map((c) => c.query.get('parentId'))).toEqual(expect.arrayContaining(['0', '1', '11'])));
    expect(rowOf('一车间').classList.contains('ant-table-row-level-2')).toBe(true);
  });

  it('searches at any depth: a filter is sent without a parent', { timeout: 60_000 }, async () => {
    const calls = lazyCalls(fakeFetch(lazyRoutes()));
    const user = userEvent.setup();
    renderTree();
    await screen.findByText('钢铁集团');
    const search = document.querySelector('form#crud-search') as HTMLFormElement;
    await user.type(within(search).getByLabelText('机构名称'), '车间');
    await user.click(within(search).getByText(/^\s*搜\s*索\s*$/));
    await screen.findByText('一车间');
    expect(calls.at(-1)?.query.get('deptName')).toBe('车间');
    expect(calls.at(-1)?.query.has('parentId')).toBe(false);
  });
});

describe('the add dialog opened by a screen with values filled in', () => {
  beforeEach(() => grant('param_add'));
  afterEach(() => vi.unstubAllGlobals());

  it('starts with the presets and sends them with what the user typed', { timeout: 60_000 }, async () => {
    const calls = fakeFetch({
      'GET /api/blade-system/param/list': () => page([{ id: '7', paramName: '主题', paramKey: 'theme', paramValue: 'dark', remark: null }]),
      'POST /api/blade-system/param/submit': (_q, body) => body,
    });
    const user = userEvent.setup();
    renderWithFeedback(
      <CrudPage
        def={param}
        rowActions={(row, ctx) => <Button onClick={() => ctx.add({ paramKey: `${row.paramKey}.child` })}>like-this</Button>}
      />,
    );
    await user.click(await screen.findByText('like-this'));
    const modal = (await waitFor(() => document.querySelector('.ant-modal'))) as HTMLElement;
    expect((within(modal).getByLabelText('参数键名') as HTMLInputElement).value).toBe('theme.child');
    await user.type(within(modal).getByLabelText('参数名称'), '子主题');
    await user.type(within(modal).getByLabelText('参数键值'), 'light');
    await user.click(within(modal).getByText(/^\s*提\s*交\s*$/));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/submit'))).toBe(true));
    expect(calls.find((c) => c.path.endsWith('/submit'))?.body).toMatchObject({
      paramName: '子主题',
      paramKey: 'theme.child',
      paramValue: 'light',
    });
  });
});
