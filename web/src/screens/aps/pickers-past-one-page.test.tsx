import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, page } from '../../test/fake-fetch.testkit.js';
import { grant, renderWithFeedback } from '../../test/ui.testkit.js';
import { SodRuleDialog } from './sod-rule-dialog.js';
import { UserPicker } from './user-picker.js';

/** How long a wait may take on a busy machine (antd renders lists and selects asynchronously). */
const SLOW = { timeout: 20_000 };
type Row = Record<string, string>;

/** A list route answering as the server does: `like` filters on the fields given, then pages of `size`. */
function listOf(rows: Row[], likeFields: string[]) {
  return (query: URLSearchParams) => {
    const matching = rows.filter((row) => likeFields.every((field) => !query.get(field) || row[field].includes(query.get(field) ?? '')));
    const current = Number(query.get('current') ?? 1);
    const size = Number(query.get('size') ?? 10);
    return page(matching.slice((current - 1) * size, current * size), current, size, matching.length);
  };
}

const number = (i: number) => String(i).padStart(4, '0');
const users = Array.from({ length: 250 }, (_, i) => ({ id: String(1000 + i), account: `user_${number(i)}`, realName: `用户${number(i)}` }));
const roles = Array.from({ length: 250 }, (_, i) => ({
  id: String(5000 + i),
  appName: i < 125 ? 'ERP' : 'OA',
  roleName: `角色${number(i)}`,
  roleAlias: `role_${number(i)}`,
}));

beforeEach(() => grant('appincompatiblerule_edit'));
afterEach(() => vi.unstubAllGlobals());

describe('pickers with more than one page of 200', () => {
  it('finds a user past the first page by searching the server as the account or the name is typed', async () => {
    const calls = fakeFetch({
      'GET /api/blade-system/dept/tree': () => [],
      'GET /api/blade-system/role/tree': () => [],
      'GET /api/blade-user/list': listOf(users, ['account', 'realName']),
    });
    const chosen = vi.fn();
    const user = userEvent.setup();
    renderWithFeedback(<UserPicker onChange={chosen} />);
    const list = screen.getByTestId('grant-user-list');
    await waitFor(() => expect(within(list).getByText('用户0199 (user_0199)')).toBeTruthy(), SLOW);
    expect(within(list).queryByText('用户0249 (user_0249)')).toBeNull();
    expect(screen.getByTestId('grant-user-more').textContent).toContain('200');
    // Typed, not submitted: the search starts once typing pauses.
    await user.type(within(screen.getByTestId('grant-user-search')).getByRole('searchbox'), 'user_0249');
    await waitFor(() => expect(within(list).getByText('用户0249 (user_0249)')).toBeTruthy(), SLOW);
    expect(screen.queryByTestId('grant-user-more')).toBeNull();
    await user.click(within(list).getByText('用户0249 (user_0249)'));
    expect(chosen).toHaveBeenCalledWith(expect.objectContaining({ id: '1249', account: 'user_0249' }));
    // One search for the whole word, not one per key.
    const searched = calls.filter((c) => c.path === '/api/blade-user/list' && c.query.get('account'));
    expect(searched.map((c) => c.query.get('account'))).toEqual(['user_0249']);
    // A real name finds the user too.
    await user.clear(within(screen.getByTestId('grant-user-search')).getByRole('searchbox'));
    await user.type(within(screen.getByTestId('grant-user-search')).getByRole('searchbox'), '用户0230');
    await waitFor(() => expect(within(list).getByText('用户0230 (user_0230)')).toBeTruthy(), SLOW);
  }, 120_000);

  it('offers every application role in the rule editor, reading each page of 200', async () => {
    const calls = fakeFetch({ 'GET /api/blade-aps/approle/list': listOf(roles, []) });
    const user = userEvent.setup();
    renderWithFeedback(
      <SodRuleDialog rule={{ id: '3', ruleName: '两岗分离', appRoleIds: '5000,5240' }} onClose={vi.fn()} onSaved={vi.fn()} />,
    );
    // The role of the second page already chosen shows its label, not its id.
    await waitFor(() => expect(screen.getByText('OA / 角色0240 (role_0240)')).toBeTruthy(), SLOW);
    await user.type(within(screen.getByTestId('sod-rule-roles')).getByRole('combobox'), 'role_0249');
    const option = '.ant-select-item-option[title="OA / 角色0249 (role_0249)"]';
    await waitFor(() => expect(document.querySelector(option)).not.toBeNull(), SLOW);
    const pages = calls.filter((c) => c.path === '/api/blade-aps/approle/list').map((c) => c.query.get('current'));
    expect(pages).toEqual(['1', '2']);
  }, 120_000);
});
