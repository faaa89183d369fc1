import { describe, expect, it } from 'vitest';
import { useTestServer } from '../api-suite.testkit.js';
import { IdGenerator } from '../kernel/ids.js';
import { verifyChain } from './audit-chain.js';
import { SecurityAudit } from './security-audit.js';
import type { SecurityEvent } from './security-events.js';

/**
 * Writers of one tenant at the same time (on PostgreSQL each in its own connection, as two nodes
 * of a cluster are) must not fork its chain: each moves the tenant's head in its record's insert
 * only from the head it believes, and one that believed wrong locks the head, reads it and writes
 * again, so every record gets its own link, in one unbroken sequence.
 */
const suite = useTestServer();

const TENANT = '620001';
const eventOf = (n: number): SecurityEvent => ({
  type: 'user.update',
  outcome: 'success',
  actor: { tenant_id: TENANT, user_id: '1123598821738675201', account: 'admin' } as SecurityEvent['actor'],
  targets: [{ kind: 'user', id: String(1_800_000_000_000_000_000n + BigInt(n)), name: `writer${n}` }],
  ip: '10.0.0.2',
  detail: { n },
});

describe('concurrent writers of one tenant', () => {
  it('leave one intact chain with a link per record, whether the event is its own transaction or the caller’s', async () => {
    const { db, cache } = suite.server.ctx;
    // Two writers with their own id ranges, as two nodes have.
    const writers = [new SecurityAudit(db, new IdGenerator(21), cache), new SecurityAudit(db, new IdGenerator(22), cache)];
    const writes = Array.from({ length: 40 }, (_, n) => {
      const writer = writers[n % 2] as SecurityAudit;
      return n % 4 === 3 ? db.transaction().execute((trx) => writer.write(trx, eventOf(n))) : writer.record(eventOf(n));
    });
    await Promise.all(writes);

    const links = await db.selectFrom('blade_log_chain').select(['seq']).where('tenantId', '=', TENANT).orderBy('seq').execute();
    expect(links.map((link) => Number(link.seq))).toEqual(Array.from({ length: 40 }, (_, n) => n + 1));
    expect(await verifyChain(db, TENANT)).toEqual({ intact: true, checked: 40, firstBroken: null });
  });

  it('link after a write whose transaction rolled back (the writer believed a head that never was)', async () => {
    const { db, cache } = suite.server.ctx;
    const writer = new SecurityAudit(db, new IdGenerator(24), cache);
    const tenant = { ...eventOf(100), actor: { ...eventOf(100).actor, tenant_id: '620002' } } as SecurityEvent;
    await writer.record(tenant);
    const undone = db.transaction().execute(async (trx) => {
      await writer.write(trx, tenant);
      throw new Error('the change failed');
    });
    await expect(undone).rejects.toThrow('the change failed');
    await writer.record(tenant);
    const links = await db.selectFrom('blade_log_chain').select(['seq']).where('tenantId', '=', '620002').orderBy('seq').execute();
    expect(links.map((link) => Number(link.seq))).toEqual([1, 2]);
    expect(await verifyChain(db, '620002')).toEqual({ intact: true, checked: 2, firstBroken: null });
  });
});
