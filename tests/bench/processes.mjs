// What the bench scripts share: starting and stopping server processes, the saber client's
// credentials, the admin's password grant and a process's CPU time.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { SERVER_ENV_DEFAULTS, SERVER_NODE_ARGS } from '../../scripts/server-launch.mjs';

export const basic = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
export const md5 = (text) => createHash('md5').update(text).digest('hex');

const children = [];
process.on('exit', () => {
  for (const child of children) child.kill();
});

/**
 * Starts `script` with `env` added to this process's environment and waits until `url` answers.
 * `defaults` are settings this process's environment may override.
 */
export async function startServerProcess(script, env, url, nodeArgs = [], defaults = {}) {
  const child = spawn(process.execPath, [...nodeArgs, script], {
    env: { ...defaults, ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  // Up to 5 minutes: migrating a new PGlite on a loaded machine is slow. Only this child's answer
  // counts (another program on the port would fail it at listen).
  for (const until = Date.now() + 300_000; Date.now() < until && child.exitCode === null; ) {
    if ((await fetch(url).catch(() => undefined))?.ok && child.exitCode === null) return child;
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error(`${script} did not start`);
}

/**
 * Starts a build of the platform server (`script`, its dist/main.js) as `npm start` runs it: its
 * node flags and malloc settings, so the figures are those of the server as it is run.
 */
export function startPlatformServer(script, env, url, nodeArgs = []) {
  return startServerProcess(script, env, url, [...SERVER_NODE_ARGS, ...nodeArgs], SERVER_ENV_DEFAULTS);
}

/** Stops a server gracefully (it writes what its logs hold) and waits for it to exit. */
export async function stopProcess(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** The token answer of admin/admin's password grant (bench servers start with SSO_ADMIN_PASSWORD=admin). */
export async function adminGrant(base) {
  const query = new URLSearchParams({
    grant_type: 'password',
    scope: 'all',
    tenantId: '000000',
    username: 'admin',
    password: md5('admin'),
  });
  const response = await fetch(`${base}/api/blade-auth/oauth/token?${query}`, { method: 'POST', headers: { authorization: basic } });
  const body = await response.json();
  if (!body.access_token) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body;
}

/** CPU seconds the process has used so far (user + system), from /proc. */
export async function cpuSeconds(pid) {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
