import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mysql from 'mysql2/promise';
import pg from 'pg';

/**
 * Real databases to read tables from, as a developer's data source would: the PostgreSQL server
 * the run names (SSO_TEST_PG_URL), and MariaDB at SSO_TEST_MARIADB_URL or 127.0.0.1:3306 (root,
 * no password), else a private MariaDB server started here from Debian's mariadb-server. Where
 * neither can be had, `skip` says why and the cases that need it are skipped.
 */
export interface SourceDatabase {
  /** The data source's URL, JDBC style as BladeX stores it. */
  jdbcUrl: string;
  username: string;
  password: string;
  run(statement: string): Promise<void>;
  close(): Promise<void>;
}

export type Reached = { db: SourceDatabase; skip?: undefined } | { db?: undefined; skip: string };

export async function reachPostgres(): Promise<Reached> {
  const text = process.env.SSO_TEST_PG_URL ?? process.env.SSO_TEST_DATABASE_URL;
  if (!text) return { skip: 'no PostgreSQL named for this run (SSO_TEST_PG_URL): the PostgreSQL cases are skipped' };
  const url = new URL(text);
  const client = new pg.Client({ connectionString: text });
  await client.connect();
  return {
    db: {
      jdbcUrl: `jdbc:postgresql://${url.hostname}:${url.port || 5432}${url.pathname}`,
      username: decodeURIComponent(url.username) || 'postgres',
      password: decodeURIComponent(url.password),
      run: async (statement) => void (await client.query(statement)),
      close: () => client.end(),
    },
  };
}

const MARIADB_SERVER = '/usr/sbin/mariadbd';

async function connectMariadb(url: URL): Promise<mysql.Connection | undefined> {
  try {
    return await mysql.createConnection({
      host: url.hostname,
      port: Number(url.port || 3306),
      user: decodeURIComponent(url.username) || 'root',
      password: decodeURIComponent(url.password),
      connectTimeout: 2000,
      multipleStatements: false,
    });
  } catch {
    return undefined;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A MariaDB server of its own in a temporary folder, for machines where none listens. */
async function startPrivateMariadb(): Promise<{ url: URL; stop: () => Promise<void> } | undefined> {
  const dir = mkdtempSync(join(tmpdir(), 'sso-mariadb-'));
  const user = process.getuid?.() === 0 ? 'root' : (process.env.USER ?? 'root');
  execFileSync(
    'mariadb-install-db',
    ['--no-defaults', `--datadir=${dir}/data`, `--user=${user}`, '--auth-root-authentication-method=normal', '--skip-test-db'],
    { stdio: 'ignore' },
  );
  const port = await freePort();
  const server: ChildProcess = spawn(
    MARIADB_SERVER,
    ['--no-defaults', `--datadir=${dir}/data`, `--port=${port}`, '--bind-address=127.0.0.1', `--socket=${dir}/sock`, `--user=${user}`],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  // The folder goes once the server has stopped writing to it.
  const stop = async () => {
    server.kill();
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  // The server says on its error stream when it takes connections; an exit first means it failed.
  const ready = await new Promise<boolean>((resolve) => {
    let said = '';
    server.stderr?.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes('ready for connections')) resolve(true);
    });
    server.once('exit', () => resolve(false));
  });
  if (!ready) {
    await stop();
    return undefined;
  }
  const url = new URL(`mysql://root@127.0.0.1:${port}/test`);
  return { url, stop };
}

export async function reachMariadb(): Promise<Reached> {
  let url = new URL(process.env.SSO_TEST_MARIADB_URL ?? 'mysql://root@127.0.0.1:3306/test');
  let stop: (() => Promise<void>) | undefined;
  let connection = await connectMariadb(url);
  if (!connection) {
    if (!existsSync(MARIADB_SERVER))
      return { skip: `no MariaDB at ${url.host} and none installed (Debian's mariadb-server): the MariaDB cases are skipped` };
    const started = await startPrivateMariadb();
    if (!started) return { skip: 'MariaDB is installed but did not start: the MariaDB cases are skipped' };
    ({ url, stop } = started);
    connection = await connectMariadb(url);
    if (!connection) return { skip: 'MariaDB started but refused the connection: the MariaDB cases are skipped' };
  }
  const database = url.pathname.replace(/^\//, '') || 'test';
  await connection.query(`create database if not exists \`${database.replace(/`/g, '')}\``);
  await connection.changeUser({ database });
  const open = connection;
  return {
    db: {
      jdbcUrl: `jdbc:mysql://${url.hostname}:${url.port || 3306}/${database}?useUnicode=true&characterEncoding=utf-8`,
      username: decodeURIComponent(url.username) || 'root',
      password: decodeURIComponent(url.password),
      run: async (statement) => void (await open.query(statement)),
      close: async () => {
        await open.end();
        await stop?.();
      },
    },
  };
}
