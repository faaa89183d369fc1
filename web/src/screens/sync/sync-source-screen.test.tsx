import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, page } from '../../test/fake-fetch.testkit.js';
import { buttonIn, grant, renderWithFeedback, spaced } from '../../test/ui.testkit.js';
import SyncSourceScreen, { changesText } from './sync-source-screen.js';

const source = { id: '71', name: '总部目录', kind: 'ldap', url: 'ldaps://dc1.corp.example', status: 1 };
const answer = (runId: string, creates: number) => ({
  runId,
  creates,
  updates: 0,
  moves: 1,
  disables: 0,
  errors: 0,
  durationMs: 12,
  rows: [
    {
      kind: 'dept',
      action: 'create',
      externalId: 'u-1',
      label: '财务部',
      localId: null,
      changes: { deptName: [null, '财务部'] },
      message: null,
    },
    {
      kind: 'user',
      action: 'move',
      externalId: 'u-2',
      label: 'zhangsan',
      localId: '9',
      changes: { dept: ['信息部', '财务部'] },
      message: null,
    },
  ],
});

describe('the sync sources screen', () => {
  beforeEach(() => grant('syncsource_dryrun', 'syncsource_apply'));
  afterEach(() => vi.unstubAllGlobals());

  it('shows a dry run with its counts and rows, then applies exactly that run', async () => {
    const calls = fakeFetch({
      'GET /api/blade-system/sync-source/page': () => page([source]),
      'GET /api/blade-system/sync-source/list': () => page([source]),
      'POST /api/blade-system/sync-source/dry-run': () => answer('501', 1),
      'POST /api/blade-system/sync-source/apply': () => answer('502', 1),
    });
    renderWithFeedback(<SyncSourceScreen menu={{ id: '1', code: 'syncsource', name: '同步源', rawPath: '/system/syncsource' }} />);
    const user = userEvent.setup();
    await user.click(await waitFor(() => buttonIn(document.body, '试运行')));
    expect(await screen.findByText('新增 1，更新 0，移动 1，停用 0，错误 0')).toBeTruthy();
    expect(await screen.findByText('dept: 信息部 → 财务部')).toBeTruthy();
    expect(calls.find((c) => c.path.endsWith('/dry-run'))?.query.get('id')).toBe('71');

    await user.click(buttonIn(document.body, '按此结果执行'));
    await waitFor(() => expect(document.querySelector('.ant-modal-confirm')).not.toBeNull());
    await user.click(buttonIn(document.querySelector('.ant-modal-confirm') as HTMLElement, '确定'));
    await waitFor(() => expect(calls.find((c) => c.path.endsWith('/apply'))).toBeTruthy());
    const applied = calls.find((c) => c.path.endsWith('/apply'));
    expect([applied?.query.get('id'), applied?.query.get('runId')]).toEqual(['71', '501']);
  });

  it('uploads an HR file to a file source only, and lists its broken rows', async () => {
    const hr = { id: '72', name: '人事系统', kind: 'file', status: 1 };
    const calls = fakeFetch({
      'GET /api/blade-system/sync-source/page': () => page([source, hr]),
      'GET /api/blade-system/sync-source/list': () => page([source, hr]),
      'POST /api/blade-system/sync-source/upload': () => ({ rows: 3, failures: [{ row: 3, message: '第3行: 缺少用户编号' }] }),
    });
    renderWithFeedback(<SyncSourceScreen menu={{ id: '1', code: 'syncsource', name: '同步源', rawPath: '/system/syncsource' }} />);
    const user = userEvent.setup();
    await waitFor(() => buttonIn(document.body, '上传人事文件'));
    // One source of each kind: the upload shows on the HR file source alone.
    expect(screen.getAllByText('上传人事文件')).toHaveLength(1);
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, new File(['登录账号,用户姓名,用户编号,部门路径\n'], 'staff.csv', { type: 'text/csv' }));
    expect(await screen.findByText('第3行: 缺少用户编号')).toBeTruthy();
    const sent = calls.find((c) => c.path.endsWith('/upload'));
    expect(sent?.query.get('id')).toBe('72');
  });

  it('tests a source’s connection and shows why it failed', async () => {
    const calls = fakeFetch({
      'GET /api/blade-system/sync-source/page': () => page([source]),
      'GET /api/blade-system/sync-source/list': () => page([source]),
      'POST /api/blade-system/sync-source/test-connection': () => ({ ok: false, message: '目录拒绝了绑定账号或密码' }),
    });
    renderWithFeedback(<SyncSourceScreen menu={{ id: '1', code: 'syncsource', name: '同步源', rawPath: '/system/syncsource' }} />);
    const user = userEvent.setup();
    await user.click(await waitFor(() => buttonIn(document.body, '测试连接')));
    expect((await screen.findByTestId('sync-connection-failure')).textContent).toBe('目录拒绝了绑定账号或密码');
    expect(calls.find((c) => c.path.endsWith('/test-connection'))?.query.get('id')).toBe('71');
  });

  it('tests the values typed in the dialog, unsaved, over the source edited', async () => {
    grant('syncsource_dryrun', 'syncsource_apply', 'syncsource_edit');
    const calls = fakeFetch({
      'GET /api/blade-system/sync-source/page': () => page([source]),
      'GET /api/blade-system/sync-source/list': () => page([source]),
      'GET /api/blade-system/sync-source/detail': () => ({ ...source, bindDn: 'cn=reader,dc=corp', baseDn: 'dc=corp' }),
      'POST /api/blade-system/sync-source/test-connection': () => ({ ok: true, message: '连接成功' }),
    });
    renderWithFeedback(<SyncSourceScreen menu={{ id: '1', code: 'syncsource', name: '同步源', rawPath: '/system/syncsource' }} />);
    const user = userEvent.setup();
    const row = (await screen.findByText('总部目录')).closest('tr') as HTMLElement;
    await user.click(within(row).getByText(spaced('修改')));
    const dialog = (await screen.findByTestId('sync-form-test-connection')).closest('.ant-modal') as HTMLElement;
    await waitFor(() => expect((dialog.querySelector('#syncsource-dialog_baseDn') as HTMLInputElement).value).toBe('dc=corp'));
    const base = dialog.querySelector('#syncsource-dialog_baseDn') as HTMLInputElement;
    await user.clear(base);
    await user.type(base, 'ou=Staff,dc=corp');
    await user.type(dialog.querySelector('#syncsource-dialog_bindPassword') as HTMLInputElement, 'typed-secret');
    await user.click(screen.getByTestId('sync-form-test-connection'));
    expect(await screen.findByText('连接成功')).toBeTruthy();
    const sent = calls.find((c) => c.path.endsWith('/test-connection'));
    expect(sent?.query.get('id')).toBe('71');
    expect(sent?.body).toMatchObject({ kind: 'ldap', url: source.url, baseDn: 'ou=Staff,dc=corp', bindPassword: 'typed-secret' });
    // Nothing was saved.
    expect(calls.some((c) => c.path.endsWith('/submit'))).toBe(false);
  });

  it('writes a row’s changes as before → after', () => {
    expect(changesText({ realName: [null, '张三'], dept: ['信息部', '财务部'] })).toBe('realName: 张三; dept: 信息部 → 财务部');
  });
});
