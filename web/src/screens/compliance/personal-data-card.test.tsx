import type { PersonalDataStateAnswer } from '@sso/shared-api';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../test/fake-fetch.testkit.js';
import { buttonIn, renderWithFeedback } from '../../test/ui.testkit.js';
import './compliance-strings.js';
import { PersonalDataCard } from './personal-data-card.js';

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
