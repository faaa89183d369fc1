// `npm test`: install, lint, build (type-checks every package), then run every suite — on
// PostgreSQL too when one answers. The last line is the totals: `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pnpm, root } from './pnpm.mjs';
import { build, EVERY_PACKAGE, install } from './setup.mjs';

const stages = [];
const stage = (name, ok) => {
  stages.push({ name, ok });
  console.log(`[test] ${name}: ${ok ? 'ok' : 'FAILED'}`);
  return ok;
};

function finish() {
  let passed = stages.filter((s) => s.ok).length;
  let failed = stages.length - passed;
  try {
    const report = JSON.parse(readFileSync(join(root, '.stamps', 'vitest.json'), 'utf8'));
    passed += report.numPassedTests;
    // A file that failed without a failing test (an import error, a failing hook) counts once.
    const brokenFiles = report.testResults.filter((r) => r.status === 'failed' && !r.assertionResults.some((a) => a.status === 'failed'));
    failed += report.numFailedTests + brokenFiles.length;
  } catch {
    // vitest did not run or wrote no report: its stage is already counted as failed
  }
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

/** PostgreSQL for the second API run: SSO_TEST_PG_URL, or the local server if it answers. */
async function findPostgres() {
  const url = process.env.SSO_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const pg = createRequire(join(root, 'packages/server/package.json'))('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return url;
  } catch (error) {
    console.log(`[test] PostgreSQL not reachable at ${url.replace(/:[^:@/]*@/, ':***@')}: ${error.message}`);
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}

if (!stage('install', install())) finish();
stage('lint', pnpm(['exec', 'biome', 'check', '.']) === 0);
if (!stage('build', build(EVERY_PACKAGE))) finish();

// CI runs the suites on Node 22 and names the machine's older Node here: start and sign in on it too.
if (process.env.SSO_SMOKE_NODE) {
  const smoke = spawnSync(process.env.SSO_SMOKE_NODE, [join(root, 'scripts/smoke.mjs')], { stdio: 'inherit', cwd: root });
  stage("start and sign in on the machine's Node", smoke.status === 0);
}

const postgres = await findPostgres();
if (!postgres && process.env.CI) stage('postgresql available in CI', false);
rmSync(join(root, '.stamps', 'vitest.json'), { force: true });
const env = { ...process.env, ...(postgres ? { SSO_TEST_PG_URL: postgres } : {}) };
pnpm(['exec', 'vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=.stamps/vitest.json'], { env });
finish();
