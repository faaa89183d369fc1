import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import InfoPage from '../../pages/info-page.js';
import { userStore } from '../../session/user-store.js';
import { fakeFetch } from '../../test/fake-fetch.testkit.js';
import { renderWithFeedback } from '../../test/ui.testkit.js';

const PNG_HEADER = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const profile = {
  account: 'admin',
  realName: '管理员',
  name: 'admin',
  phone: '13912345678',
  email: null,
  avatar: '',
  deptName: '',
  postName: '',
};
const LINK = '/api/blade-resource/oss/endpoint/file?name=000000/me.png';

function renderPage() {
  fakeFetch({
    'GET /api/blade-user/info': () => profile,
    'POST /api/blade-resource/oss/endpoint/put-file': () => ({
      link: LINK,
      domain: '',
      name: '000000/me.png',
      originalName: 'me.png',
      attachId: '9',
    }),
    'POST /api/blade-user/update-info': () => true,
  });
  renderWithFeedback(<InfoPage />);
}

/** Every request the page made, with multipart bodies kept (the fake server reads only JSON). */
function spyCalls() {
  const calls: { path: string; query: URLSearchParams; body: unknown }[] = [];
  const inner = globalThis.fetch;
  vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://test.local');
    calls.push({ path: url.pathname, query: url.searchParams, body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body });
    return inner(input, init);
  });
  return calls;
}

describe('the avatar on /info/index', { timeout: 60_000 }, () => {
  beforeEach(() => userStore.set({ userInfo: { account: 'admin', avatar: '' } as never, permissions: {}, roles: [], loaded: true }));
  afterEach(() => vi.unstubAllGlobals());

  it('refuses other types and files over 500kb with their messages, before sending anything', async () => {
    renderPage();
    const calls = spyCalls();
    const user = userEvent.setup({ applyAccept: false });
    const input = await waitFor(() => document.querySelector('input[type=file]') as HTMLInputElement);
    await user.upload(input, new File(['GIF89a'], 'me.gif', { type: 'image/gif' }));
    expect((await screen.findAllByText('只能上传jpg/png格式')).length).toBeGreaterThan(0);
    const big = new Uint8Array(500 * 1024 + 1);
    big.set(PNG_HEADER);
    // rc-upload renders a fresh input after each pick.
    await user.upload(document.querySelector('input[type=file]') as HTMLInputElement, new File([big], 'big.png', { type: 'image/png' }));
    expect((await screen.findAllByText('不能超过500kb')).length).toBeGreaterThan(0);
    expect(calls.some((c) => c.path.endsWith('/put-file'))).toBe(false);
  });

  it('uploads a png as an avatar, saves its link with update-info and shows it in the top bar', async () => {
    renderPage();
    const calls = spyCalls();
    const user = userEvent.setup({ applyAccept: false });
    await waitFor(() => expect((document.querySelector('#profile_phone') as HTMLInputElement)?.value).toBe('13912345678'));
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, new File([new Uint8Array(PNG_HEADER)], 'me.png', { type: 'image/png' }));
    await screen.findByText('个人信息已保存');
    const put = calls.find((c) => c.path.endsWith('/put-file'));
    expect(put?.query.get('type')).toBe('avatar');
    expect(put?.body).toBeInstanceOf(FormData);
    expect(((put as { body: FormData }).body.get('file') as File).name).toBe('me.png');
    expect(calls.find((c) => c.path.endsWith('/update-info'))?.body).toMatchObject({ avatar: LINK, phone: '13912345678' });
    expect(userStore.get().userInfo?.avatar).toBe(LINK);
    expect(document.querySelector('[data-testid="info-avatar"] img')?.getAttribute('src')).toBe(LINK);
  });
});
