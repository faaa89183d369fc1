import { region } from '@sso/shared-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeCall, fakeFetch } from '../../test/fake-fetch.testkit.js';
import { buttonIn, dialogTitled, grant, renderWithFeedback, spaced } from '../../test/ui.testkit.js';
import RegionScreen from './region-screen.js';

const base = '/api/blade-system/region';
const regions = [
  { code: '110000', parentCode: '00', name: '北京市' },
  { code: '130000', parentCode: '00', name: '河北省' },
  { code: '130100', parentCode: '130000', name: '石家庄市' },
];
const node = (r: (typeof regions)[number]) => ({
  id: r.code,
  parentId: r.parentCode,
  title: r.name,
  key: r.code,
  value: r.code,
  hasChildren: regions.some((c) => c.parentCode === r.code),
});

/** The tree's routes and the import; downloads answered as bytes, multipart bodies and saved files kept. */
function fakeServer() {
  const calls = fakeFetch({
    [`GET ${base}/lazy-tree`]: (q) => regions.filter((r) => r.parentCode === (q.get('parentCode') ?? '00')).map(node),
    [`GET ${base}/detail`]: (q) => ({ ...regions.find((r) => r.code === q.get('code')), level: 1, sort: 1, remark: null }),
    'GET /api/blade-system/dict/dictionary': () => [],
    [`POST ${base}/import-region`]: () => ({ inserted: 2, updated: 1 }),
  });
  const fake = globalThis.fetch;
  const uploads: FormData[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    if (init.body instanceof FormData) uploads.push(init.body);
    if (!/export-(region|template)/.test(input)) return fake(input, init);
    await fake(input, init); // recorded in calls
    return new Response(new Uint8Array([80, 75, 3, 4]), { status: 200, headers: { 'content-type': 'application/octet-stream' } });
  });
  const saved: string[] = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return { calls, uploads, saved };
}

const tree = () => screen.getByTestId('region-tree');
const treeNode = (title: string) => within(tree()).getByText(title).closest('.ant-tree-treenode') as HTMLElement;
const toolbarButton = (name: string) => buttonIn(screen.getByTestId('region-toolbar'), name);
const treeCalls = (calls: FakeCall[]) => calls.filter((c) => c.path.endsWith('/lazy-tree')).map((c) => c.query.get('parentCode'));

async function renderScreen() {
  renderWithFeedback(<RegionScreen def={region} />);
  await within(await screen.findByTestId('region-tree')).findByText('河北省');
}

async function confirm(question: string) {
  const modal = (await screen.findByText(question)).closest('.ant-modal') as HTMLElement;
  await userEvent.click(buttonIn(modal, '确定'));
}

describe('行政区划 导入 / 导出', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows each button only with its menu button', { timeout: 60_000 }, async () => {
    fakeServer();
    grant('region_view', 'region_add');
    await renderScreen();
    expect(screen.queryByTestId('region-toolbar')).toBeNull();
    expect(screen.queryByText(spaced('导入'))).toBeNull();
  });

  it('imports the chosen file with the overwrite choice, downloads the template, and reloads the tree', { timeout: 90_000 }, async () => {
    const { calls, uploads, saved } = fakeServer();
    grant('region_import');
    const user = userEvent.setup();
    await renderScreen();
    expect(within(screen.getByTestId('region-toolbar')).queryByText(spaced('导出'))).toBeNull();
    await user.click(treeNode('河北省').querySelector('.ant-tree-switcher') as HTMLElement);
    await within(tree()).findByText('石家庄市');

    await user.click(toolbarButton('导入'));
    const dialog = await dialogTitled('行政区划数据导入');
    expect(within(dialog).getByText('是：区划编号已存在时更新该区划；否：已存在的区划编号报错')).toBeTruthy();
    await user.click(buttonIn(dialog, '模板下载'));
    await waitFor(() => expect(saved).toEqual(['行政区划模板.xlsx']));
    expect(calls.some((c) => c.path === `${base}/export-template`)).toBe(true);
    await user.click(buttonIn(dialog, '提交'));
    expect(await within(dialog).findByText('请选择要导入的文件')).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/import-region'))).toBe(false);

    await user.click(within(dialog).getByLabelText('是'));
    const file = new File([new Uint8Array([1, 2, 3])], 'regions.xlsx');
    await user.upload(dialog.querySelector('input[type=file]') as HTMLInputElement, file);
    await within(dialog).findByText('regions.xlsx');
    await user.click(buttonIn(dialog, '提交'));
    await screen.findByText('导入成功：新增 2 条，更新 1 条');
    expect(calls.find((c) => c.path.endsWith('/import-region'))?.query.get('isCovered')).toBe('1');
    expect((uploads.at(-1)?.get('file') as File | undefined)?.name).toBe('regions.xlsx');
    await waitFor(() => expect(treeCalls(calls)).toEqual(['00', '130000', '00', '130000'])); // every loaded level
    expect(within(tree()).getByText('石家庄市')).toBeTruthy();
  });

  it('exports every region, or the sub-regions of the chosen one', { timeout: 90_000 }, async () => {
    const { calls, saved } = fakeServer();
    grant('region_export');
    const user = userEvent.setup();
    await renderScreen();
    expect(within(screen.getByTestId('region-toolbar')).queryByText(spaced('导入'))).toBeNull();

    await user.click(toolbarButton('导出'));
    await confirm('是否导出全部行政区划数据?');
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatch(/^行政区划数据\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(calls.find((c) => c.path.endsWith('/export-region'))?.query.has('parentCode')).toBe(false);

    await user.click(within(tree()).getByText('河北省'));
    await user.click(toolbarButton('导出'));
    await confirm('是否导出“河北省”的下级区划数据?');
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(
      calls
        .filter((c) => c.path.endsWith('/export-region'))
        .at(-1)
        ?.query.get('parentCode'),
    ).toBe('130000');
  });
});
