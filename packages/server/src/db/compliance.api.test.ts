import { COMPLIANCE_PARAMS } from '@sso/shared-api';
import { describe, expect, it } from 'vitest';
import { createTenant, useTestServer } from '../api-suite.testkit.js';
import { complianceOf, profileOn } from './compliance.js';
import { paramsThrough } from './params.js';

/**
 * One reader of the compliance profile: the same rule (the platform's `true` for every tenant,
 * else the tenant's own value) answers through the cached parameters and, for a check made inside
 * a transaction, through that transaction, which sees its own uncommitted writes.
 */
const suite = useTestServer();

describe('the compliance profile reader', () => {
  it('reads through the transaction given: its own uncommitted switch and limits, gone once rolled back', async () => {
    const { ctx } = suite.server;
    const tenantId = '620101';
    await createTenant(suite.server, tenantId);
    const rolledBack = new Error('rolled back on purpose');
    await expect(
      ctx.db.transaction().execute(async (trx) => {
        const inTrx = paramsThrough(trx);
        expect(await profileOn(inTrx, tenantId)).toBe(false);
        await ctx.params.setOwn(tenantId, { [COMPLIANCE_PARAMS.profile]: 'true', [COMPLIANCE_PARAMS.passwordExpiryDays]: '7' }, null, trx);
        expect(await profileOn(inTrx, tenantId)).toBe(true);
        expect(await complianceOf(inTrx, tenantId)).toMatchObject({ profile: true, forcedByPlatform: false, passwordExpiryDays: 7 });
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(await profileOn(ctx.params, tenantId)).toBe(false);
    expect(await complianceOf(ctx.params, tenantId)).toMatchObject({ profile: false, passwordExpiryDays: 0 });
  });

  it('answers the same through the cache and through a transaction when the platform forces the profile', async () => {
    const { ctx } = suite.server;
    const tenantId = '620102';
    await createTenant(suite.server, tenantId);
    await suite.admin.system.compliance.saveSettings({ forAllTenants: true });
    try {
      const cached = await complianceOf(ctx.params, tenantId);
      const through = await ctx.db.transaction().execute((trx) => complianceOf(paramsThrough(trx), tenantId));
      expect(cached).toMatchObject({ profile: true, forcedByPlatform: true });
      expect(through).toEqual(cached);
    } finally {
      await suite.admin.system.compliance.saveSettings({ forAllTenants: false });
    }
  });
});
