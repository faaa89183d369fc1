import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads } from '../../test/downloads.testkit.js';
import { fakeFetch, page } from '../../test/fake-fetch.testkit.js';
import { grant, renderWithFeedback, spaced } from '../../test/ui.testkit.js';
import CodeScreen from './code-screen.js';

const record = {
  id: '7',
  datasourceId: '3',
  datasourceName: '业务库',
  codeName: '钢卷',
  serviceName: 'blade-steel',
  tableName: 'steel_coil',
  tablePrefix: 'steel_',
  pkName: 'id',
  packageName: 'org.springblade.steel',
  baseMode: 1,
  wrapMode: 1,
  apiPath: 'sso',
  webPath: 'saber',
  fields: [{ columnName: 'grade', label: '钢种', search: true }],
};
const columns = [
  {
    columnName: 'id',
    dataType: 'bigint',
    nullable: false,
    hasDefault: false,
    maxLength: null,
    precision: 64,
    scale: 0,
    comment: '',
    primaryKey: true,
  },
  {
    columnName: 'coil_no',
    dataType: 'character varying',
    nullable: false,
    hasDefault: false,
    maxLength: 32,
    precision: null,
    scale: null,
    comment: '卷号',
    primaryKey: false,
  },
  {
    columnName: 'grade',
    dataType: 'character varying',
    nullable: true,
    hasDefault: false,
    maxLength: 16,
    precision: null,
    scale: null,
    comment: '',
    primaryKey: false,
  },
];

/** The zip gen-code answers, and what the page hands to the browser. */
const captureZip = () => captureDownloads(/\/gen-code/, new Uint8Array([80, 75, 5, 6]), 'application/zip');

describe('the code generation screen', { timeout: 120_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("edits a record's column settings from the columns its table has", async () => {
    const calls = fakeFetch({
      'GET /api/blade-develop/code/list': () => page([record]),
      'GET /api/blade-develop/code/table-columns': () => columns,
      'POST /api/blade-develop/code/submit': (_q, body) => ({ ...record, ...(body as object) }),
    });
    grant('code', 'code_edit');
    const user = userEvent.setup();
    renderWithFeedback(<CodeScreen menu={{ id: '1', code: 'code', name: '代码生成', rawPath: '/tool/code' }} />);
    const row = (await screen.findByText('钢卷')).closest('tr') as HTMLElement;
    await user.click(within(row).getByText('字段设置'));
    const dialog = (await screen.findByText('字段设置：steel_coil')).closest('.ant-modal') as HTMLElement;
    await user.click(within(dialog).getByText('读取表结构'));
    await within(dialog).findByText('coil_no');
    expect(calls.find((c) => c.path.endsWith('/table-columns'))?.query.get('tableName')).toBe('steel_coil');
    const coilRow = within(dialog).getByText('coil_no').closest('tr') as HTMLElement;
    const [label, labelEn] = within(coilRow).getAllByRole('textbox') as HTMLInputElement[];
    expect(label?.value).toBe('卷号');
    await user.type(labelEn as HTMLInputElement, 'Coil number');
    await user.click(within(dialog).getByText(spaced('确定')));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/submit'))).toBe(true));
    expect(calls.find((c) => c.path.endsWith('/submit'))?.body).toEqual({
      id: '7',
      fields: [
        { columnName: 'id', label: undefined, labelEn: undefined, dict: undefined },
        { columnName: 'coil_no', label: '卷号', labelEn: 'Coil number', dict: undefined },
        { columnName: 'grade', label: '钢种', labelEn: undefined, dict: undefined, search: true },
      ].map((field) => JSON.parse(JSON.stringify(field))),
    });
  });

  it('generates the ticked records as a zip, and copies a row', async () => {
    const calls = fakeFetch({
      'GET /api/blade-develop/code/list': () => page([record]),
      'POST /api/blade-develop/code/copy': () => true,
    });
    const saved = captureZip();
    grant('code', 'code_gen', 'code_copy');
    const user = userEvent.setup();
    renderWithFeedback(<CodeScreen menu={{ id: '1', code: 'code', name: '代码生成', rawPath: '/tool/code' }} />);
    const row = (await screen.findByText('钢卷')).closest('tr') as HTMLElement;
    await user.click(within(row).getByText('复制'));
    await screen.findByText('复制成功!');
    expect(calls.find((c) => c.path.endsWith('/copy'))?.query.get('id')).toBe('7');
    await user.click(within(row).getByRole('checkbox'));
    await user.click(screen.getByText(spaced('代码生成'), { selector: 'button span' }));
    const confirm = (await screen.findByText('是否生成选中模块的代码?')).closest('.ant-modal') as HTMLElement;
    await user.click(within(confirm).getByText(spaced('确定')));
    await waitFor(() => expect(saved).toEqual([{ name: 'code-sso.zip', size: 4 }]));
    const generate = calls.find((c) => c.path.endsWith('/gen-code'));
    expect(generate?.method).toBe('POST');
    expect(generate?.body ?? Object.fromEntries(generate?.query ?? [])).toMatchObject({ ids: '7', system: 'sso' });
  });
});
