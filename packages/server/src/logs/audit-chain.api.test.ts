import type { ChainVerdictAnswer } from '@sso/shared-api';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenantWithAdmin, failure, signIn, type TestUser, useTestServer } from '../api-suite.testkit.js';
import { purgeOldLogs } from './retention.js';

/**
 * The chain of security records: sign-ins and security events of each tenant are linked as they
 * are written, and verification finds the first record altered, removed or slipped in, for the
 * tenant's own administrators and the platform's; retention shortens the chain without breaking it.
 */
const suite = useTestServer();
const db = () => suite.server.ctx.db;

/** A tenant with an administrator who signed in a few more times (each sign-in is a chained record). */
async function tenantWithRecords(tenantId: string): Promise<TestUser> {
  const admin = await createTenantWithAdmin(suite.server, tenantId);
  for (let i = 0; i < 3; i++) await signIn(suite.server, { account: admin.account, password: admin.password, tenantId });
  return admin;
}

const loginRows = (tenantId: string) =>
  db().selectFrom('blade_log_login').select(['id', 'reason']).where('tenantId', '=', tenantId).orderBy('id').execute();
const verify = (admin: TestUser, tenantId?: string) =>
  admin.sdk.log.security.verify(tenantId ? { tenantId } : {}) as Promise<ChainVerdictAnswer>;

let platform: TestUser;

beforeAll(async () => {
  platform = { id: '', account: 'admin', password: 'admin', sdk: suite.admin } as TestUser;
});

describe('the chain of security records', () => {
  it('is intact as written, for every record of the tenant', async () => {
    const admin = await tenantWithRecords('610001');
    const answer = await verify(admin);
    expect(answer).toMatchObject({ intact: true, firstBroken: null });
    const records = Number(
      (await sql<{ n: string }>`select count(*) as n from blade_log_login where tenant_id = '610001'`.execute(db())).rows[0]?.n,
    );
    const events = Number(
      (
        await sql<{ n: string }>`select count(*) as n from blade_log_usual where tenant_id = '610001' and log_level = 'security'`.execute(
          db(),
        )
      ).rows[0]?.n,
    );
    expect(answer.checked).toBe(records + events);
    expect(records).toBeGreaterThanOrEqual(3);
  });

  it('names the first record altered', async () => {
    const admin = await tenantWithRecords('610002');
    const [, second] = await loginRows('610002');
    await db().updateTable('blade_log_login').set({ reason: 'nothing happened here' }).where('id', '=', String(second?.id)).execute();
    expect(await verify(admin)).toMatchObject({
      intact: false,
      firstBroken: { logTable: 'blade_log_login', logId: String(second?.id), problem: 'altered' },
    });
  });

  it('names a record removed, and one slipped in', async () => {
    const admin = await tenantWithRecords('610003');
    const [, second] = await loginRows('610003');
    await db().deleteFrom('blade_log_login').where('id', '=', String(second?.id)).execute();
    expect(await verify(admin)).toMatchObject({ intact: false, firstBroken: { logId: String(second?.id), problem: 'missing' } });

    const other = await tenantWithRecords('610004');
    const forged = '9000000000000000001';
    await sql`insert into blade_log_login (id, tenant_id, account, success, reason, remote_ip, create_time, update_time)
      values (${forged}, '610004', 'ghost', 1, 'ok', '10.0.0.1', now(), now())`.execute(db());
    expect(await verify(other)).toMatchObject({ intact: false, firstBroken: { logId: forged, problem: 'inserted', seq: null } });
  });

  it("is verified by the tenant's administrators for their own tenant, and by the platform's for any", async () => {
    const admin = await tenantWithRecords('610005');
    expect(await failure(admin.sdk, verify(admin, '000000'))).toMatchObject({ status: 403, code: 403 });
    expect((await verify(platform, '610005')).intact).toBe(true);
  });

  it('takes SHA-256 when the parameter says so, and verifies across the change', async () => {
    const admin = await tenantWithRecords('610006');
    const param = (await suite.admin.system.param.list({ paramKey: 'audit.chainDigest' })).records[0];
    if (param) await suite.admin.system.param.submit({ id: param.id, paramValue: 'sha256' });
    else await suite.admin.system.param.submit({ paramName: 'audit.chainDigest', paramKey: 'audit.chainDigest', paramValue: 'sha256' });
    await signIn(suite.server, { account: admin.account, password: admin.password, tenantId: '610006' });
    const digests = await db().selectFrom('blade_log_chain').select('digest').where('tenantId', '=', '610006').orderBy('seq').execute();
    expect(digests[0]?.digest).toBe('sm3');
    expect(digests.at(-1)?.digest).toBe('sha256');
    expect((await verify(admin)).intact).toBe(true);
  });

  it('stays intact when retention purges its oldest records', async () => {
    const admin = await tenantWithRecords('610007');
    const before = await verify(admin);
    // Retention as if a year had passed: every record goes, and so do their links.
    await purgeOldLogs(suite.server.ctx, new Date(Date.now() + 365 * 24 * 3600 * 1000));
    await signIn(suite.server, { account: admin.account, password: admin.password, tenantId: '610007' });
    const after = await verify(admin);
    expect(after.intact).toBe(true);
    expect(after.checked).toBeLessThan(before.checked);
    expect(after.checked).toBeGreaterThan(0);
  });
});
