import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, page } from '../../test/fake-fetch.testkit.js';
import { grant, renderWithFeedback } from '../../test/ui.testkit.js';
import AppUserScreen from './app-user-screen.js';

const finance = { id: '41', appCode: 'finance', appName: '财务系统', protocol: 'oidc', status: 1 };
const depts = [{ id: '7', title: '财务部', key: '7', value: '7', parentId: '0', children: [] }];
const roles = [{ id: '9', title: '会计', key: '9', value: '9', parentId: '0', children: [] }];
/** How long a wait may take on a busy machine (antd renders the select and trees asynchronously). */
const SLOW = { timeout: 20_000 };
const userGrant = (i: number) => ({ id: String(1000 + i), appId: '41', userId: String(i), userName: `员工${i}` });

/** The screen over a server holding these grants of finance, answered page by page. */
function serve(grants: ReturnType<typeof userGrant>[]) {
  return fakeFetch({
    'GET /api/blade-aps/app/list': () => page([finance]),
    'GET /api/blade-system/dept/tree': () => depts,
    'GET /api/blade-system/role/tree': () => roles,
    'GET /api/blade-aps/appuser/list': (query) => {
      if (!query.get('appId')) return page([]);
      const current = Number(query.get('current'));
      const size = Number(query.get('size'));
      return page(grants.slice((current - 1) * size, current * size), current, size, grants.length);
    },
    'POST /api/blade-aps/appuser/submit': (_query, body) => ({ id: '5000', ...(body as object) }),
  });
}

async function pickFinance(user: ReturnType<typeof userEvent.setup>) {
  renderWithFeedback(<AppUserScreen menu={{ id: '1', code: 'appuser', name: '应用用户', rawPath: '/aps/appuser' }} />);
  fireEvent.mouseDown(within(screen.getByTestId('grant-app-picker')).getByRole('combobox'));
  const option = '.ant-select-item-option[title="财务系统 (finance)"]';
  await waitFor(() => expect(document.querySelector(option)).not.toBeNull(), SLOW);
  await user.click(document.querySelector(option) as HTMLElement);
  return screen.findByTestId('current-grants');
}

describe('the application grants screen', () => {
  beforeEach(() => grant('appuser', 'appuser_add', 'appuser_delete'));
  afterEach(() => vi.unstubAllGlobals());

  it('shows every grant of the picked application, reading past the largest page', async () => {
    const calls = serve(Array.from({ length: 201 }, (_, i) => userGrant(i + 1)));
    const current = await pickFinance(userEvent.setup());
    await waitFor(() => expect(within(current).getByText('员工201')).toBeTruthy(), SLOW);
    const pages = calls.filter((c) => c.path === '/api/blade-aps/appuser/list' && c.query.get('appId') === '41');
    expect(pages.map((c) => c.query.get('current'))).toEqual(['1', '2']);
  }, 120_000);

  it('grants a department ticked in the tree', async () => {
    const calls = serve([userGrant(1)]);
    const user = userEvent.setup();
    const current = await pickFinance(user);
    await waitFor(() => expect(within(current).getByText('员工1')).toBeTruthy(), SLOW);
    const deptNode = [...document.querySelectorAll('.ant-tree-treenode')].find((node) => node.textContent?.includes('财务部'));
    await user.click(deptNode?.querySelector('.ant-tree-checkbox') as HTMLElement);
    await user.click(screen.getAllByRole('button', { name: /授\s*权/ })[0] as HTMLElement);
    await waitFor(() => expect(calls.some((c) => c.path === '/api/blade-aps/appuser/submit')).toBe(true), SLOW);
    expect(calls.find((c) => c.path === '/api/blade-aps/appuser/submit')?.body).toEqual({ appId: '41', deptId: '7' });
  }, 120_000);
});
