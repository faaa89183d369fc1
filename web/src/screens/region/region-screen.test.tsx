import { region } from '@sso/shared-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeCall, fakeFetch } from '../../test/fake-fetch.testkit.js';
import { grant, renderWithFeedback, spaced } from '../../test/ui.testkit.js';
import RegionScreen from './region-screen.js';

interface Region {
  code: string;
  parentCode: string;
  name: string;
  level: number;
  sort: number;
}
const base = '/api/blade-system/region';
const seed = (): Region[] => [
  { code: '110000', parentCode: '00', name: '北京市', level: 1, sort: 1 },
  { code: '130000', parentCode: '00', name: '河北省', level: 1, sort: 2 },
  { code: '130100', parentCode: '130000', name: '石家庄市', level: 2, sort: 1 },
  { code: '130200', parentCode: '130000', name: '唐山市', level: 2, sort: 2 },
];

/** The region routes the screen uses, over a list that submits and removes change. */
function fakeServer(regions: Region[]): FakeCall[] {
  const node = (r: Region) => ({
    id: r.code,
    parentId: r.parentCode,
    title: r.name,
    key: r.code,
    value: r.code,
    hasChildren: regions.some((c) => c.parentCode === r.code),
  });
  return fakeFetch({
    [`GET ${base}/lazy-tree`]: (q) => regions.filter((r) => r.parentCode === (q.get('parentCode') ?? '00')).map(node),
    [`GET ${base}/detail`]: (q) => ({ ...regions.find((r) => r.code === q.get('code')), remark: null }),
    'GET /api/blade-system/dict/dictionary': () => [],
    [`POST ${base}/submit`]: (_q, body) => {
      const row = body as Region;
      const existing = regions.find((r) => r.code === row.code);
      if (existing) Object.assign(existing, row);
      else regions.push({ ...row, level: 2, sort: Number(row.sort) });
      return row;
    },
    [`POST ${base}/remove`]: (q) => {
      regions.splice(
        regions.findIndex((r) => r.code === q.get('id')),
        1,
      );
      return true;
    },
  });
}

const tree = () => screen.getByTestId('region-tree');
const panel = () => screen.getByTestId('region-panel');
const treeNode = (title: string) => within(tree()).getByText(title).closest('.ant-tree-treenode') as HTMLElement;
const lazyTreeCalls = (calls: FakeCall[]) => calls.filter((c) => c.path.endsWith('/lazy-tree')).map((c) => c.query.get('parentCode'));

function renderScreen() {
  return renderWithFeedback(<RegionScreen def={region} />);
}

