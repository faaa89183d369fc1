import { describe, expect, it } from 'vitest';
import { useTestServer } from '../api-suite.testkit.js';
import { IdGenerator } from '../kernel/ids.js';
import { CHAINED_TABLES, recordsAsStored, verifyChain } from './audit-chain.js';
import { COMMON_CONSTANTS } from './log-recorder.js';
import { signInSpec, usualSpec } from './log-rows.js';
import { SecurityAudit } from './security-audit.js';
import type { SecurityEvent } from './security-events.js';
import { serverInfo } from './server-info.js';

/**
 * A record's link is made before the record is stored, from the record as the writer expects the
 * database to hold it (recordsAsStored): every column of the chained tables, and values as they
 * come back (a lone surrogate as U+FFFD, whole numbers canonical). A column added to a chained
 * table, or a value stored otherwise, would make every new record read as altered: this says so first.
 */
const suite = useTestServer();
const TENANT = '630001';

const oddText = `quote " backslash \\ brace {} comma , emoji 😀 lone \ud800 tab \t newline \n 中文`;

describe('the record a link vouches for', () => {
  it('is the record stored, whatever its text', async () => {
    const { db, cache } = suite.server.ctx;
    const audit = new SecurityAudit(db, new IdGenerator(23), cache);
    await audit.signIn({ tenantId: TENANT, account: 'odd😀\ud800', success: false, reason: oddText, ip: '10.0.0.3', userAgent: oddText });
    await audit.signIn({ tenantId: TENANT, account: 'plain', success: true, reason: 'ok', ip: '10.0.0.3' });
    const event: SecurityEvent = {
      type: 'user.update',
      outcome: 'success',
      actor: { tenant_id: TENANT, user_id: '1123598821738675201', account: 'admin' } as SecurityEvent['actor'],
      targets: [
        { kind: 'user', id: '1800000000000000001', name: oddText },
        { kind: 'user', id: '1800000000000000002', name: 'second' },
      ],
      ip: '10.0.0.3',
      detail: { text: oddText },
    };
    await audit.record(event);
    expect(await verifyChain(db, TENANT)).toEqual({ intact: true, checked: 4, firstBroken: null });
  });
  it('names every column of each chained table, as its writer fills it', async () => {
    const { db } = suite.server.ctx;
    const specs = { blade_log_usual: usualSpec(serverInfo()), blade_log_login: signInSpec(() => undefined) };
    for (const table of CHAINED_TABLES) {
      const spec = specs[table];
      const stored = await db.selectFrom(table).selectAll().where('tenantId', '=', TENANT).limit(1).executeTakeFirstOrThrow();
      const [expected] = recordsAsStored({
        table,
        tenantId: TENANT,
        columns: spec.columns,
        constants: { ...COMMON_CONSTANTS, ...spec.constants },
        batch: { firstId: 1n, at: [Date.now()], columns: spec.columns.map(() => [null]) },
      });
      expect(Object.keys(expected ?? {}).sort(), table).toEqual(Object.keys(stored).sort());
    }
  });
});
