import { app, REFERENCE_SEARCH_SIZE } from '@sso/shared-api';
import { testTool } from '@sso/shared-api/testkit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, page } from '../test/fake-fetch.testkit.js';
import { buttonIn, grant, renderWithFeedback } from '../test/ui.testkit.js';
import CrudPage from './crud-page.js';

/**
 * The generic CRUD page of a resource known only by its definition (the test-only `testtool`, in
 * no registry): its table shows the application's name the server answers beside `appId`, and its
 * form and search pick the application by searching the server by name, past the first page.
 */
const fillers = Array.from({ length: REFERENCE_SEARCH_SIZE + 5 }, (_, i) => ({
  id: String(300 + i),
  appCode: `web-fill-${i}`,
  appName: `填充应用${String(i).padStart(2, '0')}`,
}));
const deep = { id: '399', appCode: 'web-deep', appName: '深处目标应用' };
const apps = [...fillers, deep];
const saved = { id: '7001', toolName: '网页扳手', appId: fillers[0].id, appName: fillers[0].appName };

/** The server's answers: the tools listed (filtered by appId), the applications' page searched by name or code. */
function serve() {
  const tools = [saved];
  return fakeFetch({
    [`GET ${testTool.basePath}/list`]: (query) => {
      const appId = query.get('appId');
      return page(tools.filter((tool) => !appId || tool.appId === appId));
    },
    [`POST ${testTool.basePath}/submit`]: (_query, body) => ({ id: '7002', ...(body as object) }),
    [`GET ${app.basePath}/page`]: (query) => {
      const name = query.get('appName');
      const code = query.get('appCode');
      const found = apps.filter((row) => (name === null || row.appName.includes(name)) && (code === null || row.appCode.includes(code)));
      return page(found.slice(0, Number(query.get('size'))), 1, Number(query.get('size')), found.length);
    },
    [`GET ${app.basePath}/detail`]: (query) => apps.find((row) => row.id === query.get('id')),
  });
}

describe('the generic CRUD page of a resource with a reference', { timeout: 60_000 }, () => {
  beforeEach(() => grant('testtool_add', 'testtool_edit', 'testtool_delete', 'testtool_view'));
  afterEach(() => vi.unstubAllGlobals());

  it('lists the application name, not its key', async () => {
    serve();
    renderWithFeedback(<CrudPage def={testTool} />);
    const cell = await screen.findByText('网页扳手');
    const row = cell.closest('tr') as HTMLElement;
    expect(within(row).getByText(fillers[0].appName)).toBeTruthy();
    expect(within(row).queryByText(fillers[0].id)).toBeNull();
    const headers = [...document.querySelectorAll('th')].map((th) => th.textContent);
    expect(headers).toEqual(expect.arrayContaining(['工具名称', '所属应用']));
  });

  it('adds a row with the application picked by searching its name on the server, past the first page, and sends its key', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderWithFeedback(<CrudPage def={testTool} />);
    await screen.findByText('网页扳手');
    await user.click(buttonIn(document.body, '新增'));
    const modal = await waitFor(() => {
      const found = document.querySelector('.ant-modal') as HTMLElement | null;
      if (!found) throw new Error('no dialog');
      return found;
    });
    const input = (await within(modal).findByRole('combobox', { name: '所属应用' })) as HTMLInputElement;
    await user.click(input);
    // The first page of applications, by name with its code; the one looked for is not on it.
    expect(await screen.findByTitle(`${fillers[0].appName} (${fillers[0].appCode})`)).toBeTruthy();
    expect(screen.queryByTitle(`${deep.appName} (${deep.appCode})`)).toBeNull();
    await user.type(input, '深处');
    await waitFor(() =>
      expect(calls.some((call) => call.path === `${app.basePath}/page` && call.query.get('appName') === '深处')).toBe(true),
    );
    await user.click(await screen.findByTitle(`${deep.appName} (${deep.appCode})`));
    await user.type(within(modal).getByRole('textbox', { name: '工具名称' }), '网页钳子');
    await user.click(buttonIn(modal, '提交'));
    await waitFor(() => expect(calls.some((call) => call.path === `${testTool.basePath}/submit`)).toBe(true));
    const submitted = calls.find((call) => call.path === `${testTool.basePath}/submit`);
    expect(submitted?.body).toMatchObject({ toolName: '网页钳子', appId: deep.id });
    expect(
      calls
        .filter((call) => call.path === `${app.basePath}/page`)
        .every((call) => call.query.get('size') === String(REFERENCE_SEARCH_SIZE)),
    ).toBe(true);
  });

  it('searches the list by an application picked by name, sending its key', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderWithFeedback(<CrudPage def={testTool} />);
    await screen.findByText('网页扳手');
    const search = document.querySelector('form#crud-search') as HTMLFormElement;
    const input = within(search).getByRole('combobox', { name: '所属应用' }) as HTMLInputElement;
    await user.click(input);
    await user.type(input, '深处');
    await user.click(await screen.findByTitle(`${deep.appName} (${deep.appCode})`));
    await user.click(buttonIn(search, '搜索'));
    await waitFor(() => expect(calls.at(-1)?.query.get('appId')).toBe(deep.id));
    // The server answers no tool of that application: the row listed before goes.
    await waitFor(() => expect(screen.queryByText('网页扳手')).toBeNull());
  });
});
