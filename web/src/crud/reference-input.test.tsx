import { appRole } from '@sso/shared-api';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, page } from '../test/fake-fetch.testkit.js';
import { grant, renderWithFeedback } from '../test/ui.testkit.js';
import { CrudDialog } from './crud-dialog.js';

const roleDef = appRole;
const apps = [
  { id: '101', appCode: 'erp', appName: '企业资源计划' },
  { id: '102', appCode: 'mes', appName: '制造执行' },
];

describe('a field that refers to another resource', { timeout: 60_000 }, () => {
  beforeEach(() => grant('approle_view'));
  afterEach(() => vi.unstubAllGlobals());

  it('is picked by searching the name on the server and sends the key', async () => {
    const calls = fakeFetch({
      'GET /api/blade-aps/app/page': (query) =>
        page(
          apps.filter((app) => app.appName.includes(query.get('appName') ?? '')),
          1,
          30,
        ),
    });
    const submitted: Record<string, unknown>[] = [];
    renderWithFeedback(
      <CrudDialog
        def={roleDef}
        mode="add"
        dicts={{}}
        onSubmit={async (row) => {
          submitted.push(row);
        }}
        onClose={() => undefined}
      />,
    );
    const user = userEvent.setup();
    const input = (await screen.findByRole('combobox', { name: '应用' })) as HTMLInputElement;
    await user.click(input);
    await user.type(input, '制造');
    await waitFor(() => expect(calls.some((call) => call.query.get('appName') === '制造')).toBe(true));
    await user.click(await screen.findByTitle('制造执行 (mes)'));
    await user.type(screen.getByRole('textbox', { name: '角色名称' }), '计划员');
    // Enter in a one-line field sends the form.
    await user.type(screen.getByRole('textbox', { name: '角色编码' }), 'planner{Enter}');
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]).toMatchObject({ appId: '102', roleName: '计划员', roleAlias: 'planner' });
    expect(calls.every((call) => Number(call.query.get('size') ?? 30) === 30)).toBe(true);
  });

  it('shows the name of the row a saved key names, read once by its key', async () => {
    const calls = fakeFetch({
      'GET /api/blade-aps/app/page': () => page(apps.slice(0, 1), 1, 30),
      'GET /api/blade-aps/app/detail': (query) => apps.find((app) => app.id === query.get('id')),
    });
    renderWithFeedback(
      <CrudDialog
        def={roleDef}
        mode="edit"
        row={{ id: '9', appId: '102', appName: '制造执行', roleName: '计划员', roleAlias: 'planner' }}
        dicts={{}}
        onSubmit={async () => undefined}
        onClose={() => undefined}
      />,
    );
    expect(await screen.findByTitle('制造执行 (mes)')).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/blade-aps/app/detail')).toHaveLength(1);
    expect(screen.queryByText('102')).toBeNull();
  });
});
