import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.js';
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

/** antd in jsdom on a loaded machine can take seconds to redraw a form. */
const PATIENT = { timeout: 15_000 };

/** Chooses the sign-on protocol by the name the select shows. */
async function chooseProtocol(form: HTMLElement, name: string) {
  fireEvent.mouseDown(within(form).getByLabelText(/^(登录协议|Sign-on protocol)$/));
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find(
      (o) => o.getAttribute('title') === name,
    );
    if (!found) throw new Error(`no protocol ${name}`);
    return found as HTMLElement;
  }, PATIENT);
  fireEvent.click(option);
}

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
    await chooseProtocol(form, 'OpenID Connect');
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

  it('generates the SCIM token of an application after confirming and shows it once, with the SCIM address', async () => {
    const TOKEN = 'scim_token-shown-only-once-000000000000000001';
    const calls = fakeFetch({
      'GET /api/blade-aps/app/list': () => page([{ ...finance, protocol: 'link', redirectUris: '' }]),
      'POST /api/blade-aps/app/scim-token': (q) => ({ id: q.get('id'), appCode: 'finance', token: TOKEN }),
    });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderScreen();
    const cell = await screen.findByText('finance');
    await user.click(buttonIn(cell.closest('tr') as HTMLElement, '生成SCIM令牌'));
    const confirm = (await screen.findByText(/原有的 SCIM 令牌立即失效/)).closest('.ant-modal') as HTMLElement;
    await user.click(buttonIn(confirm, '确定'));
    const shown = await dialogTitled('SCIM 令牌');
    expect(within(shown).getByLabelText<HTMLInputElement>('令牌').value).toBe(TOKEN);
    expect(within(shown).getByText(`${window.location.origin}/scim/v2`)).toBeTruthy();
    expect(calls.find((c) => c.path.endsWith('/scim-token'))?.query.get('id')).toBe('41');
    await user.click(buttonIn(shown, '我已保存'));
    await waitFor(() => expect(document.body.innerHTML).not.toContain(TOKEN));
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
    await chooseProtocol(form, 'BladeX 令牌交接');
    fireEvent.change(within(form).getByTestId('redirect-uri'), { target: { value: 'https://bx.example.com/cb' } });

    // A select, not a text box: only the two modes the server accepts can be chosen.
    const mode = await within(form).findByLabelText('交接方式', undefined, PATIENT);
    expect(mode.getAttribute('role')).toBe('combobox');
    fireEvent.mouseDown(mode);
    const codeOption = '.ant-select-item-option[title="一次性授权码：应用服务端换取令牌"]';
    await waitFor(() => expect(document.querySelector(codeOption)).not.toBeNull());
    // The protocol's options have no colon in their names.
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

  it('shows each protocol its own settings only, and marks what it cannot do without', async () => {
    fakeFetch({ 'GET /api/blade-aps/app/list': () => page([finance]) });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderScreen();
    await screen.findByText('finance');
    await user.click(buttonIn(document.body, '新增'));
    const form = (document.querySelector('form#crud-dialog') as HTMLElement).closest('.ant-modal') as HTMLElement;
    const shown = (label: string) => within(form).queryByText(label, { selector: 'label' }) !== null;
    const required = (label: string) => within(form).getByText(label, { selector: 'label' }).classList.contains('ant-form-item-required');
    const SETTINGS = [
      '回调地址',
      '退出通知地址',
      '令牌携带应用权限',
      '交接方式',
      '退出时通知应用',
      '服务提供者实体标识',
      'NameID 格式',
      '加密断言',
    ];
    // No protocol yet: none of the protocols' settings.
    expect(SETTINGS.filter(shown)).toEqual([]);
    expect(within(form).getByRole('combobox', { name: '登录协议' }).closest('.ant-select')?.textContent).toContain('登录协议');
    const settingsOf = async (protocol: string, expected: string[]) => {
      await chooseProtocol(form, protocol);
      await waitFor(() => expect(SETTINGS.filter(shown)).toEqual(expected), PATIENT);
    };
    await settingsOf('OpenID Connect', ['回调地址', '退出通知地址', '令牌携带应用权限']);
    expect(required('回调地址')).toBe(true);
    expect(required('应用地址')).toBe(false);
    await settingsOf('CAS', ['回调地址', '退出时通知应用']);
    await settingsOf('SAML 2.0', ['回调地址', '服务提供者实体标识', 'NameID 格式', '加密断言']);
    expect(required('服务提供者实体标识')).toBe(true);
    expect((await within(form).findByTestId('saml-idp-metadata')).textContent).toMatch(/\/saml\/[^/]*\/metadata/);
    await settingsOf('BladeX 令牌交接', ['回调地址', '交接方式']);
    await settingsOf('链接（不单点登录）', []);
    expect(required('应用地址')).toBe(true);
  }, 90_000);

  it('names the protocols and hand-off modes in English on an English screen', async () => {
    await i18n.changeLanguage('en');
    try {
      fakeFetch({ 'GET /api/blade-aps/app/list': () => page([{ ...finance, protocol: 'token', handoffMode: 'code' }]) });
      const user = userEvent.setup({ pointerEventsCheck: 0 });
      renderScreen();
      // The table names the protocol, not its code.
      expect((await screen.findByText('finance', undefined, PATIENT)).closest('tr')?.textContent).toContain('BladeX hand-off');
      await user.click(buttonIn(document.body, 'Add'));
      const form = (document.querySelector('form#crud-dialog') as HTMLElement).closest('.ant-modal') as HTMLElement;
      fireEvent.mouseDown(within(form).getByLabelText('Sign-on protocol'));
      await waitFor(() => expect(document.querySelector('.ant-select-item-option[title="OpenID Connect"]')).not.toBeNull(), PATIENT);
      const protocols = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.getAttribute('title'));
      expect(protocols).toEqual(['OpenID Connect', 'CAS', 'SAML 2.0', 'BladeX hand-off', 'Link (no sign-on)']);
      fireEvent.click(document.querySelector('.ant-select-item-option[title="BladeX hand-off"]') as HTMLElement);
      fireEvent.mouseDown(await within(form).findByLabelText('Hand-off mode', undefined, PATIENT));
      await waitFor(
        () => expect(document.querySelector('.ant-select-item-option[title="Token: an access token in the address"]')).not.toBeNull(),
        PATIENT,
      );
      expect(document.querySelector('.ant-select-item-option[title="One-time code: the application server exchanges it"]')).not.toBeNull();
      expect(form.textContent).not.toMatch(/[\u4e00-\u9fff]/);
    } finally {
      await i18n.changeLanguage('zh-CN');
    }
  }, 60_000);
});
