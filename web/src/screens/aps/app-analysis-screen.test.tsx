import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, page } from '../../test/fake-fetch.testkit.js';
import { grant, renderWithFeedback } from '../../test/ui.testkit.js';
import AppAnalysisScreen from './app-analysis-screen.js';

const finance = {
  appId: '41',
  appCode: 'finance',
  appName: '财务系统',
  opens: 5,
  users: 2,
  lastOpen: '2026-11-24 09:30:00',
  perDay: [
    { day: '2026-11-23', opens: 1 },
    { day: '2026-11-24', opens: 4 },
  ],
};

describe('the application analysis screen', () => {
  beforeEach(() => grant('appanalysis'));
  afterEach(() => vi.unstubAllGlobals());

  it('shows per application its opens per day, total opens, distinct users and last open over 30 days', async () => {
    const calls = fakeFetch({ 'GET /api/blade-aps/appanalysis/page': () => page([finance]) });
    renderWithFeedback(<AppAnalysisScreen menu={{ id: '1', code: 'appanalysis', name: '应用分析', rawPath: '/aps/appanalysis' }} />);
    const row = (await screen.findByText('财务系统')).closest('tr') as HTMLElement;
    expect(within(row).getByText('5')).toBeTruthy();
    expect(within(row).getByText('2')).toBeTruthy();
    expect(within(row).getByText('2026-11-24 09:30:00')).toBeTruthy();
    const bars = within(row).getByTestId('per-day-bars').children;
    expect(bars).toHaveLength(2);
    expect((bars[1] as HTMLElement).style.height).toBe('100%'); // the busiest day is full height
    expect((bars[0] as HTMLElement).style.height).toBe('25%');
    expect(calls[0]?.query.get('days')).toBe('30');
  }, 60_000);
});
