import { describe, expect, it } from 'vitest';
import { useTestServer } from '../api-suite.testkit.js';
import { type Opener, recordOpen } from './open-log.js';
import { SAME_VISIT_MS } from './recent-opens.js';
import { recordVisit } from './visits.js';

/**
 * The open of an application is recorded once per visit, whichever way it came: a sign-on right
 * after the portal's open (found in the login log, not known to this node) writes nothing, one
 * after the visit's window writes a new row and moves "recently visited" on.
 */
const suite = useTestServer();
const request = { ip: '127.0.0.1' };

const opener = (n: number): Opener => ({
  tenant_id: '000000',
  user_id: String(8_300_000_000_000_000_000n + BigInt(n)),
  role_id: '',
  dept_id: '',
  account: `visitor${n}`,
});
const app = (n: number) => ({
  id: String(8_400_000_000_000_000_000n + BigInt(n)),
  appCode: `visit_app_${n}`,
  appName: `应用${n}`,
  appType: '1',
});

const opensOf = (user: Opener) =>
  suite.server.ctx.db
    .selectFrom('blade_app_login_log')
    .select(['appCode', 'account', 'loginIp'])
    .where('userId', '=', user.user_id)
    .execute();
const recentOf = (user: Opener) =>
  suite.server.ctx.db.selectFrom('blade_app_recent').select(['appId', 'visitCount']).where('userId', '=', user.user_id).execute();

describe('opens of an application, once per visit', () => {
  it('records a sign-on once, with the user recently visiting the application, and not again within the visit', async () => {
    const user = opener(1);
    await recordVisit(suite.server.ctx, user, app(1), request);
    await recordVisit(suite.server.ctx, user, app(1), request);
    expect(await opensOf(user)).toEqual([{ appCode: 'visit_app_1', account: 'visitor1', loginIp: '127.0.0.1' }]);
    expect(await recentOf(user)).toEqual([{ appId: app(1).id, visitCount: 1 }]);
  });

  it("counts a sign-on straight after the portal's open as that visit, though this node did not record it", async () => {
    const user = opener(2);
    expect(await recordOpen(suite.server.ctx, user, app(2), request)).toBeUndefined();
    await recordVisit(suite.server.ctx, user, app(2), request);
    expect(await opensOf(user)).toHaveLength(1);
    expect(await recentOf(user)).toEqual([{ appId: app(2).id, visitCount: 1 }]);
  });

  it('records a new visit once the window has passed, and moves recently visited on', async () => {
    const user = opener(3);
    await recordOpen(suite.server.ctx, user, app(3), request);
    await suite.server.ctx.db
      .updateTable('blade_app_login_log')
      .set({ loginTime: new Date(Date.now() - SAME_VISIT_MS - 1000) })
      .where('userId', '=', user.user_id)
      .execute();
    await recordVisit(suite.server.ctx, user, app(3), request);
    expect(await opensOf(user)).toHaveLength(2);
    expect(await recentOf(user)).toEqual([{ appId: app(3).id, visitCount: 2 }]);
  });

  it('answers the earlier open it found, and writes nothing then', async () => {
    const user = opener(4);
    await recordOpen(suite.server.ctx, user, app(4), request);
    const earlier = await recordOpen(suite.server.ctx, user, app(4), request, { unlessOpenedSince: new Date(Date.now() - SAME_VISIT_MS) });
    const stored = await suite.server.ctx.db
      .selectFrom('blade_app_login_log')
      .select('loginTime')
      .where('userId', '=', user.user_id)
      .executeTakeFirstOrThrow();
    expect(earlier?.getTime()).toBe(new Date(stored.loginTime).getTime());
    expect(await opensOf(user)).toHaveLength(1);
  });
});
