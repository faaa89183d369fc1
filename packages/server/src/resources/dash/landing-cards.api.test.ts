import { type DashboardCard, DEFAULT_TENANT_ID } from '@sso/shared-api';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenantWithAdmin, createUserWithRole, failure, signIn, type TrackedClient, useTestServer } from '../../api-suite.testkit.js';
import { formatDateTime } from '../../kernel/rows.js';
import { person } from '../app-workflow-matter/access-request.testkit.js';
import { appAuthzKit } from '../user-authorized/app-authz.testkit.js';

/**
 * The landing page's cards: an administrator sees what waits for them with the right figures and
 * the screens to open; a caller sees only the cards of screens they may open, of their own tenant.
 */
const suite = useTestServer();
const kit = appAuthzKit(suite);
type Row = Record<string, unknown>;

const DAY_MS = 86_400_000;
const THROTTLED_IP = '203.0.113.7';
const LOCKED = 'locked_kim';
let adminId: string;

const summary = async (sdk: TrackedClient) => (await sdk.desk.dash.summary()).cards;
const keys = (cards: DashboardCard[]) => cards.map((card) => card.key);
/** Midnight `daysBack` days ago, local time (the server's). */
const midnight = (daysBack: number) => {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() - daysBack);
};
const day = (date: Date) => formatDateTime(date).slice(0, 10);

async function openedAt(at: Date, appId: string): Promise<void> {
  const { ctx } = suite.server;
  await ctx.db
    .insertInto('blade_app_login_log')
    .values({ id: ctx.ids.next(), tenantId: DEFAULT_TENANT_ID, appId, appCode: 'landing', account: 'admin', loginTime: at })
    .execute();
}

/** An application role whose requests the given user approves (a one-node workflow). */
async function roleApprovedBy(appId: string, alias: string, approverUserId: string): Promise<string> {
  const roleId = await kit.role(appId, alias);
  const flow = await kit.call('POST', 'blade-abs/appworkflow/submit', undefined, {
    workflowName: `审批${alias}`,
    appId,
    appRoleId: roleId,
  });
  await kit.call('POST', 'blade-abs/appworkflownode/submit', undefined, {
    workflowId: String((flow as Row).id),
    nodeName: '审批',
    sort: 1,
    approverKind: 'user',
    approverUserId,
  });
  return roleId;
}

let staff: Awaited<ReturnType<typeof person>>;
let approver: Awaited<ReturnType<typeof person>>;

beforeAll(async () => {
  const { ctx } = suite.server;
  adminId = (
    await ctx.db
      .selectFrom('blade_user')
      .select('id')
      .where('account', '=', 'admin')
      .where('tenantId', '=', DEFAULT_TENANT_ID)
      .executeTakeFirstOrThrow()
  ).id;
  const limits = await ctx.lockout.limits();

  // A lock: an existing account signs in with a wrong password until it locks at this address.
  await createUserWithRole(suite.server, { account: LOCKED });
  for (let i = 0; i < limits.perAddress; i++) {
    await failure(suite.admin, signIn(suite.server, { account: LOCKED, password: 'wrong-password' }));
  }
  // Locked too, but nobody holds the account: no one to unlock, not counted.
  for (let i = 0; i < limits.perAddress; i++)
    await ctx.lockout.recordFailure({ tenantId: DEFAULT_TENANT_ID, account: 'ghost', ip: '198.51.100.1' });
  // An address failing across accounts (never this suite's own address, which must keep signing in).
  for (let i = 0; i < limits.addressThrottle; i++) {
    await ctx.lockout.recordFailure({ tenantId: DEFAULT_TENANT_ID, account: `probe${i}`, ip: THROTTLED_IP });
  }

  // Opens: one through the portal now, and a few written earlier in the week (one just before it).
  const app = await kit.app({ protocol: 'link', appUrl: 'https://landing.example.com/' });
  await kit.call('POST', 'blade-aps/appuser/submit', undefined, { appId: app.id, userId: adminId });
  await suite.admin.call('GET', '/api/blade-portal/client/app/open', { id: app.id });
  await openedAt(new Date(midnight(6).getTime() - 1), app.id);
  await openedAt(midnight(6), app.id);
  await openedAt(new Date(midnight(3).getTime() + DAY_MS / 2), app.id);

  // Grants: one ending in three days; one in ten days and one without an end are not "this week".
  const roleId = await kit.role(app.id, 'landing_temp');
  const later = await kit.role(app.id, 'landing_later');
  const forever = await kit.role(app.id, 'landing_forever');
  const inDays = (days: number) => formatDateTime(new Date(Date.now() + days * DAY_MS));
  await kit.grant(adminId, roleId, { expireTime: inDays(3) });
  await kit.grant(adminId, later, { expireTime: inDays(10) });
  await kit.grant(adminId, forever);

  // Requests: one waits for the administrator, one for a staff member who holds no menu.
  staff = await person(suite, { roleIds: [] });
  approver = await person(suite, { roleIds: [] });
  for (const approverId of [adminId, approver.id]) {
    const appRoleId = await roleApprovedBy(app.id, `ask_${approverId.slice(-6)}`, approverId);
    await staff.sdk.call('POST', '/api/blade-abs/appworkflowmatter/request', undefined, { appId: app.id, appRoleId, reason: '需要' });
  }
});

describe('the landing page summary', () => {
  it('answers the administrator every card with its figures and the screen it opens', async () => {
    const series = [6, 5, 4, 3, 2, 1, 0].map((back) => ({
      day: day(midnight(back)),
      count: back === 6 || back === 3 || back === 0 ? 1 : 0,
    }));
    expect(await summary(suite.admin)).toEqual([
      { key: 'approvals', count: 1, path: '/work/approvals' },
      { key: 'lockedAccounts', count: 1, sample: [LOCKED], path: '/system/user' },
      { key: 'throttledAddresses', count: 1, sample: [THROTTLED_IP], path: '/monitor/log/login' },
      { key: 'failedSignIns', count: (await suite.server.ctx.lockout.limits()).perAddress, path: '/monitor/log/login' },
      { key: 'appOpens', count: 3, series, path: '/aps/apploginlog' },
      { key: 'expiringGrants', count: 1, path: '/aps/userauthorizedrole' },
    ]);
  });

  it('answers a staff member without those menus none of the cards', async () => {
    expect(await summary(staff.sdk)).toEqual([]);
  });

  it('shows an approver without menus only their own waiting approvals', async () => {
    expect(await summary(approver.sdk)).toEqual([{ key: 'approvals', count: 1, path: '/work/approvals' }]);
  });

  it('shows a holder of the sign-in log its card, not the lockout cards that need the unlock button', async () => {
    const viewer = await createUserWithRole(suite.server, { account: 'log_viewer', menuCodes: ['log', 'log_login', 'log_login_view'] });
    expect(await summary(viewer.sdk)).toEqual([
      { key: 'failedSignIns', count: (await suite.server.ctx.lockout.limits()).perAddress, path: '/monitor/log/login' },
    ]);
  });

  it("counts another tenant's own figures only, and shows it no platform address card", async () => {
    const other = await createTenantWithAdmin(suite.server, '135790');
    const cards = await summary(other.sdk);
    expect(keys(cards)).toEqual(['approvals', 'lockedAccounts', 'failedSignIns', 'appOpens', 'expiringGrants']);
    expect(cards.map((card) => card.count)).toEqual([0, 0, 0, 0, 0]);
    expect(cards.find((card) => card.key === 'appOpens')?.series?.map((d) => d.count)).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });
});
