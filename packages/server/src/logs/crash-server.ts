import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** The built server (`node scripts/pnpm.mjs --filter @sso/server build`), run as a process of its own. */
const SERVER_SCRIPT = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
export const serverBuilt = () => existsSync(SERVER_SCRIPT);

/** Whether a source file changed after the build: the suite then tests an older server. */
export function buildIsStale(): boolean {
  const built = statSync(SERVER_SCRIPT).mtimeMs;
  const sources = fileURLToPath(new URL('..', import.meta.url));
  return readdirSync(sources, { recursive: true, encoding: 'utf8' }).some(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && statSync(join(sources, file)).mtimeMs > built,
  );
}

export const ADMIN_PASSWORD = 'Crash#Admin1';

/** A database the server process and, once it is gone, the suite open: rows as plain objects. */
export interface ScratchDatabase {
  env: Record<string, string>;
  query(text: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  /** Lets go of the suite's own connection (the server may open the database again). */
  release(): Promise<void>;
  drop(): Promise<void>;
}

/** A fresh PostgreSQL database under the admin URL, or a fresh PGlite data directory on disk. */
export async function scratchDatabase(adminUrl: string | undefined): Promise<ScratchDatabase> {
  if (!adminUrl) {
    const dir = mkdtempSync(join(tmpdir(), 'sso-crash-'));
    let open: PGlite | undefined;
    return {
      env: { SSO_DATA_DIR: dir },
      query: async (text, params) => {
        open ??= await PGlite.create({ dataDir: dir });
        return (await open.query<Record<string, unknown>>(text, params)).rows;
      },
      release: async () => {
        await open?.close();
        open = undefined;
      },
      drop: async () => {
        await open?.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `sso_crash_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let open: pg.Client | undefined;
  const release = async () => {
    await open?.end();
    open = undefined;
  };
  return {
    env: { DATABASE_URL: url.toString() },
    query: async (text, params) => {
      if (!open) {
        open = new pg.Client({ connectionString: url.toString() });
        await open.connect();
      }
      return (await open.query(text, params as unknown[])).rows;
    },
    release,
    drop: async () => {
      await release();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

export interface ServerProcess {
  baseUrl: string;
  child: ChildProcess;
  exited: Promise<number | null>;
}

/** Starts the built server on the database and waits (at most a minute) until it answers. */
export async function startServerProcess(database: ScratchDatabase): Promise<ServerProcess> {
  const port = await freePort();
  const env = {
    ...process.env,
    ...database.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SSO_ADMIN_PASSWORD: ADMIN_PASSWORD,
    SSO_TRUST_PROXY: 'true',
    SSO_API_LOG: 'true',
  };
  const child = spawn(process.execPath, [SERVER_SCRIPT], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if ((await fetch(`${baseUrl}/health`).catch(() => undefined))?.ok) return { baseUrl, child, exited };
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`${SERVER_SCRIPT} did not start`);
}
