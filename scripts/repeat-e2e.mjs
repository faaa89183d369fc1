// `node scripts/repeat-e2e.mjs [count] [vitest filters…]`: runs the browser suites (tests/e2e)
// `count` times in a row (default 5) against the built web app, and prints for each run whether
// it passed and how long it took. A suite that fails once in N runs is a defect to fix, not to
// retry. Build first (npm test does): `node scripts/pnpm.mjs --filter @sso/web build`.
import { existsSync, readFileSync } from 'node:fs';
import { pnpm } from './pnpm.mjs';

const [countArg, ...filters] = process.argv.slice(2);
const count = Number(countArg ?? 5);
if (!Number.isInteger(count) || count < 1) {
  console.error('usage: node scripts/repeat-e2e.mjs [count] [vitest filters…]');
  process.exit(2);
}

// Without Chromium every browser suite skips itself, and five skipped runs would read as five
// passes: refuse to count them.
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromiumPath)) {
  console.error(`no chromium at ${chromiumPath}: apt-get install -y chromium fonts-wqy-zenhei (the suites would only skip)`);
  process.exit(2);
}

// Ensure pnpm is there before the clock starts.
pnpm(['--version'], { stdio: 'ignore' });
const results = [];
for (let run = 1; run <= count; run++) {
  const started = Date.now();
  const status = pnpm(['exec', 'vitest', 'run', '--project', 'tests', ...(filters.length ? filters : ['tests/e2e'])]);
  const seconds = Math.round((Date.now() - started) / 1000);
  results.push({ run, ok: status === 0, seconds });
  console.log(`[repeat-e2e] run ${run}/${count}: ${status === 0 ? 'passed' : 'FAILED'} in ${seconds} s`);
}

const load = readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
console.log('[repeat-e2e] summary');
for (const { run, ok, seconds } of results) console.log(`  run ${run}: ${ok ? 'passed' : 'FAILED'} ${seconds} s`);
const failed = results.filter((r) => !r.ok).length;
console.log(`[repeat-e2e] ${count - failed}/${count} passed (load average at the end: ${load})`);
process.exit(failed ? 1 : 0);
