import type { PersonalDataStateAnswer } from '@sso/shared-api';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeCall, fakeFetch } from '../../test/fake-fetch.testkit.js';
import { buttonIn, renderWithFeedback } from '../../test/ui.testkit.js';
import './compliance-strings.js';
import { PENDING_POLL_MS, PersonalDataCard } from './personal-data-card.js';

const off: PersonalDataStateAnswer = { encrypted: false, currentKeyId: null, keys: [], pending: 12 };
const on: PersonalDataStateAnswer = {
  encrypted: true,
  currentKeyId: 1,
  keys: [{ id: 1, createdAt: '2026-11-28T04:00:00.000Z', users: 12 }],
  pending: 0,
};

describe('the personal-data encryption card', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the protection off, turns it on after a confirmation, and tells the screen to reload its report', async () => {
    const calls = fakeFetch({
      'GET /api/blade-system/compliance/personal-data': () => off,
      'POST /api/blade-system/compliance/personal-data-rotate': () => on,
    });
    const changed = vi.fn();
    renderWithFeedback(<PersonalDataCard onChanged={changed} />);
    expect((await screen.findByTestId('personal-data-state')).textContent).toBe('明文');
    expect(screen.getByTestId('personal-data-pending').textContent).toBe('12');

    const user = userEvent.setup();
    await user.click(screen.getByTestId('personal-data-rotate'));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(buttonIn(document.querySelector('.ant-popconfirm') as HTMLElement, '确定'));
    await waitFor(() => expect(screen.getByTestId('personal-data-state').textContent).toBe('已加密'));
    expect(screen.getByTestId('personal-data-pending').textContent).toBe('0');
    expect(screen.getByTestId('personal-data-rotate').textContent?.replace(/\s/g, '')).toBe('轮换密钥');
    expect(changed).toHaveBeenCalledTimes(1);
  });
});

describe('the personal-data card during a background re-encryption', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const rewritingFrom = (counts: number[]) => {
    let read = 0;
    return fakeFetch({
      'GET /api/blade-system/compliance/personal-data': () => ({ ...on, pending: counts[Math.min(read++, counts.length - 1)] }),
    });
  };
  const reads = (calls: FakeCall[]) => calls.filter((call) => call.method === 'GET').length;
  /** Lets the planned read fire and its answer render. */
  const nextPoll = () => act(() => vi.advanceTimersByTimeAsync(PENDING_POLL_MS));

  it('reads the state again while rows are pending, and stops once none is left', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const calls = rewritingFrom([50, 20, 0]);
    renderWithFeedback(<PersonalDataCard onChanged={() => undefined} />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByTestId('personal-data-pending').textContent).toBe('50');
    await nextPoll();
    expect(screen.getByTestId('personal-data-pending').textContent).toBe('20');
    await nextPoll();
    expect(screen.getByTestId('personal-data-pending').textContent).toBe('0');
    await nextPoll();
    await nextPoll();
    expect(reads(calls)).toBe(3);
  });

  it('stops reading when the screen closes, and never polls while the protection is off', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const calls = rewritingFrom([50]);
    const { unmount } = renderWithFeedback(<PersonalDataCard onChanged={() => undefined} />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    await nextPoll();
    expect(reads(calls)).toBe(2);
    unmount();
    await nextPoll();
    expect(reads(calls)).toBe(2);

    vi.unstubAllGlobals();
    const offCalls = fakeFetch({ 'GET /api/blade-system/compliance/personal-data': () => off });
    renderWithFeedback(<PersonalDataCard onChanged={() => undefined} />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByTestId('personal-data-pending').textContent).toBe('12');
    await nextPoll();
    expect(reads(offCalls)).toBe(1);
  });
});
