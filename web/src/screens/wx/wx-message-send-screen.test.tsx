import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, page } from '../../test/fake-fetch.testkit.js';
import { buttonIn, grant, renderWithFeedback } from '../../test/ui.testkit.js';
import WxMessageSendScreen from './wx-message-send-screen.js';

const message = {
  id: '31',
  appId: '11',
  appName: '钢铁服务号',
  title: '到货通知',
  msgKind: 'template',
  msgKindName: '模板消息',
  target: 'users',
  sendStatus: 3,
  sendStatusName: '部分失败',
  total: 2,
  succeeded: 1,
  failed: 1,
  sentTime: '2026-11-27 09:00:00',
};
const recipient = (id: string, openId: string, status: number, statusName: string, extra: Record<string, unknown>) => ({
  id,
  sendId: '31',
  openId,
  status,
  statusName,
  msgId: '',
  errcode: 0,
  errmsg: '',
  attempts: 1,
  sentTime: '2026-11-27 09:00:01',
  ...extra,
});
const recipients = [
  recipient('1', 'oSteelA', 2, '已发送', { msgId: '2001888' }),
  recipient('2', 'oSteelB', 3, '失败', { errcode: 43004, errmsg: 'require subscribe', attempts: 2 }),
];
const menu = { id: '1', code: 'wxmessagesend', name: '消息发送', rawPath: '/wx/wxmessagesend' };

describe('the WeChat message screen', () => {
  beforeEach(() => grant('wxmessagesend_view', 'wxmessagesend_send'));
  afterEach(() => vi.unstubAllGlobals());

  it("shows each recipient's outcome in the drawer and sends the rest of a message", async () => {
    const calls = fakeFetch({
      'GET /api/blade-appmanage/wxmessagesend/page': () => page([message]),
      'GET /api/blade-appmanage/wxmessagesend/list': () => page([message]),
      'GET /api/blade-appmanage/wxmessagesend/recipients': (q) =>
        page(recipients.filter((r) => !q.get('status') || String(r.status) === q.get('status'))),
      'POST /api/blade-appmanage/wxmessagesend/send': () => ({ sendStatus: 3, total: 2, succeeded: 1, failed: 1, waiting: 0 }),
    });
    renderWithFeedback(<WxMessageSendScreen menu={menu} />);
    const row = (await screen.findByText('到货通知', {}, { timeout: 20_000 })).closest('tr') as HTMLElement;
    const user = userEvent.setup();
    await user.click(within(row).getByTestId('wx-recipients'));

    const table = await screen.findByTestId('wx-recipient-table');
    const sent = (await within(table).findByText('oSteelA')).closest('tr') as HTMLElement;
    expect(within(sent).getByText('已发送')).toBeTruthy();
    expect(within(sent).getByText('2001888')).toBeTruthy();
    const failed = within(table).getByText('oSteelB').closest('tr') as HTMLElement;
    expect(within(failed).getByText('失败')).toBeTruthy();
    expect(within(failed).getByText('43004: require subscribe')).toBeTruthy();
    const asked = calls.find((c) => c.path.endsWith('/recipients'))?.query;
    expect(asked?.get('id')).toBe('31');
    expect(['10', '30', '50', '100', '200']).toContain(asked?.get('size')); // the page sizes the server takes

    await user.click(buttonIn(row, '继续发送'));
    await waitFor(() => expect(document.querySelector('.ant-modal-confirm')).not.toBeNull());
    await user.click(buttonIn(document.querySelector('.ant-modal-confirm') as HTMLElement, '确定'));
    expect(await screen.findByText('发送结果：共 2 人，成功 1，失败 1，等待 0')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST' && c.path.endsWith('/send'))?.query.get('id')).toBe('31');
  });
});
