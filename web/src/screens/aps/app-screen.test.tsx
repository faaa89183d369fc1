import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.js';
import { fakeFetch, page } from '../../test/fake-fetch.testkit.js';
import { buttonIn, dialogTitled, grant, renderWithFeedback } from '../../test/ui.testkit.js';
import AppScreen from './app-screen.js';
import { HandoffModeInput } from './handoff-mode-input.js';

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

  it('offers the hand-off mode as a choice of its two modes, named in Chinese, and submits the one picked', async () => {
    const calls = fakeFetch({
      'GET /api/blade-aps/app/list': () => page([finance]),
      'POST /api/blade-aps/app/submit': (_q, body) => ({ id: '43', ...(body as object), clientSecret: SECRET }),
    });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderScreen();
    await screen.findByText('finance');
    await user.click(buttonIn(document.body, '新增'));
    const form = (document.querySelector('form#crud-dialog') as HTMLElement).closest('.ant-modal') as HTMLElement;
    fireEvent.change(within(form).getByLabelText('应用编码'), { target: { value: 'portal-bx' } });
    fireEvent.change(within(form).getByLabelText('应用名称'), { target: { value: 'BladeX 门户' } });
    fireEvent.mouseDown(within(form).getByLabelText('登录协议'));
    await waitFor(() => expect(document.querySelector('.ant-select-item-option[title="token"]')).not.toBeNull());
    await user.click(document.querySelector('.ant-select-item-option[title="token"]') as HTMLElement);
    fireEvent.change(within(form).getByTestId('redirect-uri'), { target: { value: 'https://bx.example.com/cb' } });

    // A select, not a text box: only the two modes the server accepts can be chosen.
    const mode = within(form).getByLabelText('交接方式（token 协议）');
    expect(mode.getAttribute('role')).toBe('combobox');
    fireEvent.mouseDown(mode);
    const codeOption = '.ant-select-item-option[title="一次性授权码：应用服务端换取令牌"]';
    await waitFor(() => expect(document.querySelector(codeOption)).not.toBeNull());
    // The protocol's options (oidc, cas, token, link) have no colon in their names.
    const offered = [...document.querySelectorAll('.ant-select-item-option')]
      .map((o) => o.getAttribute('title'))
      .filter((t) => t?.includes('：'));
    expect(offered).toEqual(['令牌：地址中携带访问令牌', '一次性授权码：应用服务端换取令牌']);
    await user.click(document.querySelector(codeOption) as HTMLElement);
    await user.click(buttonIn(form, '提交'));

    await dialogTitled('客户端密钥');
    expect(calls.find((c) => c.path.endsWith('/submit'))?.body).toMatchObject({
      appCode: 'portal-bx',
      protocol: 'token',
      handoffMode: 'code',
    });
  }, 60_000);

  it('names the hand-off modes in English on an English screen', async () => {
    await i18n.changeLanguage('en');
    try {
      const picked: unknown[] = [];
      renderWithFeedback(
        <HandoffModeInput def={{} as never} column={{ prop: 'handoffMode', label: ['', ''] }} onChange={(v) => picked.push(v)} />,
      );
      fireEvent.mouseDown(screen.getByRole('combobox'));
      const token = await waitFor(() => {
        const found = document.querySelector('.ant-select-item-option[title="Token: an access token in the address"]');
        expect(found).not.toBeNull();
        return found as HTMLElement;
      });
      expect(document.querySelector('.ant-select-item-option[title="One-time code: the application server exchanges it"]')).not.toBeNull();
      expect(document.querySelector('.ant-select-dropdown')?.textContent).not.toMatch(/[\u4e00-\u9fff]/);
      fireEvent.click(token);
      expect(picked).toEqual(['token']);
    } finally {
      await i18n.changeLanguage('zh-CN');
    }
  }, 30_000);
});
