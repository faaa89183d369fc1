import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../interop/net.testkit.js';

/**
 * A first start on a new embedded database directory prepares the database (initdb, migrations,
 * seed) in a separate, short-lived process, so that the memory that preparation grows leaves with
 * it; a restart on the same directory opens it in its own process. Both serve sign-ins.
 */
const repo = join(import.meta.dirname, '..', '..');
const dataDir = mkdtempSync(join(tmpdir(), 'sso-first-start-'));
const PASSWORD = 'First@2026!';
let server: ChildProcess | undefined;

/** Starts the built server on the directory and answers its output up to the ready line. */
async function start(port: number): Promise<string> {
  server = spawn(process.execPath, ['--expose-gc', join(repo, 'packages/server/dist/main.js')], {
    cwd: repo,
    env: { ...process.env, PORT: String(port), SSO_DATA_DIR: dataDir, SSO_ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: 'info' },
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const take = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('SSO platform ready')) resolve(output);
    };
    server?.stdout?.on('data', take);
    server?.stderr?.on('data', take);
    server?.on('exit', (code) => reject(new Error(`the server ended (${code}) before it was ready:\n${output}`)));
  });
}

async function stop(): Promise<void> {
  const running = server;
  if (!running || running.exitCode !== null) return;
  await new Promise((resolve) => {
    running.once('exit', resolve);
    running.kill('SIGTERM');
  });
}

async function signInStatus(port: number): Promise<number> {
  const query = new URLSearchParams({
    tenantId: '000000',
    username: 'admin',
    password: createHash('md5').update(PASSWORD).digest('hex'),
    grant_type: 'password',
  });
  const response = await fetch(`http://127.0.0.1:${port}/api/blade-auth/oauth/token?${query}`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`, 'tenant-id': '000000' },
  });
  const body = (await response.json()) as { access_token?: string };
  return body.access_token ? response.status : 0;
}

afterAll(async () => {
  await stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the embedded database on a first start', () => {
  it('is prepared by a separate process, then served; a restart opens it in its own', async () => {
    const first = await freePort();
    expect(await start(first)).toContain('new embedded database prepared by a separate process');
    expect(await signInStatus(first)).toBe(200);
    await stop();

    const again = await freePort();
    expect(await start(again)).not.toContain('prepared by a separate process');
    expect(await signInStatus(again)).toBe(200);
  });
});
