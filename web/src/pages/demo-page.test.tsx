import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, page } from '../test/fake-fetch.testkit.js';
import { grant, renderWithFeedback, spaced } from '../test/ui.testkit.js';
import DemoPage from './demo-page.js';

const notices = [{ id: '7', title: '系统升级通知', category: 1, releaseTime: '2026-11-20 09:00:00', content: '' }];
const dictionaries: Record<string, { dictKey: string; dictValue: string }[]> = {
  notice: [
    { dictKey: '1', dictValue: '发布通知' },
    { dictKey: '2', dictValue: '批转通知' },
  ],
  yes_no: [
    { dictKey: '0', dictValue: '否' },
    { dictKey: '1', dictValue: '是' },
  ],
};

const server = () =>
  fakeFetch({
    'GET /api/blade-desk/notice/list': () => page(notices, 1, 10, 1),
    'GET /api/blade-system/dict/dictionary': (q) => dictionaries[q.get('code') ?? ''] ?? [],
  });

const renderPage = () => renderWithFeedback(<DemoPage />);
// Role and label queries walk antd's large DOM slowly in jsdom: elements are found by their ids.
const openTab = (key: string) =>
  fireEvent.click(document.querySelector(`.ant-tabs-tab[data-node-key="${key}"] .ant-tabs-tab-btn`) as HTMLElement);
const field = (prop: string) => document.querySelector(`#demo-form_${prop}`) as HTMLElement;

/** antd in jsdom is slow on a loaded machine: the walks get a minute. */
const SLOW = 60_000;

describe('the demo page (/demo/demo)', () => {
  beforeEach(() => grant('notice_add', 'notice_view'));
  afterEach(() => vi.unstubAllGlobals());

  it(
    'draws the notice resource with the generic list, its category through the dictionary',
    async () => {
      const calls = server();
      renderPage();
      await screen.findByText('系统升级通知');
      const row = screen.getByText('系统升级通知').closest('tr') as HTMLElement;
      await waitFor(() => expect(within(row).getByText('发布通知')).toBeTruthy());
      expect(screen.getAllByText(spaced('新增')).length).toBeGreaterThan(0); // notice_add
      expect(calls.some((c) => c.path === '/api/blade-desk/notice/list')).toBe(true);
    },
    SLOW,
  );

  it(
    'checks the form by the entity and previews what would be sent, sending nothing',
    async () => {
      const calls = server();
      renderPage();
      openTab('form');
      const check = await screen.findByText(spaced('校验并预览'));
      fireEvent.click(check);
      await screen.findByText('请输入通知标题');
      expect(screen.queryByTestId('demo-payload')).toBeNull();

      fireEvent.change(field('title'), { target: { value: '停电通知' } });
      fireEvent.mouseDown(field('category'));
      fireEvent.click(await waitFor(() => document.querySelector('.ant-select-item-option[title="批转通知"]') as HTMLElement));
      const date = field('releaseTime');
      fireEvent.mouseDown(date);
      fireEvent.change(date, { target: { value: '2026-11-21 08:30:00' } });
      fireEvent.keyDown(date, { key: 'Enter', code: 'Enter', keyCode: 13 });
      fireEvent.click(check);
      const payload = await screen.findByTestId('demo-payload');
      expect(JSON.parse(payload.querySelector('pre')?.textContent ?? '{}')).toEqual({
        title: '停电通知',
        category: '2',
        releaseTime: '2026-11-21 08:30:00',
      });
      expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    },
    SLOW,
  );

  it(
    'lists the entries of the chosen dictionary',
    async () => {
      server();
      renderPage();
      openTab('dicts');
      await waitFor(() => expect(within(screen.getByTestId('dict-entries')).getByText('1 · 发布通知')).toBeTruthy());
      fireEvent.click(screen.getByText('yes_no'));
      await waitFor(() => expect(within(screen.getByTestId('dict-entries')).getByText('0 · 否')).toBeTruthy());
    },
    SLOW,
  );
});
