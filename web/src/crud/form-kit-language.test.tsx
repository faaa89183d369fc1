import { param, post } from '@sso/shared-api';
import { fireEvent, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n/index.js';
import { fakeFetch, page } from '../test/fake-fetch.testkit.js';
import { buttonIn, grant, renderWithFeedback } from '../test/ui.testkit.js';
import CrudPage from './crud-page.js';

const HAN = /[\u4e00-\u9fff]/;
/** antd in jsdom on a loaded machine can take seconds to redraw a form. */
const PATIENT = { timeout: 15_000 };
const openDialog = () =>
  waitFor(() => {
    const found = document.querySelector('.ant-modal-wrap:not([style*="display: none"]) .ant-modal') as HTMLElement | null;
    if (!found) throw new Error('no dialog');
    return found;
  }, PATIENT);
const errorsIn = (dialog: HTMLElement) => [...dialog.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);

/** The form kit checks a form before sending it with the entity's messages, in the language shown. */
describe('form messages in the language shown', { timeout: 60_000 }, () => {
  beforeEach(() => grant('param_add', 'param_edit', 'post_add'));
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('zh-CN');
  });

  it('shows the entity messages of an empty add form in English on an English screen, and sends nothing', async () => {
    await i18n.changeLanguage('en');
    const calls = fakeFetch({ 'GET /api/blade-system/param/list': () => page([]) });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderWithFeedback(<CrudPage def={param} />);
    await user.click(buttonIn(document.body, 'Add'));
    const dialog = await openDialog();
    await user.click(buttonIn(dialog, 'Submit'));
    await waitFor(
      () =>
        expect(errorsIn(dialog)).toEqual([
          'Please enter the parameter name',
          'Please enter the parameter key',
          'Please enter the parameter value',
        ]),
      PATIENT,
    );
    expect(dialog.textContent).not.toMatch(HAN);
    expect(calls.some((call) => call.path.endsWith('/submit'))).toBe(false);
  });

  it('says a message on blur in English too, and in Chinese once the screen is Chinese again', async () => {
    await i18n.changeLanguage('en');
    fakeFetch({ 'GET /api/blade-system/param/list': () => page([]) });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderWithFeedback(<CrudPage def={param} />);
    await user.click(buttonIn(document.body, 'Add'));
    const dialog = await openDialog();
    const key = within(dialog).getByLabelText('Key');
    fireEvent.blur(key);
    await within(dialog).findByText('Please enter the parameter key', undefined, PATIENT);
    await i18n.changeLanguage('zh-CN');
    const chineseKey = await within(dialog).findByLabelText('参数键名', undefined, PATIENT);
    fireEvent.change(chineseKey, { target: { value: ' ' } });
    fireEvent.blur(chineseKey);
    await within(dialog).findByText('请输入参数键名', undefined, PATIENT);
  });

  it('translates a parametrised message (a length limit) through the same pairs', async () => {
    await i18n.changeLanguage('en');
    fakeFetch({ 'GET /api/blade-system/post/list': () => page([]) });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderWithFeedback(<CrudPage def={post} />);
    await user.click(buttonIn(document.body, 'Add'));
    const dialog = await openDialog();
    const code = within(dialog).getByLabelText('Code');
    fireEvent.change(code, { target: { value: 'x'.repeat(13) } });
    fireEvent.blur(code);
    await within(dialog).findByText('Must be at most 12 characters', undefined, PATIENT);
  });
});
