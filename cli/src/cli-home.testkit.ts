import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestServer } from '@sso/server/testing';
import { run } from './main.js';
import type { Output } from './output.js';
import type { Env } from './profiles.js';

interface RunResult {
  code: number;
  out: string;
  err: string;
  bytes: Uint8Array[];
}

/** A CLI "home" (its own config directory, no keychain) to run commands in, in process. */
export function cliHome(extra: Env = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'sso-cli-'));
  const env: Env = { SSO_CONFIG_DIR: dir, SSO_KEYRING: 'off', ...extra };
  const sso = async (argv: string[], io: { stdin?: string | Uint8Array; tty?: boolean; answer?: string } = {}): Promise<RunResult> => {
    const out: string[] = [];
    const err: string[] = [];
    const bytes: Uint8Array[] = [];
    const output: Output = {
      out: (t) => void out.push(t),
      err: (t) => void err.push(t),
      outBytes: (b) => void bytes.push(b),
      isTTY: io.tty ?? false,
      readStdin: async () => Buffer.from(io.stdin ?? ''),
      ...(io.answer !== undefined ? { prompt: async () => io.answer as string } : {}),
    };
    const code = await run(argv, output, env);
    return { code, out: out.join(''), err: err.join(''), bytes };
  };
  return { dir, env, sso, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A home signed in as admin on the server. */
export async function adminHome(server: TestServer) {
  const home = cliHome();
  const login = await home.sso(['login', '--url', server.baseUrl, '--account', 'admin', '--password-stdin'], { stdin: 'admin\n' });
  if (login.code !== 0) throw new Error(`login failed: ${login.err}`);
  return home;
}
