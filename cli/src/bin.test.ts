import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestServer, type TestServer } from '@sso/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const cliRoot = fileURLToPath(new URL('..', import.meta.url));
const bin = join(cliRoot, 'bin/sso.mjs');
let server: TestServer;
let dir: string;

beforeAll(async () => {
  // The test runs the built bundle: build it from the current sources first.
  await new Promise<void>((resolve, reject) =>
    execFile(join(cliRoot, 'node_modules/.bin/tsup'), { cwd: cliRoot }, (error) => (error ? reject(error) : resolve())),
  );
  server = await startTestServer();
  dir = mkdtempSync(join(tmpdir(), 'sso-bin-'));
}, 60_000);
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await server?.close();
});

function sso(args: string[], stdin = ''): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [bin, ...args],
      { env: { ...process.env, SSO_CONFIG_DIR: dir, SSO_KEYRING: 'off', SSO_URL: server.baseUrl } },
      (error, out, err) => resolve({ code: error ? Number(error.code) : 0, out, err }),
    );
    child.stdin?.end(stdin);
  });
}

describe('the sso bin', () => {
  it('exits 0, 1, 2 and 4 as documented', async () => {
    expect((await sso(['whoami'])).code).toBe(4);
    expect((await sso(['no-such-command'])).code).toBe(2);
    expect((await sso(['login', '--account', 'admin', '--password-stdin'], 'admin\n')).code).toBe(0);
    const who = await sso(['whoami']);
    expect(who).toMatchObject({ code: 0, out: expect.stringMatching(/^admin\t000000\t/) });
    const bad = await sso(['param', 'create', '--set', 'paramKey=x']);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('错误');
    expect((await sso(['param', 'delete', '1'])).code).toBe(2);
  }, 60_000);
});
