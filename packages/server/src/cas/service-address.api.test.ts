import { casServiceTaken } from '@sso/shared-api';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bad,
  createTenantWithAdmin,
  createUserWithRole,
  failure,
  signInAdmin,
  type TestUser,
  type TrackedClient,
  useTestServer,
} from '../api-suite.testkit.js';
import { createApp, grantApp, platform } from './sign-on.testkit.js';

/**
 * A CAS service names no application: within a tenant one service address belongs to one enabled
 * cas application (saving a second is refused), and of nested addresses the longest registered
 * one answers, whatever order the applications were registered in.
 */
const suite = useTestServer();
const ORIGIN = 'http://127.0.0.1:9';
let staff: TestUser;
let english: TrackedClient;

type Row = Record<string, unknown>;
const submit = (client: TrackedClient, body: Row) =>
  client.call('POST', '/api/blade-aps/app/submit', undefined, {
    appName: body.appCode,
    appType: '1',
    appCategory: '4',
    status: 1,
    ...body,
  }) as Promise<Row>;

/** The status of a ticket request for this service: 200 when the application answering it is granted to staff. */
const ticketStatus = async (service: string) =>
  (await platform(suite, 'POST', `/api/blade-auth/cas/ticket?service=${encodeURIComponent(service)}`, staff)).status;

beforeAll(async () => {
  staff = await createUserWithRole(suite.server, { account: 'service_staff' });
  english = await signInAdmin(suite.server, { language: 'en' });
});

describe('one enabled cas application per service address in a tenant', () => {
  it('refuses a second enabled cas application registering the same service address, naming the first, in both languages', async () => {
    const first = await submit(suite.admin, { appCode: 'svc_first', appName: '财务系统', protocol: 'cas', redirectUris: `${ORIGIN}/svc/` });
    for (const same of [`${ORIGIN}/svc/`, `${ORIGIN}/svc`, `${ORIGIN}/svc//?from=portal`]) {
      const body = { appCode: 'svc_second', appName: '第二个', protocol: 'cas', redirectUris: `${ORIGIN}/other,${same}` };
      expect(await failure(suite.admin, submit(suite.admin, body))).toEqual(bad(casServiceTaken(same, '财务系统', 'svc_first')));
    }
    const refusal = await failure(english, submit(english, { appCode: 'svc_second', protocol: 'cas', redirectUris: `${ORIGIN}/svc` }));
    expect(refusal).toEqual(
      bad(`The CAS service address ${ORIGIN}/svc is already registered by the enabled cas application 财务系统 (svc_first) of this tenant`),
    );
    // The application itself may be saved again with its own address.
    expect((await submit(suite.admin, { id: first.id, appName: '财务系统（新）' })).appName).toBe('财务系统（新）');
  });

  it('allows a nested address, a disabled application, another protocol and another tenant, and refuses enabling the duplicate', async () => {
    await submit(suite.admin, { appCode: 'svc_base', protocol: 'cas', redirectUris: `${ORIGIN}/base` });
    await submit(suite.admin, { appCode: 'svc_nested', protocol: 'cas', redirectUris: `${ORIGIN}/base/nested` });
    await submit(suite.admin, { appCode: 'svc_oidc', protocol: 'oidc', redirectUris: `${ORIGIN}/base` });
    const parked = await submit(suite.admin, { appCode: 'svc_parked', protocol: 'cas', redirectUris: `${ORIGIN}/base`, status: 0 });
    expect(await failure(suite.admin, submit(suite.admin, { id: parked.id, status: 1 }))).toEqual(
      bad(casServiceTaken(`${ORIGIN}/base`, 'svc_base', 'svc_base')),
    );
    const tenantAdmin = await createTenantWithAdmin(suite.server, '300300');
    await submit(tenantAdmin.sdk, { appCode: 'svc_base', protocol: 'cas', redirectUris: `${ORIGIN}/base` });
  });
});

describe('which cas application answers a service address', () => {
  it('is the one that registered the longest path covering it, whichever was registered first', async () => {
    // The shorter address registered first: it comes back first from the database.
    await createApp(suite, { appCode: 'erp_all', protocol: 'cas', redirectUris: `${ORIGIN}/erp` });
    const finance = await createApp(suite, { appCode: 'erp_finance', protocol: 'cas', redirectUris: `${ORIGIN}/erp/finance/` });
    const sales = await createApp(suite, { appCode: 'crm_sales', protocol: 'cas', redirectUris: `${ORIGIN}/crm/sales` });
    await createApp(suite, { appCode: 'crm_all', protocol: 'cas', redirectUris: `${ORIGIN}/crm/` });
    // Staff may open only the nested applications: a ticket for the outer one is refused (403).
    await grantApp(suite, finance, staff.id);
    await grantApp(suite, sales, staff.id);
    expect(await ticketStatus(`${ORIGIN}/erp/finance/report?id=1`)).toBe(200);
    expect(await ticketStatus(`${ORIGIN}/erp/finance`)).toBe(200);
    expect(await ticketStatus(`${ORIGIN}/crm/sales/orders`)).toBe(200);
    expect(await ticketStatus(`${ORIGIN}/erp/financeX`)).toBe(403);
    expect(await ticketStatus(`${ORIGIN}/erp/stock`)).toBe(403);
    expect(await ticketStatus(`${ORIGIN}/crm/`)).toBe(403);
    const issued = await suite.server.ctx.db.selectFrom('sso_app_ticket').select('appId').distinct().execute();
    expect(issued.map((row) => String(row.appId)).sort()).toEqual([finance, sales].sort());
  });
});
