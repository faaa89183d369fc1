import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, page } from '../../test/fake-fetch.testkit.js';
import { buttonIn, grant, renderWithFeedback } from '../../test/ui.testkit.js';
import WxUserScreen from './wx-user-screen.js';

const follower = {
  id: '51',
  appId: '11',
  appName: '钢铁服务号',
  nickname: '张工',
  openId: 'oSteel001',
  remark: '',
  tagIds: '',
  subscribe: 1,
};

describe('the WeChat followers screen', () => {
  beforeEach(() => grant('wxuser_sync', 'wxuser_edit'));
  afterEach(() => vi.unstubAllGlobals());

  it("lists the chosen account's followers and syncs them from WeChat", async () => {
    let synced = false;
    const calls = fakeFetch({
      'GET /api/blade-appmanage/wxapp/page': () => page([{ id: '11', name: '钢铁服务号', appId: 'wx0123456789abcdef', appType: 1 }]),
      'GET /api/blade-appmanage/wxuser/page': () => page(synced ? [follower] : []),
      'GET /api/blade-appmanage/wxuser/list': () => page(synced ? [follower] : []),
      'POST /api/blade-appmanage/wxuser/sync': () => {
        synced = true;
        return { total: 1, added: 1, updated: 0, unsubscribed: 0 };
      },
    });
    renderWithFeedback(<WxUserScreen menu={{ id: '1', code: 'wxuser', name: '微信用户', rawPath: '/wx/wxuser' }} />);
    // The list asks for the account chosen (the first one) once the accounts are read.
    await waitFor(() =>
      expect(
        calls
          .filter((c) => /\/wxuser\/(page|list)$/.test(c.path))
          .at(-1)
          ?.query.get('appId'),
      ).toBe('11'),
    );
    const sync = await waitFor(() => {
      const button = buttonIn(document.body, '同步粉丝') as HTMLButtonElement;
      if (button.disabled) throw new Error('no account chosen yet');
      return button;
    });
    await userEvent.setup().click(sync);
    expect(await screen.findByText('oSteel001')).toBeTruthy();
    expect(await screen.findByText('已同步：微信共 1 位粉丝，新增 1，更新 0，取消关注 0')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST' && c.path.endsWith('/sync'))?.query.get('appId')).toBe('11');
  });
});
