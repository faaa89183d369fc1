import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, page } from '../../test/fake-fetch.testkit.js';
import { buttonIn, dialogTitled, grant, renderWithFeedback } from '../../test/ui.testkit.js';
import ClientScreen from './client-screen.js';

const SECRET = 'Zx9_secret-shown-only-once-00001';
const erp = {
  id: '31',
  clientId: 'erp',
  scope: 'all',
  authorizedGrantTypes: 'password,refresh_token',
  accessTokenValidity: 3600,
  refreshTokenValidity: 7200,
  status: 1,
};

function renderScreen() {
  renderWithFeedback(<ClientScreen menu={{ id: '1', code: 'client', name: '客户端管理', rawPath: '/system/client' }} />);
}

describe('the client screen', () => {
  beforeEach(() => grant('client_add', 'client_edit', 'client_view'));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the secret of a new client once, with a warning and a copy button', async () => {
    const calls = fakeFetch({
      'GET /api/blade-system/client/list': () => page([erp]),
      'POST /api/blade-system/client/submit': (_q, body) => ({ id: '32', ...(body as object), clientSecret: SECRET }),
    });
    const user = userEvent.setup({ pointerEventsCheck: 0 }); // jsdom's style checks on antd's large sheets are slow
    renderScreen();
    await screen.findByText('erp');
    await user.click(buttonIn(document.body, '新增'));
    const form = (document.querySelector('form#crud-dialog') as HTMLElement).closest('.ant-modal') as HTMLElement;
    const fill = (label: string, value: string) => fireEvent.change(within(form).getByLabelText(label), { target: { value } });
    fill('客户端id', 'mes');
    fill('授权范围', 'all');
    fill('授权类型', 'client_credentials');
    fill('令牌过期秒数', '3600');
    fill('刷新令牌过期秒数', '7200');
    await user.click(buttonIn(form, '提交'));

    const shown = await dialogTitled('客户端密钥');
    expect(within(shown).getByText(/密钥只显示这一次/)).toBeTruthy();
    expect(within(shown).getByText('mes')).toBeTruthy();
    expect(within(shown).getByLabelText<HTMLInputElement>('客户端密钥').value).toBe(SECRET);
    expect(calls.find((c) => c.path.endsWith('/submit'))?.body).toMatchObject({
      clientId: 'mes',
      authorizedGrantTypes: 'client_credentials',
    });

    await user.click(buttonIn(shown, '复制密钥'));
    expect(await screen.findByText('复制成功')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(SECRET); // user-event's clipboard

    await user.click(buttonIn(shown, '我已保存'));
    await waitFor(() => expect(document.body.innerHTML).not.toContain(SECRET)); // gone for good
  }, 60_000); // a whole antd page in jsdom on a shared machine

  it('shows no dialog after an edit, whose answer has no secret', async () => {
    fakeFetch({
      'GET /api/blade-system/client/list': () => page([erp]),
      'GET /api/blade-system/client/detail': () => erp,
      'POST /api/blade-system/client/submit': (_q, body) => body,
    });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderScreen();
    const cell = await screen.findByText('erp');
    await user.click(buttonIn(cell.closest('tr') as HTMLElement, '修改'));
    const form = (document.querySelector('form#crud-dialog') as HTMLElement).closest('.ant-modal') as HTMLElement;
    await waitFor(() => expect(within(form).getByLabelText<HTMLInputElement>('授权范围').value).toBe('all'));
    await user.click(buttonIn(form, '提交'));
    await screen.findByText('修改成功');
    expect([...document.querySelectorAll('.ant-modal-title')].map((el) => el.textContent)).not.toContain('客户端密钥');
  }, 60_000);

  it('regenerates a secret after confirming and shows the new one', async () => {
    const calls = fakeFetch({
      'GET /api/blade-system/client/list': () => page([erp]),
      'POST /api/blade-system/client/regenerate-secret': (q) => ({ id: q.get('id'), clientId: 'erp', clientSecret: SECRET }),
    });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderScreen();
    const cell = await screen.findByText('erp');
    await user.click(buttonIn(cell.closest('tr') as HTMLElement, '重置密钥'));
    const confirm = (await screen.findByText(/旧密钥立即失效/)).closest('.ant-modal') as HTMLElement;
    await user.click(buttonIn(confirm, '确定'));
    const shown = await dialogTitled('客户端密钥');
    expect(within(shown).getByLabelText<HTMLInputElement>('客户端密钥').value).toBe(SECRET);
    expect(calls.find((c) => c.path.endsWith('/regenerate-secret'))?.query.get('id')).toBe('31');
  }, 60_000);

  it('offers 重置密钥 only to holders of client_edit', async () => {
    grant('client_view');
    fakeFetch({ 'GET /api/blade-system/client/list': () => page([erp]) });
    renderScreen();
    const cell = await screen.findByText('erp');
    expect(within(cell.closest('tr') as HTMLElement).queryByText('重置密钥')).toBeNull();
  });
});
