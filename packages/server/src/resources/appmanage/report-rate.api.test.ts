import { appManageMessages as m } from '@sso/shared-api';
import { describe, expect, it } from 'vitest';
import { rowCount, useTestServer } from '../../api-suite.testkit.js';
import { START_REPORTS_PER_MINUTE } from './start-logs.js';

/** The public start report is rate-limited per address: past the budget, 429 and nothing written. */
const suite = useTestServer();

describe('start report rate limit', () => {
  it(`takes ${START_REPORTS_PER_MINUTE} reports a minute from one address, then refuses with 429`, async () => {
    const app = (await suite.admin.appmanage.appManage.submit({ appName: '掌上办公', appCategory: '1' } as never)) as { id: string };
    const body = JSON.stringify({ appId: app.id, osName: 'Android', deviceType: 'phone', deviceBrand: 'Huawei', appVersion: '1.0.0' });
    const post = () =>
      fetch(`${suite.server.baseUrl}/api/blade-appmanage/client/appstartlog/report`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
    for (let i = 0; i < START_REPORTS_PER_MINUTE; i++) expect((await post()).status).toBe(200);
    const refused = await post();
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { msg: string }).msg).toBe(m.tooManyReports);
    expect(await rowCount(suite.server, 'blade_app_start_log')).toBe(START_REPORTS_PER_MINUTE);
  });
});
