import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, page } from '../../test/fake-fetch.testkit.js';
import { grant, renderWithFeedback, spaced } from '../../test/ui.testkit.js';
import OssScreen from './oss-screen.js';

function renderScreen() {
  return renderWithFeedback(<OssScreen />);
}

describe('object storage', { timeout: 60_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('tags the enabled configuration and enables another through oss/enable, then reloads', async () => {
    let enabled = '1';
    const configs = () => [
      { id: '1', category: 5, ossCode: 'local-disk', status: enabled === '1' ? 2 : 1 },
      { id: '2', category: 1, ossCode: 'minio-main', status: enabled === '2' ? 2 : 1 },
    ];
    const calls = fakeFetch({
      'GET /api/blade-resource/oss/list': () => page(configs()),
      'POST /api/blade-resource/oss/enable': (q) => {
        enabled = String(q.get('id'));
        return true;
      },
    });
    grant('oss_enable');
    const user = userEvent.setup();
    renderScreen();
    const minio = (await screen.findByText('minio-main')).closest('tr') as HTMLElement;
    const local = screen.getByText('local-disk').closest('tr') as HTMLElement;
    expect(within(local).getByText('已启用')).toBeTruthy();
    expect(within(local).queryByText(spaced('启用'))).toBeNull();
    await user.click(within(minio).getByText(spaced('启用')));
    const confirm = (await screen.findByText(/同一租户只能启用一个配置/)).closest('.ant-modal') as HTMLElement;
    await user.click(within(confirm).getByText(spaced('确定')));
    await screen.findByText('启用成功');
    expect(calls.find((c) => c.path.endsWith('/enable'))?.query.get('id')).toBe('2');
    await waitFor(() => expect(within(screen.getByText('minio-main').closest('tr') as HTMLElement).queryByText('已启用')).toBeTruthy());
    expect(within(screen.getByText('local-disk').closest('tr') as HTMLElement).getByText(spaced('启用'))).toBeTruthy();
  });

  it('offers 启用 only to holders of oss_enable', async () => {
    fakeFetch({ 'GET /api/blade-resource/oss/list': () => page([{ id: '2', category: 1, ossCode: 'minio-main', status: 1 }]) });
    grant('oss_view');
    renderScreen();
    const row = (await screen.findByText('minio-main')).closest('tr') as HTMLElement;
    expect(within(row).getByText(spaced('查看'))).toBeTruthy();
    expect(within(row).queryByText(spaced('启用'))).toBeNull();
  });
});
