import { sql } from 'kysely';
import { openDatabase } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { ResourceCache } from '../kernel/cache.js';
import { testConfig } from '../kernel/config.js';
import { IdGenerator } from '../kernel/ids.js';
import { usualSpec } from './log-rows.js';
import { insertRecords, SecurityAudit } from './security-audit.js';
import { eventData, originFields, type SecurityEvent } from './security-events.js';
import { serverInfo } from './server-info.js';

/**
 * The audit chain's cost per security event, in the server's own code (bundled for
 * tests/bench/audit-chain.mjs by tsup.bench.config.ts; not part of the server's bundle). On one
 * migrated database, the same events are written three ways, each event one statement as
 * `SecurityAudit.record` writes it: the bare record (the write the chain adds to, the baseline),
 * chained with SM3 (the default) and chained with SHA-256. CPU is this process's (PGlite runs
 * inside it; on PostgreSQL the database's own CPU is not counted, the wall time is).
 */
export interface ChainFigures {
  mode: 'bare' | 'sm3' | 'sha256';
  events: number;
  perSecond: number;
  cpuMicrosPerEvent: number;
}

const TENANTS = ['000000', '100001', '100002', '100003'];

const eventOf = (n: number): SecurityEvent => ({
  type: 'user.update',
  outcome: 'success',
  actor: { tenant_id: TENANTS[n % TENANTS.length] as string, user_id: '1123598821738675201', account: 'admin' } as SecurityEvent['actor'],
  targets: [{ kind: 'user', id: String(1_900_000_000_000_000_000n + BigInt(n)), name: `bench${n}` }],
  ip: '10.0.0.1',
  detail: { fields: ['realName', 'phone'] },
});

export async function measureAuditChain(options: { events: number; databaseUrl?: string }): Promise<ChainFigures[]> {
  const config = testConfig(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {});
  const database = await openDatabase(config);
  try {
    await migrate(database.db);
    const db = database.db;
    const ids = new IdGenerator(1);
    const cache = new ResourceCache(60_000);
    const audit = new SecurityAudit(db, ids, cache);
    const spec = usualSpec(serverInfo());
    const bare = async (event: SecurityEvent) => {
      const rows = event.targets.map((target) =>
        spec.values({ request: originFields(event), level: 'security', id: event.type, data: eventData(event, target) }),
      );
      await insertRecords(db, ids, spec, rows);
    };
    const setDigest = async (digest: string) => {
      await sql`insert into blade_param (id, tenant_id, param_name, param_key, param_value, is_deleted)
          values (1990000000000000001, '000000', 'bench', 'audit.chainDigest', ${digest}, 0)
          on conflict (id) do update set param_value = excluded.param_value`.execute(db);
      cache.invalidate('blade_param');
    };
    const run = async (mode: ChainFigures['mode'], write: (event: SecurityEvent) => Promise<void>) => {
      // A few events first, so that no mode pays for warming the code the others then reuse.
      for (let n = 0; n < 50; n++) await write(eventOf(n));
      const cpu = process.cpuUsage();
      const began = performance.now();
      for (let n = 0; n < options.events; n++) await write(eventOf(n));
      const seconds = (performance.now() - began) / 1000;
      const used = process.cpuUsage(cpu);
      return {
        mode,
        events: options.events,
        perSecond: options.events / seconds,
        cpuMicrosPerEvent: (used.user + used.system) / options.events,
      };
    };
    const figures: ChainFigures[] = [];
    // Alternated twice so that a machine busier in one part of the run does not favour one mode.
    for (let round = 0; round < 2; round++) {
      figures.push(await run('bare', bare));
      await setDigest('sm3');
      figures.push(await run('sm3', (event) => audit.record(event)));
      await setDigest('sha256');
      figures.push(await run('sha256', (event) => audit.record(event)));
    }
    return figures;
  } finally {
    await database.close();
  }
}
