import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.js';
import { captureDownloads } from '../../test/downloads.testkit.js';
import { fakeFetch } from '../../test/fake-fetch.testkit.js';
import { renderWithFeedback } from '../../test/ui.testkit.js';
import { AuditorReads } from './auditor-reads.js';
import { SignedExport } from './signed-export.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe('the signed export and the auditor reads above the logs', { timeout: 60_000 }, () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    await i18n.changeLanguage('zh-CN');
  });

  it('saves the export and shows its digest, signature and the command that verifies it', async () => {
    const calls = fakeFetch({});
    const saved = captureDownloads(
      /\/api\/blade-log\/security\/export\?log=login$/,
      new Uint8Array([80, 75, 3, 4]),
      XLSX,
      () => undefined,
      {
        'x-export-digest': 'sm3:abcd',
        'x-export-signature': 'sm3:3045ff',
      },
    );
    renderWithFeedback(<SignedExport log="login" />);
    await userEvent.setup().click(screen.getByRole('button', { name: '签名导出' }));
    const result = await screen.findByTestId('signed-export-result');
    expect(calls.map((c) => `${c.method} ${c.path}?${c.query}`)).toEqual(['GET /api/blade-log/security/export?log=login']);
    expect(saved).toHaveLength(1);
    expect(saved[0]?.name).toMatch(/^login-log-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(saved[0]?.size).toBe(4);
    expect(within(result).getByText('sm3:abcd')).toBeTruthy();
    expect(within(result).getByText('sm3:3045ff')).toBeTruthy();
    expect(within(result).getByText(`sso audit verify-export ${saved[0]?.name} --signature "sm3:3045ff"`)).toBeTruthy();
  });

  it("lists the auditor's reads, in English", async () => {
    await i18n.changeLanguage('en');
    const calls = fakeFetch({
      'GET /api/blade-log/security/auditor-reads': () => [
        { id: '1', createTime: '2026-11-27 09:00:00', account: 'auditor', path: 'GET /api/blade-log/usual/list', remoteIp: '10.0.0.8' },
      ],
    });
    renderWithFeedback(<AuditorReads />);
    await userEvent.setup().click(screen.getByRole('button', { name: "Auditor's reads" }));
    expect(await screen.findByText('GET /api/blade-log/usual/list')).toBeTruthy();
    expect(screen.getByText('auditor')).toBeTruthy();
    expect(screen.getByText('What was read')).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/blade-log/security/auditor-reads']);
  });
});
