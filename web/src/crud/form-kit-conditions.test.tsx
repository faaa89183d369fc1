import { app, appMessages, type ResourceDef } from '@sso/shared-api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n/index.js';
import { fakeFetch, page } from '../test/fake-fetch.testkit.js';
import { buttonIn, grant, renderWithFeedback } from '../test/ui.testkit.js';
import CrudPage from './crud-page.js';

/**
 * A form of the application entity with a view of its own (the kit, not the application screen):
 * a setting that applies to one kind, an address required for another, the kinds as fixed choices.
 */
const connection = {
  ...app,
  name: 'connection',
  permission: 'connection',
  basePath: '/api/blade-test/connection',
  view: {
    title: ['连接', 'Connections'],
    columns: [
      { prop: 'appCode', label: ['编码', 'Code'] },
      { prop: 'appName', label: ['名称', 'Name'] },
      {
        prop: 'protocol',
        label: ['类型', 'Kind'],
        type: 'select',
        options: [
          { value: 'oidc', label: ['目录服务', 'Directory'] },
          { value: 'link', label: ['网页服务', 'Web service'] },
        ],
      },
      { prop: 'backchannelLogoutUri', label: ['根节点', 'Base DN'], appliesWhen: { field: 'protocol', in: ['oidc'] } },
      {
        prop: 'appUrl',
        label: ['地址', 'Address'],
        requiredWhen: { field: 'protocol', in: ['link'], message: appMessages.appUrlRequired },
      },
    ],
  },
} as ResourceDef;

/** antd in jsdom on a loaded machine can take seconds to redraw a form. */
const PATIENT = { timeout: 15_000 };
const openDialog = () =>
  waitFor(() => {
    const found = document.querySelector('.ant-modal-wrap:not([style*="display: none"]) .ant-modal') as HTMLElement | null;
    if (!found) throw new Error('no dialog');
    return found;
  }, PATIENT);
/** Picks an option of the select labelled `label` by the option's text. */
async function choose(dialog: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(within(dialog).getByLabelText(label));
  const item = await waitFor(() => {
    const found = document.querySelector(`.ant-select-item-option[title="${option}"]`) as HTMLElement | null;
    if (!found) throw new Error(`no option ${option}`);
    return found;
  }, PATIENT);
  fireEvent.click(item);
}
const requiredMarked = (dialog: HTMLElement, label: string) =>
  within(dialog).getByText(label, { selector: 'label' }).classList.contains('ant-form-item-required');

/** What a field's `appliesWhen`, `requiredWhen` and `options` make of the generic form and table. */
describe('fields that apply to some values of another', { timeout: 120_000 }, () => {
  beforeEach(() => grant('connection_add', 'connection_edit', 'connection_view'));
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('zh-CN');
  });

  it('shows a field only while it applies, and sends a field that no longer applies no more', async () => {
    const calls = fakeFetch({
      'GET /api/blade-test/connection/list': () => page([]),
      'POST /api/blade-test/connection/submit': (_q, body) => ({ id: '1', ...(body as object) }),
    });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderWithFeedback(<CrudPage def={connection} />);
    await user.click(buttonIn(document.body, '新增'));
    const dialog = await openDialog();
    expect(within(dialog).queryByLabelText('根节点')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('编码'), { target: { value: 'hq' } });
    fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: '总部目录' } });
    await choose(dialog, '类型', '目录服务');
    fireEvent.change(await within(dialog).findByLabelText('根节点', undefined, PATIENT), {
      target: { value: 'https://hq.example.com/logout' },
    });
    await choose(dialog, '类型', '网页服务');
    await waitFor(() => expect(within(dialog).queryByLabelText('根节点')).toBeNull(), PATIENT);
    fireEvent.change(within(dialog).getByLabelText('地址'), { target: { value: 'https://hr.example.com' } });
    await user.click(buttonIn(dialog, '提交'));
    await waitFor(() => expect(calls.some((call) => call.path.endsWith('/submit'))).toBe(true), PATIENT);
    expect(calls.find((call) => call.path.endsWith('/submit'))?.body).toEqual({
      appCode: 'hq',
      appName: '总部目录',
      protocol: 'link',
      appUrl: 'https://hr.example.com',
    });
  });

  it('marks a field required only while its condition holds, and says its message in the language shown', async () => {
    await i18n.changeLanguage('en');
    const calls = fakeFetch({ 'GET /api/blade-test/connection/list': () => page([]) });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderWithFeedback(<CrudPage def={connection} />);
    await user.click(buttonIn(document.body, 'Add'));
    const dialog = await openDialog();
    expect(requiredMarked(dialog, 'Address')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Code'), { target: { value: 'hr' } });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'HR' } });
    await choose(dialog, 'Kind', 'Web service');
    await waitFor(() => expect(requiredMarked(dialog, 'Address')).toBe(true), PATIENT);
    await user.click(buttonIn(dialog, 'Submit'));
    // The declared message, translated through the same pairs as the entity's.
    await within(dialog).findByText('A link application needs its address', undefined, PATIENT);
    expect(calls.some((call) => call.path.endsWith('/submit'))).toBe(false);
    await choose(dialog, 'Kind', 'Directory');
    await waitFor(() => expect(requiredMarked(dialog, 'Address')).toBe(false), PATIENT);
  });

  it('offers fixed choices by their labels in the language shown, and names them so in the table', async () => {
    await i18n.changeLanguage('en');
    fakeFetch({ 'GET /api/blade-test/connection/list': () => page([{ id: '1', appCode: 'hr', appName: 'HR', protocol: 'link' }]) });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderWithFeedback(<CrudPage def={connection} />);
    const cell = await screen.findByText('Web service', undefined, PATIENT);
    expect(cell.closest('tr')?.textContent).not.toContain('link');
    await user.click(buttonIn(document.body, 'Add'));
    const dialog = await openDialog();
    fireEvent.mouseDown(within(dialog).getByLabelText('Kind'));
    await waitFor(() => expect(document.querySelector('.ant-select-item-option[title="Directory"]')).not.toBeNull(), PATIENT);
    expect(document.querySelector('.ant-select-item-option[title="oidc"]')).toBeNull();
  });
});
