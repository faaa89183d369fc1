import { type ResourceDef, registry } from '@sso/shared-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FieldInput } from '../../crud/field-input.js';
import { fakeFetch, page } from '../../test/fake-fetch.testkit.js';
import { renderWithFeedback } from '../../test/ui.testkit.js';

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
/** A field of the workflow or node form, as the form draws it (its reference gives the picker). */
const field = (def: ResourceDef, prop: string) => ({
  def,
  column: def.view.columns.find((c) => c.prop === prop) ?? { prop, label: [prop, prop] as const },
});
const nodeField = (prop: string) => field(registry.workflow.appWorkflowNode, prop);
const workflowField = (prop: string) => field(registry.workflow.appWorkflow, prop);
const optionTitled = (title: string) => document.querySelector(`.ant-select-item-option[title="${title}"]`) as HTMLElement | null;

afterEach(() => vi.unstubAllGlobals());

describe('the approval chain pickers over more rows than one page', () => {
  it('finds an approver past the first page by searching the server as the account is typed, and keeps the chosen label', async () => {
    const calls = fakeFetch({
      'GET /api/blade-user/page': listOf(users, ['account', 'realName']),
      'GET /api/blade-user/detail': (query) => users.find((u) => u.id === query.get('id')),
    });
    const changed = vi.fn();
    const user = userEvent.setup();
    const { rerender } = renderWithFeedback(<FieldInput {...nodeField('approverUserId')} onChange={changed} />);
    const box = within(document.body).getByRole('combobox');
    await user.click(box);
    await waitFor(() => expect(optionTitled('用户0000 (user_0000)')).not.toBeNull(), SLOW);
    await user.type(box, 'user_0248');
    await waitFor(() => expect(optionTitled('用户0248 (user_0248)')).not.toBeNull(), SLOW);
    await user.click(optionTitled('用户0248 (user_0248)') as HTMLElement);
    expect(changed).toHaveBeenCalledWith('1248');
    const searched = calls.filter((c) => c.path === '/api/blade-user/page' && c.query.get('account'));
    // Typing searches by name and by account (the hint), each answered by the server.
    expect(searched.map((c) => c.query.get('account')).at(-1)).toBe('user_0248');
    // A node saved with an approver past the first page shows the approver's name, read by id.
    rerender(<FieldInput {...nodeField('approverUserId')} value="1243" onChange={changed} />);
    await waitFor(() => expect(screen.getByTitle('用户0243 (user_0243)')).toBeTruthy(), SLOW);
  }, 120_000);

  it('finds an application role past the first page by its name, shown with its application', async () => {
    const calls = fakeFetch({ 'GET /api/blade-aps/approle/page': listOf(roles, ['roleName']) });
    const user = userEvent.setup();
    renderWithFeedback(<FieldInput {...workflowField('appRoleId')} onChange={vi.fn()} />);
    const box = within(document.body).getByRole('combobox');
    await user.click(box);
    await user.type(box, '角色0249');
    await waitFor(() => expect(optionTitled('角色0249 (ERP)')).not.toBeNull(), SLOW);
    expect(calls.every((c) => c.query.get('current') === '1')).toBe(true);
  }, 120_000);
});
