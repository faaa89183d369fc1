import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgAdminUrl, pgAnswers } from './cluster/cluster-nodes.js';

/**
 * A setting that cannot work stops the server with one line naming the variable (exit code 2),
 * never a stack trace: what an operator reads in the first hour.
 */
const serverDir = fileURLToPath(new URL('..', import.meta.url));
/** The built server, as operators run it (`npm test` builds it before the suites run). */
const entry = join(serverDir, 'dist', 'main.js');
const built = existsSync(entry);
if (!built) console.warn(`start-up failure suite skipped: ${entry} is not built`);
const postgresAnswers = await pgAnswers();
let taken: Server;
let takenPort: number;

beforeAll(async () => {
  taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  takenPort = (taken.address() as { port: number }).port;
});
/** Servers started and not yet exited: a test that timed out leaves its child running (under load it
 * may start only after the taken port was freed), so the suite ends them all. */
const running = new Set<ReturnType<typeof spawn>>();
afterAll(async () => {
  for (const child of running) child.kill('SIGKILL');
  await new Promise((resolve) => taken.close(resolve));
});

/** Runs the server's entry with these settings until it exits: its exit code and what it wrote to stderr. */
function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const base = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', LOG_LEVEL: 'silent', SSO_ADMIN_PASSWORD: 'Start@2024' };
  const child = spawn(process.execPath, [entry], {
    cwd: serverDir,
    env: { ...base, SSO_DATA_DIR: 'memory://', ...env },
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve) =>
    child.on('exit', (code) => resolve({ code, stderr: stderr.replace(/^.*Unsupported runtime.*\n/gm, '') })),
  );
}

const oneLine = (text: string) => text.trim().split('\n');

describe.skipIf(!built && !process.env.CI).concurrent('a setting that cannot work', () => {
  it('PORT in use', async () => {
    const { code, stderr } = await start({ PORT: String(takenPort) });
    expect(code).toBe(2);
    expect(oneLine(stderr)).toEqual([`PORT=${takenPort}: the port is already in use on 127.0.0.1`]);
  });

  it('a malformed PORT, in English', async () => {
    const { code, stderr } = await start({ PORT: 'eighty' });
    expect(code).toBe(2);
    expect(stderr).toContain('PORT="eighty": Invalid input');
  });

  it('DATABASE_URL that does not answer', async () => {
    const { code, stderr } = await start({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/sso' });
    expect(code).toBe(2);
    expect(oneLine(stderr)).toEqual([
      expect.stringMatching(/^DATABASE_URL: PostgreSQL at 127\.0\.0\.1:1\/sso does not answer \(ECONNREFUSED\)$/),
    ]);
  });

  it.skipIf(!postgresAnswers)('DATABASE_URL naming a database that does not exist', async () => {
    const url = new URL(pgAdminUrl());
    url.pathname = '/sso_no_such_database';
    const { code, stderr } = await start({ DATABASE_URL: url.toString() });
    expect(code).toBe(2);
    expect(oneLine(stderr)).toEqual([
      expect.stringMatching(/^DATABASE_URL: PostgreSQL at .*\/sso_no_such_database: the database does not exist/),
    ]);
  });

  it('SSO_DATA_DIR that cannot be written', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'sso-start-')), 'a-file');
    writeFileSync(file, '');
    const { code, stderr } = await start({ SSO_DATA_DIR: join(file, 'data') });
    expect(code).toBe(2);
    expect(oneLine(stderr)).toEqual([
      expect.stringMatching(/^SSO_DATA_DIR=.*a-file\/data: the embedded database cannot be written there \(ENOTDIR\)$/),
    ]);
  });
});
