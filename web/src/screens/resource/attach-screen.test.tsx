import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, page } from '../../test/fake-fetch.testkit.js';
import { grant, renderWithFeedback, spaced } from '../../test/ui.testkit.js';
import AttachScreen from './attach-screen.js';

/** The multipart bodies the page sent (the fake server only reads JSON). */
function captureForms(): FormData[] {
  const forms: FormData[] = [];
  const inner = globalThis.fetch;
  vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
    if (init.body instanceof FormData) forms.push(init.body);
    return inner(input, init);
  });
  return forms;
}

function renderScreen() {
  return renderWithFeedback(<AttachScreen />);
}

describe('attachments', { timeout: 60_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('uploads a file through put-file as multipart, then lists it with its download link', async () => {
    const stored: Record<string, unknown>[] = [];
    const calls = fakeFetch({
      'GET /api/blade-resource/attach/list': () => page(stored),
      'POST /api/blade-resource/oss/endpoint/put-file': () => {
        const link = '/api/blade-resource/oss/endpoint/file?name=000000/a.txt';
        stored.push({ id: '7', originalName: 'notes.txt', name: '000000/a.txt', extension: 'txt', attachSize: 5, link });
        return { link, domain: '', name: '000000/a.txt', originalName: 'notes.txt', attachId: '7' };
      },
    });
    const forms = captureForms();
    grant('attach_upload', 'attach_download', 'attach_delete');
    const user = userEvent.setup();
    renderScreen();
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/attach/list'))).toBe(true));
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    await screen.findByText('上传成功');
    const put = calls.find((c) => c.path.endsWith('/put-file'));
    expect(put?.method).toBe('POST');
    const file = forms[0]?.get('file') as File;
    expect(file.name).toBe('notes.txt');
    expect(file.size).toBe(5);
    const row = (await screen.findByText('notes.txt')).closest('tr') as HTMLElement;
    const download = within(row).getByText(spaced('下载')).closest('a') as HTMLAnchorElement;
    expect(download.getAttribute('href')).toBe('/api/blade-resource/oss/endpoint/file?name=000000/a.txt');
  });

  it('shows 上传 and 下载 only to holders of attach_upload and attach_download', async () => {
    fakeFetch({ 'GET /api/blade-resource/attach/list': () => page([{ id: '7', originalName: 'notes.txt', link: '/x' }]) });
    grant('attach_delete');
    renderScreen();
    const row = (await screen.findByText('notes.txt')).closest('tr') as HTMLElement;
    expect(within(row).queryByText(spaced('下载'))).toBeNull();
    expect(screen.queryByText(spaced('上传'))).toBeNull();
  });
});
