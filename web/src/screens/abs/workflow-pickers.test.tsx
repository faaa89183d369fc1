import { type ResourceDef, registry } from '@sso/shared-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, page } from '../../test/fake-fetch.testkit.js';
import { renderWithFeedback } from '../../test/ui.testkit.js';
import { AppRolePicker, UserPicker } from './workflow-pickers.js';

/** How long a wait may take on a busy machine (antd renders selects asynchronously). */
const SLOW = { timeout: 20_000 };
type Row = Record<string, string>;

/** A list route answering as the server does: `like` filters on the fields given, then pages of `size`. */
function listOf(rows: Row[], likeFields: string[] = []) {
  return (query: URLSearchParams) => {
    const matching = rows.filter((row) => likeFields.every((field) => !query.get(field) || row[field].includes(query.get(field) ?? '')));
    const current = Number(query.get('current') ?? 1);
    const size = Number(query.get('size') ?? 10);
    return page(matching.slice((current - 1) * size, current * size), current, size, matching.length);
  };
}

const number = (i: number) => String(i).padStart(4, '0');
const users = Array.from({ length: 250 }, (_, i) => ({ id: String(1000 + i), account: `user_${number(i)}`, realName: `用户${number(i)}` }));
const roles = Array.from({ length: 250 }, (_, i) => ({ id: String(5000 + i), appName: 'ERP', roleName: `角色${number(i)}` }));
/** The node form's fields the pickers stand for. */
const nodeDef = registry.workflow.appWorkflowNode as unknown as ResourceDef;
const field = (prop: string) => ({
  def: nodeDef,
  column: nodeDef.view.columns.find((c) => c.prop === prop) ?? { prop, label: [prop, prop] as const },
});
const optionTitled = (title: string) => document.querySelector(`.ant-select-item-option[title="${title}"]`) as HTMLElement | null;

afterEach(() => vi.unstubAllGlobals());

describe('the approval chain pickers with more than one page of 200', () => {
  it('finds an approver past the first page by searching the server as the account is typed, and keeps the chosen label', async () => {
    const calls = fakeFetch({
      'GET /api/blade-user/list': listOf(users, ['account', 'realName']),
      'GET /api/blade-user/detail': (query) => users.find((u) => u.id === query.get('id')),
    });
    const changed = vi.fn();
    const user = userEvent.setup();
    const { rerender } = renderWithFeedback(<UserPicker {...field('approverUserId')} onChange={changed} />);
    const box = within(document.body).getByRole('combobox');
    await user.click(box);
    await waitFor(() => expect(optionTitled('用户0000 (user_0000)')).not.toBeNull(), SLOW);
    await user.type(box, 'user_0248');
    await waitFor(() => expect(optionTitled('用户0248 (user_0248)')).not.toBeNull(), SLOW);
    await user.click(optionTitled('用户0248 (user_0248)') as HTMLElement);
    expect(changed).toHaveBeenCalledWith('1248');
    const searched = calls.filter((c) => c.path === '/api/blade-user/list' && c.query.get('account'));
    expect(searched.map((c) => c.query.get('account'))).toEqual(['user_0248']);
    // A node saved with an approver past the first page shows the approver's name, read by id.
    rerender(<UserPicker {...field('approverUserId')} value="1243" onChange={changed} />);
    await waitFor(() => expect(screen.getByTitle('用户0243 (user_0243)')).toBeTruthy(), SLOW);
  }, 120_000);

  it('offers every application role, reading each page of 200', async () => {
    const calls = fakeFetch({ 'GET /api/blade-aps/approle/page': listOf(roles) });
    const user = userEvent.setup();
    renderWithFeedback(<AppRolePicker {...field('approverRoleId')} onChange={vi.fn()} />);
    const box = within(document.body).getByRole('combobox');
    await user.click(box);
    await user.type(box, '角色0249');
    await waitFor(() => expect(optionTitled('ERP / 角色0249')).not.toBeNull(), SLOW);
    expect(calls.map((c) => c.query.get('current'))).toEqual(['1', '2']);
  }, 120_000);
});