describe('行政区划: a lazy region tree beside the chosen region', () => {
  afterEach(() => vi.unstubAllGlobals());
  beforeEach(() => grant('region_add', 'region_edit', 'region_delete', 'region_view'));

  it('shows the provinces first and loads a province’s cities when it opens', { timeout: 60_000 }, async () => {
    const calls = fakeServer(seed());
    const user = userEvent.setup();
    renderScreen();
    await within(await screen.findByTestId('region-tree')).findByText('河北省');
    expect(lazyTreeCalls(calls)).toEqual(['00']);
    expect(within(tree()).queryByText('石家庄市')).toBeNull();
    expect(treeNode('北京市').querySelector('.ant-tree-switcher-noop')).toBeTruthy(); // a leaf: nothing to load

    await user.click(treeNode('河北省').querySelector('.ant-tree-switcher') as HTMLElement);
    await within(tree()).findByText('石家庄市');
    expect(within(tree()).getByText('唐山市')).toBeTruthy();
    expect(lazyTreeCalls(calls)).toEqual(['00', '130000']);
  });

  it('shows the chosen region, and adds a sub-region under it that appears in the tree', { timeout: 90_000 }, async () => {
    const calls = fakeServer(seed());
    const user = userEvent.setup();
    renderScreen();
    await user.click(await within(await screen.findByTestId('region-tree')).findByText('北京市'));
    await waitFor(() => expect((within(panel()).getByLabelText('区划名称') as HTMLInputElement).value).toBe('北京市'));
    expect((within(panel()).getByLabelText('区划编号') as HTMLInputElement).disabled).toBe(true); // view only

    await user.click(within(panel()).getByText(spaced('新增下级')));
    await within(panel()).findByText('新增下级区划：北京市');
    expect((within(panel()).getByLabelText('上级区划') as HTMLInputElement).value).toBe('110000');
    expect((within(panel()).getByLabelText('上级区划') as HTMLInputElement).disabled).toBe(true);
    await user.type(within(panel()).getByLabelText('区划编号'), '110100');
    await user.type(within(panel()).getByLabelText('区划名称'), '市辖区');
    await user.type(within(panel()).getByLabelText('排序'), '1');
    await user.click(within(panel()).getByText(spaced('提交')));

    await within(tree()).findByText('市辖区'); // the level below 北京市 reloaded and opened
    expect(calls.find((c) => c.path.endsWith('/submit'))?.body).toMatchObject({ code: '110100', parentCode: '110000', name: '市辖区' });
    expect(lazyTreeCalls(calls).at(-1)).toBe('110000');
  });

  it('edits the chosen region without its code, and its open level stays open', { timeout: 60_000 }, async () => {
    const calls = fakeServer(seed());
    const user = userEvent.setup();
    renderScreen();
    await within(await screen.findByTestId('region-tree')).findByText('河北省');
    await user.click(treeNode('河北省').querySelector('.ant-tree-switcher') as HTMLElement);
    await within(tree()).findByText('石家庄市');
    await user.click(within(tree()).getByText('河北省'));
    await waitFor(() => expect((within(panel()).getByLabelText('区划名称') as HTMLInputElement).value).toBe('河北省'));
    await user.click(within(panel()).getByText(spaced('修改')));
    const name = within(panel()).getByLabelText('区划名称') as HTMLInputElement;
    await waitFor(() => expect(name.disabled).toBe(false));
    expect((within(panel()).getByLabelText('区划编号') as HTMLInputElement).disabled).toBe(true); // the key
    await user.clear(name);
    await user.type(name, '冀');
    await user.click(within(panel()).getByText(spaced('提交')));
    await within(tree()).findByText('冀');
    expect(within(tree()).getByText('石家庄市')).toBeTruthy();
    expect(calls.find((c) => c.path.endsWith('/submit'))?.body).toMatchObject({ code: '130000', name: '冀' });
  });

  it('deletes the chosen region by its code after confirming, and drops it from the tree', { timeout: 60_000 }, async () => {
    const calls = fakeServer(seed());
    const user = userEvent.setup();
    renderScreen();
    await within(await screen.findByTestId('region-tree')).findByText('河北省');
    await user.click(treeNode('河北省').querySelector('.ant-tree-switcher') as HTMLElement);
    await user.click(await within(tree()).findByText('唐山市'));
    await waitFor(() => expect((within(panel()).getByLabelText('区划名称') as HTMLInputElement).value).toBe('唐山市'));
    await user.click(within(panel()).getByText(spaced('删除')));
    const confirm = await screen.findByText('确定将选择数据删除?');
    await user.click(within(confirm.closest('.ant-modal') as HTMLElement).getByText(spaced('确定')));
    await waitFor(() => expect(within(tree()).queryByText('唐山市')).toBeNull());
    expect(calls.find((c) => c.path.endsWith('/remove'))?.query.get('id')).toBe('130200');
    expect(within(tree()).getByText('石家庄市')).toBeTruthy();
    expect(within(panel()).getByText('请在左侧选择区划')).toBeTruthy();
  });

  it('checks the fields with the entity’s messages before sending', { timeout: 60_000 }, async () => {
    const calls = fakeServer(seed());
    const user = userEvent.setup();
    renderScreen();
    await within(await screen.findByTestId('region-tree')).findByText('北京市');
    await user.click(within(panel()).getByText(spaced('新增省级')));
    await user.type(within(panel()).getByLabelText('区划编号'), '1x');
    await user.click(within(panel()).getByText(spaced('提交')));
    expect(await within(panel()).findByText('区划编号必须是2到12位数字')).toBeTruthy();
    expect(within(panel()).getByText('请输入区划名称')).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/submit'))).toBe(false);
  });
});
