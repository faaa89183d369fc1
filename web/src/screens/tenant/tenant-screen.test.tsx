import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, page } from '../../test/fake-fetch.testkit.js';
import { dialogTitled, grant, renderWithFeedback, spaced } from '../../test/ui.testkit.js';
import TenantScreen from './tenant-screen.js';

const tenant = (id: string, tenantId: string, tenantName: string) => ({
  id,
  tenantId,
  tenantName,
  linkman: 'admin',
  contactNumber: null,
  accountNumber: 10,
  expireTime: null,
  status: 1,
  packageId: null,
  datasourceId: null,
});
const tenants = [tenant('1', '000000', '管理组'), tenant('2', '482911', '炼钢厂')];

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

function renderScreen() {
  renderWithFeedback(<TenantScreen menu={{ id: '1', code: 'tenant', name: '租户管理', rawPath: '/system/tenant' }} />);
}

describe('the tenant screen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers each extra only with its button, and no package for the platform tenant', async () => {
    fakeFetch({ 'GET /api/blade-system/tenant/list': () => page(tenants) });
    grant('tenant_view', 'tenant_package');
    renderScreen();
    await screen.findByText('炼钢厂');
    expect(screen.queryAllByText(spaced('授权配置'))).toEqual([]);
    expect(screen.queryAllByText('数据源')).toEqual([]);
    expect(within(rowOf('炼钢厂')).getByText('产品包')).toBeTruthy();
    expect(within(rowOf('管理组')).queryByText('产品包')).toBeNull();
  });

  it('sets the quota and expiry of the ticked tenants, checked by the shared rule first', async () => {
    const calls = fakeFetch({
      'GET /api/blade-system/tenant/list': () => page(tenants),
      'GET /api/blade-system/tenant/detail': () => tenants[1],
      'POST /api/blade-system/tenant/setting': () => true,
    });
    grant('tenant_setting');
    const user = userEvent.setup({ pointerEventsCheck: 0 }); // jsdom's style checks on antd's large sheets are slow
    renderScreen();
    await screen.findByText('炼钢厂');
    await user.click(screen.getByText(spaced('授权配置')).closest('button') as HTMLElement);
    expect(await screen.findByText('请选择至少一条数据')).toBeTruthy();

    await user.click(rowOf('炼钢厂').querySelector('input[type=checkbox]') as HTMLElement);
    await user.click(screen.getByText(spaced('授权配置')).closest('button') as HTMLElement);
    const setting = await dialogTitled('租户授权配置');
    const quota = within(setting).getByLabelText<HTMLInputElement>('账号额度');
    await waitFor(() => expect(quota.value).toBe('10')); // the one tenant's current quota
    fireEvent.change(quota, { target: { value: '-5' } });
    await user.click(within(setting).getByText(spaced('提交')));
    expect(await within(setting).findByText('账号额度必须是不小于-1的整数（-1表示不限）')).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/setting'))).toBe(false);

    fireEvent.change(quota, { target: { value: '50' } });
    await user.click(within(setting).getByText(spaced('提交')));
    await screen.findByText('操作成功!');
    const sent = calls.find((c) => c.path.endsWith('/setting'))?.query;
    expect(Object.fromEntries(sent ?? [])).toEqual({ ids: '2', accountNumber: '50' }); // no expiry: never expires
  }, 60_000); // a whole antd page in jsdom on a shared machine

  it("binds a data source chosen from the list to the row's tenant", async () => {
    const calls = fakeFetch({
      'GET /api/blade-system/tenant/list': () => page(tenants),
      'GET /api/blade-develop/datasource/list': () => page([{ id: '70', name: '炼钢库' }]),
      'POST /api/blade-system/tenant/datasource': () => true,
    });
    grant('tenant_datasource');
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderScreen();
    await screen.findByText('炼钢厂');
    await user.click(within(rowOf('炼钢厂')).getByText('数据源'));
    const choose = await dialogTitled('租户数据源配置');
    await user.click(within(choose).getByRole('combobox'));
    await user.click(await screen.findByTitle('炼钢库'));
    await user.click(within(choose).getByText(spaced('提交')));
    await screen.findByText('操作成功!');
    const sent = calls.find((c) => c.path.endsWith('/tenant/datasource'))?.query;
    expect(Object.fromEntries(sent ?? [])).toEqual({ tenantId: '482911', datasourceId: '70' });
  }, 60_000);
});
