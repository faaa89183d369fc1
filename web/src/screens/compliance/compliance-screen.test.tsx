import type { ComplianceReportAnswer, ComplianceSettings } from '@sso/shared-api';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../test/fake-fetch.testkit.js';
import { buttonIn, renderWithFeedback } from '../../test/ui.testkit.js';
import ComplianceScreen from './compliance-screen.js';

const off: ComplianceSettings = {
  profile: false,
  forcedByPlatform: false,
  passwordExpiryDays: 0,
  passwordHistory: 0,
  passwordMinAgeDays: 0,
  accountDormantDays: 0,
  sessionIdleMinutes: 0,
  sessionMaxHours: 0,
  adminRequireSecondFactor: false,
  adminRequirePasskey: false,
};
const on: ComplianceSettings = { ...off, profile: true, passwordExpiryDays: 90, sessionIdleMinutes: 30, adminRequireSecondFactor: true };
const reportOf = (profile: boolean): ComplianceReportAnswer => ({
  tenantId: '100001',
  generatedAt: '2026-11-27T08:00:00.000Z',
  profile,
  controls: [
    { id: 'profile', title: '合规配置', state: profile ? 'met' : 'not met', detail: profile ? '本租户已开启' : '在「合规配置」中开启' },
    { id: 'transport.tlcp', title: '国密传输（TLCP）', state: 'n/a', detail: '由部署提供' },
  ],
});

describe('the compliance screen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('turns the profile on and shows the report that follows', async () => {
    let current = off;
    const calls = fakeFetch({
      'GET /api/blade-system/compliance/settings': () => current,
      'GET /api/blade-system/compliance/report': () => reportOf(current.profile),
      'POST /api/blade-system/compliance/submit': () => {
        current = on;
        return on;
      },
    });
    renderWithFeedback(<ComplianceScreen menu={{ id: '1', code: 'compliance', name: '合规配置', rawPath: '/system/compliance' }} />);
    expect(await screen.findByText('不符合')).toBeTruthy();
    expect(screen.getByText('不适用')).toBeTruthy();
    expect(screen.getByTestId('compliance-summary').textContent).toBe('符合 0，不符合 1，不适用 1');

    const user = userEvent.setup();
    await user.click(screen.getByTestId('compliance-profile'));
    await user.click(buttonIn(document.body, '保 存'));
    await waitFor(() => expect(screen.getByTestId('compliance-summary').textContent).toBe('符合 1，不符合 0，不适用 1'));
    // Only the switch was changed: the limits keep following the platform's values.
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ profile: true });
    const expiry = screen.getByTestId('compliance-passwordExpiryDays');
    await waitFor(() => expect((expiry instanceof HTMLInputElement ? expiry : expiry.querySelector('input'))?.value).toBe('90'));
  });
});
