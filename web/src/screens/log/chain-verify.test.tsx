import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.js';
import { fakeFetch } from '../../test/fake-fetch.testkit.js';
import { renderWithFeedback } from '../../test/ui.testkit.js';
import { ChainVerify } from './chain-verify.js';

describe('the audit chain check above the usual log', { timeout: 60_000 }, () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('zh-CN');
  });

  it('asks the server and says the chain is intact with the records checked', async () => {
    const calls = fakeFetch({ 'GET /api/blade-log/security/verify': () => ({ intact: true, checked: 42, firstBroken: null }) });
    renderWithFeedback(<ChainVerify />);
    await userEvent.setup().click(screen.getByRole('button', { name: '校验审计链' }));
    expect(await screen.findByText('审计链完整：已校验 42 条安全记录')).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/blade-log/security/verify']);
  });

  it('names the first broken record, in English', async () => {
    await i18n.changeLanguage('en');
    fakeFetch({
      'GET /api/blade-log/security/verify': () => ({
        intact: false,
        checked: 7,
        firstBroken: { seq: 8, logTable: 'blade_log_login', logId: '1234', problem: 'altered' },
      }),
    });
    renderWithFeedback(<ChainVerify />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Verify audit chain' }));
    expect(
      await screen.findByText(
        'The audit chain is broken: after 7 records checked, the first problem is record 1234 of blade_log_login (altered)',
      ),
    ).toBeTruthy();
    expect(screen.getByText('link 8')).toBeTruthy();
  });
});
