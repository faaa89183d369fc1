import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, page } from '../../test/fake-fetch.testkit.js';
import { buttonIn, dialogTitled, grant, renderWithFeedback } from '../../test/ui.testkit.js';
import AppScreen from './app-screen.js';

const SECRET = 'Qw3_secret-shown-only-once-00001';
const finance = {
  id: '41',
  appCode: 'finance',
  appName: '财务系统',
  protocol: 'oidc',
  appUrl: 'https://finance.example.com/',
  redirectUris: 'https://finance.example.com/cb',
  status: 1,
  sort: 1,
};

function renderScreen() {
  renderWithFeedback(<AppScreen menu={{ id: '1', code: 'app', name: '应用信息', rawPath: '/aps/app' }} />);
}

describe('the application screen', () => {
  beforeEach(() => grant('app_add', 'app_edit', 'app_view'));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the secret of a new oidc application once, named by its code', async () => {
    const calls = fakeFetch({
      'GET /api/blade-aps/app/list': () => page([finance]),
      'POST /api/blade-aps/app/submit': (_q, body) => ({ id: '42', ...(body as object), clientSecret: SECRET }),
    });
    const user = userEvent.setup({ pointerEventsCheck: 0 }); // jsdom's style checks on antd's large sheets are slow
    renderScreen();
    await screen.findByText('finance');
    await user.click(buttonIn(document.body, '新增'));
    const form = (document.querySelector('form#crud-dialog') as HTMLElement).closest('.ant-modal') as HTMLElement;
    fireEvent.change(within(form).getByLabelText('应用编码'), { target: { value: 'mes' } });
    fireEvent.change(within(form).getByLabelText('应用名称'), { target: { value: '制造执行' } });
    fireEvent.mouseDown(within(form).getByLabelText('登录协议'));
    await waitFor(() => expect(document.querySelector('.ant-select-item-option[title="oidc"]')).not.toBeNull());
    await user.click(document.querySelector('.ant-select-item-option[title="oidc"]') as HTMLElement);
    expect((await within(form).findByTestId('protocol-help')).textContent).toContain('OpenID Connect');
    fireEvent.change(within(form).getByTestId('redirect-uri'), { target: { value: 'https://mes.example.com/cb' } });
    await user.click(buttonIn(form, '提交'));

    const shown = await dialogTitled('客户端密钥');
    expect(within(shown).getByText('mes')).toBeTruthy();
    expect(within(shown).getByLabelText<HTMLInputElement>('客户端密钥').value).toBe(SECRET);
    expect(calls.find((c) => c.path.endsWith('/submit'))?.body).toMatchObject({
      appCode: 'mes',
      protocol: 'oidc',
      redirectUris: 'https://mes.example.com/cb',
    });
    await user.click(buttonIn(shown, '我已保存'));
    await waitFor(() => expect(document.body.innerHTML).not.toContain(SECRET)); // gone for good
  }, 60_000);

  it('resets an oidc application secret after confirming and shows the new one once', async () => {
    const calls = fakeFetch({
      'GET /api/blade-aps/app/list': () => page([finance]),
      'POST /api/blade-aps/app/reset-secret': (q) => ({ id: q.get('id'), appCode: 'finance', clientSecret: SECRET }),
    });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderScreen();
    const cell = await screen.findByText('finance');
    await user.click(buttonIn(cell.closest('tr') as HTMLElement, '重置密钥'));
    const confirm = (await screen.findByText(/旧密钥立即失效/)).closest('.ant-modal') as HTMLElement;
    await user.click(buttonIn(confirm, '确定'));
    const shown = await dialogTitled('客户端密钥');
    expect(within(shown).getByLabelText<HTMLInputElement>('客户端密钥').value).toBe(SECRET);
    expect(calls.find((c) => c.path.endsWith('/reset-secret'))?.query.get('id')).toBe('41');
    await user.click(buttonIn(shown, '我已保存'));
    await waitFor(() => expect(document.body.innerHTML).not.toContain(SECRET));
  }, 60_000);
});
