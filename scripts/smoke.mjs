// A short start-and-sign-in check on whichever Node runs this script: start the built server on a
// fresh embedded database, sign in with the built `sso` command line, list users, stop.
// CI runs the suites on the newest supported Node and this on the machine's own, so that both
// supported runtimes are exercised without running every suite twice.
// Usage: node scripts/smoke.mjs   (after a build; prints one line and exits 0, or explains and exits 1)
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './pnpm.mjs';

const START_LIMIT_MS = 120_000;

/** A port nobody listens on now, chosen by the system. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Resolves when /ready answers 200; rejects when the server exits or the limit passes. */
async function waitUntilReady(baseUrl, server) {
  let exited = false;
  server.once('exit', () => {
    exited = true;
  });
  const deadline = Date.now() + START_LIMIT_MS;
  while (Date.now() < deadline) {
    if (exited) throw new Error('the server exited during start-up');
    const answer = await fetch(`${baseUrl}/ready`).catch(() => undefined);
    if (answer?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server was not ready within ${START_LIMIT_MS / 1000} s`);
}

function sso(args, home, input) {
  const run = spawnSync(process.execPath, [join(root, 'cli/dist/bin.js'), ...args], {
    input,
    encoding: 'utf8',
    env: { ...process.env, SSO_CONFIG_DIR: join(home, 'cli'), SSO_KEYRING: 'off' },
  });
  if (run.status !== 0) throw new Error(`sso ${args.join(' ')} exited ${run.status}: ${run.stderr || run.stdout}`);
  return run.stdout;
}

const scratch = mkdtempSync(join(tmpdir(), 'sso-smoke-'));
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const password = `Smoke-${process.pid}-${Date.now()}`;
const log = [];
const server = spawn(process.execPath, [join(root, 'packages/server/dist/main.js')], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    SSO_DATA_DIR: join(scratch, 'data'),
    DATABASE_URL: '',
    // An initial password set by the operator is not a first-sign-in password to be changed.
    SSO_ADMIN_PASSWORD: password,
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
for (const stream of [server.stdout, server.stderr]) stream.on('data', (chunk) => log.push(chunk));

let failure;
try {
  await waitUntilReady(baseUrl, server);
  sso(['login', '--url', baseUrl, '--tenant', '000000', '--account', 'admin', '--password-stdin'], scratch, `${password}\n`);
  const users = sso(['user', 'list', '--json'], scratch);
  if (!users.includes('"admin"')) throw new Error(`the user list does not name admin: ${users.slice(0, 200)}`);
} catch (error) {
  failure = error;
} finally {
  server.kill('SIGTERM');
  rmSync(scratch, { recursive: true, force: true });
}

if (failure) {
  console.error(`[smoke] Node ${process.versions.node}: ${failure.message}`);
  console.error(Buffer.concat(log).toString('utf8').split('\n').slice(-20).join('\n'));
  process.exit(1);
}
console.log(`[smoke] Node ${process.versions.node}: the server started, admin signed in with sso, the user list answered`);
