import { type ChainVerdictAnswer, DEFAULT_TENANT_ID, PLATFORM_ROLES } from '@sso/shared-api';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  createRole,
  createTenantWithAdmin,
  createUser,
  signIn,
  TEST_PASSWORD,
  type TestUser,
  useTestServer,
} from '../api-suite.testkit.js';
import { verifyExport } from '../resources/security-log/signed-export.js';
import { purgeOldLogs } from './retention.js';

/**
 * The logs under 三员分立 and the compliance profile: the audit administrator's reading is itself
 * a security event the other administrators read; a tenant under the profile keeps 180 days of
 * records whatever the retention parameter says, its chain intact.
 */
const suite = useTestServer();
const db = () => suite.server.ctx.db;
const DAY_MS = 24 * 3600 * 1000;
const roleWith = (menuCodes: string[]) => createRole(suite.server, { alias: `sy_${menuCodes.join('_')}`, menuCodes });

const loginCount = async (tenantId: string) =>
  Number((await sql<{ n: string }>`select count(*) as n from blade_log_login where tenant_id = ${tenantId}`.execute(db())).rows[0]?.n);

async function tenantWithSignIns(tenantId: string): Promise<TestUser> {
  const admin = await createTenantWithAdmin(suite.server, tenantId);
  for (let i = 0; i < 2; i++) await signIn(suite.server, { account: admin.account, password: admin.password, tenantId });
  return admin;
}

describe('the audit administrator reading logs', () => {
  it('leaves a log.read security event the platform administrator reads; others reading leave none', async () => {
    const audit = await db()
      .selectFrom('blade_role')
      .select('id')
      .where('tenantId', '=', DEFAULT_TENANT_ID)
      .where('roleAlias', '=', PLATFORM_ROLES.audit.alias)
      .executeTakeFirstOrThrow();
    await createUser(suite.server, { account: 'sy_auditor', roleId: audit.id });
    const auditor = await signIn(suite.server, { account: 'sy_auditor', password: TEST_PASSWORD });
    await auditor.log.login.page({ account: 'admin' });
    await auditor.log.security.verify({});

    const reads = await suite.admin.log.usual.page({ logId: 'log.read', createBy: 'sy_auditor', size: 100 });
    const paths = reads.records.map((row) => JSON.parse(String(row.logData)).target.name);
    expect(paths).toContain('/api/blade-log/login/page');
    expect(paths).toContain('/api/blade-log/security/verify');
    expect(reads.records.every((row) => row.logLevel === 'security')).toBe(true);

    // The security administrator, who holds no log screen, audits the auditor.
    const security = await db()
      .selectFrom('blade_role')
      .select('id')
      .where('tenantId', '=', DEFAULT_TENANT_ID)
      .where('roleAlias', '=', PLATFORM_ROLES.security.alias)
      .executeTakeFirstOrThrow();
    await createUser(suite.server, { account: 'sy_security', roleId: security.id });
    const securityAdmin = await signIn(suite.server, { account: 'sy_security', password: TEST_PASSWORD });
    const seen = await securityAdmin.log.security.auditorReads({});
    expect(seen.filter((read) => read.account === 'sy_auditor').map((read) => read.path)).toEqual(
      expect.arrayContaining(['/api/blade-log/login/page', '/api/blade-log/security/verify']),
    );

    // The platform administrator's own reading (above) is no such event.
    const byAdmin = await suite.admin.log.usual.page({ logId: 'log.read', createBy: 'admin' });
    expect(byAdmin.total).toBe(0);
  });
});

describe('retention under the compliance profile', () => {
  it('keeps a profiled tenant 180 days of records, purges the others at log.retentionDays, chains intact', async () => {
    const kept = await tenantWithSignIns('620001');
    const plain = await tenantWithSignIns('620002');
    await kept.sdk.system.compliance.saveSettings({ profile: true });
    const keptBefore = await loginCount('620001');
    expect(keptBefore).toBeGreaterThan(0);

    // 100 days on: past the default 90 days, within the floor.
    await purgeOldLogs(suite.server.ctx, new Date(Date.now() + 100 * DAY_MS));
    expect(await loginCount('620002')).toBe(0);
    expect(await loginCount('620001')).toBe(keptBefore);
    const verdict = (await kept.sdk.log.security.verify({})) as ChainVerdictAnswer;
    expect(verdict).toMatchObject({ intact: true, firstBroken: null });
    expect(((await plain.sdk.log.security.verify({})) as ChainVerdictAnswer).intact).toBe(true);

    // 200 days on: past the floor too.
    await purgeOldLogs(suite.server.ctx, new Date(Date.now() + 200 * DAY_MS));
    expect(await loginCount('620001')).toBe(0);
    await signIn(suite.server, { account: kept.account, password: kept.password, tenantId: '620001' });
    expect(((await kept.sdk.log.security.verify({})) as ChainVerdictAnswer).intact).toBe(true);
  });
});

describe('signed log exports', () => {
  const download = async (query: string, token = suite.admin.session?.token.access_token) =>
    fetch(`${suite.server.baseUrl}/api/blade-log/security/export?${query}`, { headers: { 'Blade-Auth': `bearer ${token}` } });
  const publicKey = async () =>
    ((await (await fetch(`${suite.server.baseUrl}/api/blade-auth/sm2/public-key`)).json()) as { data: string }).data;

  it('carries an SM3 digest and an SM2 signature that verify, and fail once a byte changes', async () => {
    const answer = await download('log=login');
    expect(answer.status).toBe(200);
    const file = new Uint8Array(await answer.arrayBuffer());
    const digest = String(answer.headers.get('x-export-digest'));
    const signature = String(answer.headers.get('x-export-signature'));
    expect(digest).toMatch(/^sm3:[0-9a-f]{64}$/);
    expect(signature).toMatch(/^sm3:30[0-9a-f]+$/);
    const key = await publicKey();
    expect(verifyExport(file, signature, key)).toBe(true);
    const altered = file.slice();
    altered[altered.length >> 1] ^= 1;
    expect(verifyExport(altered, signature, key)).toBe(false);
    expect(
      verifyExport(
        file,
        signature.replace(/.$/, (c) => (c === '0' ? '1' : '0')),
        key,
      ),
    ).toBe(false);
  });

  it('digests with SHA-256 when audit.chainDigest says so; refuses a bad log name or a log the caller cannot read', async () => {
    await suite.admin.system.param.submit({ paramName: 'audit.chainDigest', paramKey: 'audit.chainDigest', paramValue: 'sha256' });
    const answer = await download('log=usual&from=2020-01-01');
    const file = new Uint8Array(await answer.arrayBuffer());
    const signature = String(answer.headers.get('x-export-signature'));
    expect(answer.headers.get('x-export-digest')).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(verifyExport(file, signature, await publicKey())).toBe(true);

    expect((await download('log=secret')).status).toBe(400);
    expect((await download('log=usual&from=2026-02-30')).status).toBe(400);
    await createUser(suite.server, { account: 'sy_api_reader', roleId: await roleWith(['log_api']) });
    const apiReader = await signIn(suite.server, { account: 'sy_api_reader', password: TEST_PASSWORD });
    expect((await download('log=login', apiReader.session?.token.access_token)).status).toBe(403);
    expect((await download('log=api', apiReader.session?.token.access_token)).status).toBe(200);
  });
});
