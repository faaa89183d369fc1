import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, page } from '../../test/fake-fetch.testkit.js';
import { grant, renderWithFeedback, spaced } from '../../test/ui.testkit.js';
import SmsScreen from './sms-screen.js';

/** An input of the send dialog by its form id (label queries are slow on antd's DOM). */
const field = (dialog: HTMLElement, name: string) => dialog.querySelector(`#sms-send_${name}`) as HTMLElement;
const config = { id: '3', category: 1, smsCode: 'verify', templateId: 'SMS_001', signName: '钢铁集团', status: 2 };

function renderScreen() {
  return renderWithFeedback(<SmsScreen />);
}

describe('SMS configurations', { timeout: 90_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('test-sends with the configuration code after checking phones and the params JSON', async () => {
    const calls = fakeFetch({
      'GET /api/blade-resource/sms/list': () => page([config]),
      'POST /api/blade-resource/sms/endpoint/send-message': () => true,
    });
    grant('sms_send');
    const user = userEvent.setup();
    renderScreen();
    const row = (await screen.findByText('verify')).closest('tr') as HTMLElement;
    expect(within(row).getByText('已启用')).toBeTruthy();
    await user.click(within(row).getByText(spaced('发送测试')));
    const dialog = (await screen.findByText('发送测试短信')).closest('.ant-modal') as HTMLElement;
    const phones = field(dialog, 'phones');
    const params = field(dialog, 'params');
    await user.click(phones);
    await user.paste('1391234');
    await user.click(params);
    await user.paste('[1, 2]');
    await user.click(within(dialog).getByText(spaced('发送')));
    expect(await within(dialog).findByText('手机号码长度不为11位')).toBeTruthy();
    expect(within(dialog).getByText('短信参数必须是JSON对象')).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/send-message'))).toBe(false);

    await user.clear(phones);
    await user.paste('13912345678,13812345678');
    await user.clear(params);
    await user.click(params);
    await user.paste('{"code":"123456"}');
    await user.click(within(dialog).getByText(spaced('发送')));
    await screen.findByText('发送成功');
    const sent = calls.find((c) => c.path.endsWith('/send-message'));
    expect(sent?.query.get('code')).toBe('verify');
    expect(sent?.query.get('phones')).toBe('13912345678,13812345678');
    expect(sent?.query.get('params')).toBe('{"code":"123456"}');
  });

  it('shows the server refusal and keeps the dialog open', async () => {
    fakeFetch({
      'GET /api/blade-resource/sms/list': () => page([config]),
      'POST /api/blade-resource/sms/endpoint/send-message': () => ({
        status: 429,
        body: { code: 429, success: false, data: null, msg: '发送过于频繁，请60秒后再试' },
      }),
    });
    grant('sms_send');
    const user = userEvent.setup();
    renderScreen();
    await user.click(within((await screen.findByText('verify')).closest('tr') as HTMLElement).getByText(spaced('发送测试')));
    const dialog = (await screen.findByText('发送测试短信')).closest('.ant-modal') as HTMLElement;
    await user.click(field(dialog, 'phones'));
    await user.paste('13912345678');
    await user.click(within(dialog).getByText(spaced('发送')));
    await screen.findByText('发送过于频繁，请60秒后再试');
    expect(screen.getByText('发送测试短信')).toBeTruthy();
  });

  it('offers 发送测试 only to holders of sms_send', async () => {
    fakeFetch({ 'GET /api/blade-resource/sms/list': () => page([config]) });
    grant('sms_view');
    renderScreen();
    const row = (await screen.findByText('verify')).closest('tr') as HTMLElement;
    expect(within(row).queryByText(spaced('发送测试'))).toBeNull();
  });
});
