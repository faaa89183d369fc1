// `npm run bench`: build the server if needed, then run the benchmark script.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from './pnpm.mjs';
import { build, install } from './setup.mjs';

if (!install() || !build(['server', 'cli', 'tui'])) process.exit(1);
const result = spawnSync(process.execPath, [join(root, 'tests/bench/run.mjs')], { stdio: 'inherit', cwd: root });
// The terminal console's start-up and paging (tests/bench/tui.mjs; needs tmux).
console.log('\nTerminal console (sso-tui in tmux, PGlite)');
const tui = spawnSync(process.execPath, [join(root, 'tests/bench/tui.mjs')], { stdio: 'inherit', cwd: root });
// Mobile application statistics over 1,000,000 start logs (tests/bench/appstats.mjs; PostgreSQL).
console.log('\nMobile application statistics: 1,000,000 start logs, 100,000 downloads (PostgreSQL)');
const appStats = spawnSync(process.execPath, [join(root, 'tests/bench/appstats.mjs')], { stdio: 'inherit', cwd: root });
// Permission answers applications read, from cache (tests/bench/permissions.mjs; PGlite).
console.log('\nPermission answers (client/permissions, PGlite)');
const permissions = spawnSync(process.execPath, [join(root, 'tests/bench/permissions.mjs')], { stdio: 'inherit', cwd: root });
// The leave process carried to the end by 20 clients (tests/bench/flow-leave.mjs; PostgreSQL).
console.log('\nWorkflow: 1,000 leave instances by 20 concurrent clients, history of 50 steps (PostgreSQL)');
const flow = spawnSync(process.execPath, [join(root, 'tests/bench/flow-leave.mjs')], { stdio: 'inherit', cwd: root });
// Directory sync of 50,000 people and 3,000 departments from a local slapd, and directory-password sign-ins (tests/bench/sync.mjs; PGlite).
console.log(
  '\nDirectory sync: 50,000 people, 3,000 departments from a local slapd; directory-password sign-ins beside the platform password (PGlite)',
);
const sync = spawnSync(process.execPath, [join(root, 'tests/bench/sync.mjs')], { stdio: 'inherit', cwd: root });
// The audit chain's cost per security event, in-process (tests/bench/audit-chain.mjs; PGlite and PostgreSQL).
console.log('\nAudit chain: security events written bare, chained with SM3 and with SHA-256');
const chain = spawnSync(process.execPath, [join(root, 'tests/bench/audit-chain.mjs')], { stdio: 'inherit', cwd: root });
process.exit(
  (result.status ?? 1) ||
    (chain.status ?? 1) ||
    (tui.status ?? 1) ||
    (appStats.status ?? 1) ||
    (permissions.status ?? 1) ||
    (flow.status ?? 1) ||
    (sync.status ?? 1),
);
