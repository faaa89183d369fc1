import { messages } from '@sso/shared-api/auth';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../i18n/index.js';
import { buttonIn, renderWithFeedback } from '../test/ui.testkit.js';
import { PasswordForm } from './password-form.js';

const [ruleZh, ruleEn] = messages.passwordRule;
const newPasswordItem = () => (document.getElementById('password_newPassword') as HTMLElement).closest('.ant-form-item') as HTMLElement;
const shownTimes = (text: string) => within(newPasswordItem()).queryAllByText(text).length;

/** The forced first password change and the info page share this form: a person knows the rule before trying. */
describe('the password form', { timeout: 60_000 }, () => {
  afterEach(() => i18n.changeLanguage('zh-CN'));

  it('says the rule under the new password before anything is typed, once', async () => {
    renderWithFeedback(<PasswordForm onDone={() => undefined} />);
    expect(within(newPasswordItem()).getByTestId('password-rule').textContent).toBe(ruleZh);
    expect(shownTimes(ruleZh)).toBe(1);
  });

  it('says it in red instead once a password breaks it, never twice, and as a hint again once it is kept', async () => {
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
    await waitFor(() => expect(newPasswordItem().querySelector('.ant-form-item-explain-error')?.textContent).toBe(ruleZh));
    expect(shownTimes(ruleZh)).toBe(1);
    expect(screen.queryByTestId('password-rule')).toBeNull();
    fireEvent.change(field, { target: { value: 'Long-enough-2024' } });
    await waitFor(() => expect(within(newPasswordItem()).getByTestId('password-rule').textContent).toBe(ruleZh));
    await waitFor(() => expect(shownTimes(ruleZh)).toBe(1));
  });

  it('says the rule in English on an English screen', async () => {
    await i18n.changeLanguage('en');
    renderWithFeedback(<PasswordForm onDone={() => undefined} />);
    expect(within(newPasswordItem()).getByTestId('password-rule').textContent).toBe(ruleEn);
  });
});
