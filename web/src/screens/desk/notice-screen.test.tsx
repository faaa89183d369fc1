import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, page } from '../../test/fake-fetch.testkit.js';
import { grant, renderWithFeedback, spaced } from '../../test/ui.testkit.js';
import NoticeScreen from './notice-screen.js';

const notice = { id: '5', title: '停电通知', category: 1, releaseTime: '2026-11-20 08:30:00', content: '第一行\n第二行' };
const categories = [{ id: '1', parentId: '9', code: 'notice', dictKey: '1', dictValue: '发布通知', sort: 1, remark: null, isSealed: 0 }];

describe('the notice screen', { timeout: 60_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('edits a notice in its editor: multi-line content and the release date and time', async () => {
    const calls = fakeFetch({
      'GET /api/blade-desk/notice/list': () => page([notice]),
      'GET /api/blade-desk/notice/detail': () => notice,
      'GET /api/blade-system/dict/dictionary': () => categories,
      'POST /api/blade-desk/notice/submit': (_q, body) => body,
    });
    grant('notice_edit', 'notice_add');
    const user = userEvent.setup();
    renderWithFeedback(<NoticeScreen />);
    const row = (await screen.findByText('停电通知')).closest('tr') as HTMLElement;
    await user.click(within(row).getByText(spaced('修改')));
    const dialog = (await screen.findByText('修改 · 通知公告')).closest('.ant-modal') as HTMLElement;
    const content = dialog.querySelector('#notice-dialog_content') as HTMLTextAreaElement;
    await waitFor(() => expect(content.value).toBe('第一行\n第二行'));
    expect(content.rows).toBeGreaterThan(5);
    expect((dialog.querySelector('#notice-dialog_releaseTime') as HTMLInputElement).value).toBe('2026-11-20 08:30:00');
    await user.click(content);
    await user.paste('\n第三行');
    await user.click(within(dialog).getByText(spaced('提交')));
    await screen.findByText('修改成功');
    expect(calls.find((c) => c.path.endsWith('/submit'))?.body).toMatchObject({
      id: '5',
      title: '停电通知',
      category: 1,
      releaseTime: '2026-11-20 08:30:00',
      content: '第一行\n第二行\n第三行',
    });
  });
});
