// The audit chain's cost per security event: the same events written bare (the baseline: the
// record the chain adds to), chained with SM3 (the default) and with SHA-256, each event one
// transaction as the server writes it, in the server's own code (bundled by the server's
// tsup.bench.config.ts). On PGlite (in this process) and on PostgreSQL when one answers.
// Target: the chain must not halve security-event throughput (chained ≥ 50 % of bare).
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { pnpm, root } from '../../scripts/pnpm.mjs';
import { scratchPostgres } from './users-page.mjs';

const EVENTS = Number(process.env.BENCH_AUDIT_EVENTS ?? 2000);

if (pnpm(['--filter', '@sso/server', 'exec', 'tsup', '--config', 'tsup.bench.config.ts', '--silent']) !== 0) process.exit(1);
const { measureAuditChain } = await import(join(root, 'packages/server/dist-bench/audit-chain.js'));

/** Per mode, the better of its rounds (the machine's noise only ever slows a round down). */
function best(figures) {
  const byMode = new Map();
  for (const figure of figures) {
    const seen = byMode.get(figure.mode);
    if (!seen || figure.perSecond > seen.perSecond) byMode.set(figure.mode, figure);
  }
  return byMode;
}

function report(label, figures) {
  const modes = best(figures);
  const bare = modes.get('bare');
  console.log(`${label}: ${EVENTS} security events per mode, load ${loadavg()[0].toFixed(1)}`);
  let met = true;
  for (const mode of ['bare', 'sm3', 'sha256']) {
    const figure = modes.get(mode);
    const share = figure.perSecond / bare.perSecond;
    if (mode !== 'bare' && share < 0.5) met = false;
    const extra =
      mode === 'bare'
        ? 'baseline'
        : `${(share * 100).toFixed(0)} % of bare, +${(figure.cpuMicrosPerEvent - bare.cpuMicrosPerEvent).toFixed(0)} µs CPU per event`;
    console.log(
      `  ${mode.padEnd(7)} ${figure.perSecond.toFixed(0).padStart(6)} events/s  ${figure.cpuMicrosPerEvent.toFixed(0).padStart(6)} µs CPU/event  (${extra})`,
    );
  }
  console.log(`  target (chained ≥ 50 % of bare): ${met ? 'met' : 'NOT met'}`);
  return met;
}

let ok = report('PGlite', await measureAuditChain({ events: EVENTS }));
const postgres = await scratchPostgres();
if (postgres) {
  try {
    ok = report('PostgreSQL (CPU of this process only)', await measureAuditChain({ events: EVENTS, databaseUrl: postgres.url })) && ok;
  } finally {
    await postgres.drop();
  }
} else {
  console.log('PostgreSQL: not reachable, skipped');
}
process.exit(ok ? 0 : 1);
