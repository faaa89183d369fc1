import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { APPLICATION_NAME } from './pg-bus.js';

/** Helpers of the cluster suite and bench: fresh PostgreSQL databases and server nodes in child processes. */

export const pgAdminUrl = () =>
  process.env.SSO_TEST_PG_URL ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function withPg<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function pgAnswers(url = pgAdminUrl()): Promise<boolean> {
  try {
    await withPg(url, (c) => c.query('select 1'));
    return true;
  } catch {
    return false;
  }
}

/** A new empty database on the server of `adminUrl`, and how to drop it. */
export async function freshDatabase(adminUrl = pgAdminUrl()): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `sso_cluster_${randomBytes(6).toString('hex')}`;
  await withPg(adminUrl, (c) => c.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withPg(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

/** Ends a node's LISTEN connection from the database side, as a restart or a network cut would. */
export async function cutListeners(databaseUrl: string): Promise<number> {
  const name = new URL(databaseUrl).pathname.slice(1);
  const { rowCount } = await withPg(databaseUrl, (c) =>
    c.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and application_name = $2', [
      name,
      APPLICATION_NAME,
    ]),
  );
  return rowCount ?? 0;
}

export interface ChildNode {
  baseUrl: string;
  stop(): Promise<void>;
}

const serverDir = fileURLToPath(new URL('../..', import.meta.url));

/** A server node in its own process (src/cluster/test-node-main.testkit.ts) on the database (and Redis). */
export async function startChildNode(env: { DATABASE_URL: string; REDIS_URL?: string; SSO_CACHE_TTL_MS?: string }): Promise<ChildNode> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', './src/cluster/ts-register.mjs', 'src/cluster/test-node-main.testkit.ts'],
    {
      cwd: serverDir,
      env: { ...process.env, ...env, LOG_LEVEL: 'silent' },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`child node did not start within 60 s:\n${output}`)), 60_000);
    const read = (data: Buffer) => {
      output += data.toString();
      const match = /PORT (\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`child node exited with ${code}:\n${output}`));
    });
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.stdin?.end();
      }),
  };
}
