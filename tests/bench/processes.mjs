// What the bench scripts share: starting and stopping server processes, the saber client's
// credentials, the admin's password grant and a process's CPU time.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';

export const basic = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
export const md5 = (text) => createHash('md5').update(text).digest('hex');

const children = [];
process.on('exit', () => {
  for (const child of children) child.kill();
});

/** Starts `script` with `env` added to this process's environment and waits until `url` answers. */
export async function startServerProcess(script, env, url, nodeArgs = []) {
  const child = spawn(process.execPath, [...nodeArgs, script], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  for (let i = 0; i < 300; i++) {
    if ((await fetch(url).catch(() => undefined))?.ok) return child;
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error(`${script} did not start`);
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
