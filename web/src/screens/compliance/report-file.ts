import type { ComplianceReportAnswer } from '@sso/shared-api';

const cell = (text: string) => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/**
 * The report as a CSV file for the assessor (UTF-8 with a byte-order mark, so spreadsheet programs
 * read the Chinese right): one row per control, after a line naming the tenant and the time.
 */
export function reportCsv(report: ComplianceReportAnswer, headers: readonly [string, string, string, string]): string {
  const lines = [
    `# tenant ${report.tenantId}, ${report.generatedAt}`,
    headers.map(cell).join(','),
    ...report.controls.map((control) => [control.id, control.title, control.state, control.detail].map(cell).join(',')),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
