import type { UserInfo } from '@sso/shared-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userStore } from '../../session/user-store.js';
import { fakeFetch } from '../../test/fake-fetch.testkit.js';
import { buttonIn, renderWithFeedback } from '../../test/ui.testkit.js';
import { ThrottledAddresses } from './throttled-addresses.js';

const signedIn = (tenantId: string, ...codes: string[]) =>
  userStore.set({
    userInfo: { tenantId, account: 'admin' } as UserInfo,
    permissions: Object.fromEntries(codes.map((c) => [c, true as const])),
    roles: [],
    loaded: true,
  });

describe('throttled addresses above the sign-in log', { timeout: 60_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the throttled addresses to a platform administrator and releases the one chosen', async () => {
    signedIn('000000', 'user_unlock');
    let throttled = [
      { ip: '10.0.0.7', failures: 31, throttledUntil: '2026-11-27 12:00:00' },
      { ip: '10.0.0.9', failures: 40, throttledUntil: '2026-11-27 12:05:00' },
    ];
    const calls = fakeFetch({
      'GET /api/blade-auth/lockout/addresses': () => throttled,
      'POST /api/blade-auth/lockout/clear-address': (query) => {
        const ips = (query.get('ips') ?? '').split(',');
        throttled = throttled.filter((row) => !ips.includes(row.ip));
        return true;
      },
    });
    renderWithFeedback(<ThrottledAddresses />);
    const card = await screen.findByTestId('throttled-addresses');
    const row = (await within(card).findByText('10.0.0.7')).closest('tr') as HTMLElement;
    expect(within(row).getByText('31')).toBeTruthy();
    await userEvent.setup().click(buttonIn(row, '解除限制'));
    await userEvent.setup().click(buttonIn(document.querySelector('.ant-modal-confirm') as HTMLElement, '确定'));
    await waitFor(() => expect(within(card).queryByText('10.0.0.7')).toBeNull());
    expect(within(card).getByText('10.0.0.9')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.query.get('ips')).toBe('10.0.0.7');
  });

  it('is not shown to a tenant administrator, nor asked for', async () => {
    signedIn('100001', 'user_unlock');
    const calls = fakeFetch({});
    renderWithFeedback(<ThrottledAddresses />);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByTestId('throttled-addresses')).toBeNull();
    expect(calls).toEqual([]);
  });
});
