import { messages } from '@sso/shared-api/auth';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../i18n/index.js';
import { buttonIn, renderWithFeedback } from '../test/ui.testkit.js';
import { PasswordForm } from './password-form.js';

const [brokenZh] = messages.passwordRule;
const RULE_ZH = '8 到 30 位，须同时含有字母、数字和特殊符号';
const newPasswordItem = () => (document.getElementById('password_newPassword') as HTMLElement).closest('.ant-form-item') as HTMLElement;
const explained = () =>
  [...newPasswordItem().querySelectorAll('.ant-form-item-extra, .ant-form-item-explain-error')].map((e) => e.textContent);

/** The forced first password change and the info page share this form: a person knows the rule before trying. */
describe('the password form', { timeout: 60_000 }, () => {
  afterEach(() => i18n.changeLanguage('zh-CN'));

  it('says the rule under the new password before anything is typed', async () => {
    renderWithFeedback(<PasswordForm onDone={() => undefined} />);
    expect(within(newPasswordItem()).getByTestId('password-rule').textContent).toBe(RULE_ZH);
    expect(explained()).toEqual([RULE_ZH]);
  });

  it('gives way to the red message once a password breaks the rule, and comes back once it is kept', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    // Without motion the red message is gone when it is replaced (jsdom never ends antd's fade-out).
    renderWithFeedback(
      <ConfigProvider theme={{ token: { motion: false } }}>
        <PasswordForm onDone={() => undefined} />
      </ConfigProvider>,
    );
    const field = document.getElementById('password_newPassword') as HTMLInputElement;
    await user.type(field, 'short');
    await user.click(buttonIn(document.body, '提交'));
    await waitFor(() => expect(explained()).toEqual([brokenZh]));
    expect(screen.queryByTestId('password-rule')).toBeNull();
    fireEvent.change(field, { target: { value: 'Long-enough-2024' } });
    await waitFor(() => expect(explained()).toEqual([RULE_ZH]));
  });

  it('says the rule in English on an English screen', async () => {
    await i18n.changeLanguage('en');
    renderWithFeedback(<PasswordForm onDone={() => undefined} />);
    expect(within(newPasswordItem()).getByTestId('password-rule').textContent).toBe(
      '8 to 30 characters with a letter, a digit and a special character',
    );
  });
});
