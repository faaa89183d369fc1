import { createServer } from 'node:net';
import { isConnectionFailure } from './db/connection-errors.js';
import { DataDirInUseError } from './db/data-dir-claim.js';
import { MasterKeyError } from './db/master-key.js';
import type { Config } from './kernel/config.js';

/** PostgreSQL servers that answer but refuse the database or the login. */
const POSTGRES_REFUSALS: Record<string, string> = {
  '3D000': 'the database does not exist',
  '28P01': 'the password was refused',
  '28000': 'the login was refused',
  '57P03': 'the server is starting up or shutting down',
};
const FILE_CODES = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOTDIR', 'EEXIST', 'ENOSPC', 'EISDIR']);

interface CodedError {
  code?: string;
  message?: string;
  syscall?: string;
}

function postgresTarget(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`;
}

/**
 * The one line an operator needs when the server cannot start because of a setting: which
 * variable, what it named, and why it failed. Undefined for failures no setting explains (those
 * keep their stack trace: they are faults to report).
 */
export function startupFailure(config: Config, error: unknown): string | undefined {
  // A master key that is malformed, unreadable or not the one the keys were wrapped under.
  if (error instanceof MasterKeyError) return error.message;
  // A second process on an embedded database directory.
  if (error instanceof DataDirInUseError) return `SSO_DATA_DIR=${config.SSO_DATA_DIR}: ${error.message}`;
  const { code = '', message = String(error), syscall } = (error ?? {}) as CodedError;
  if (syscall === 'listen') {
    if (code === 'EADDRINUSE') return `PORT=${config.PORT}: the port is already in use on ${config.HOST}`;
    if (code === 'EACCES') return `PORT=${config.PORT}: this user may not listen on the port (below 1024 needs privileges)`;
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') return `HOST=${config.HOST}: not an address of this machine`;
  }
  if (config.DATABASE_URL) {
    const target = postgresTarget(config.DATABASE_URL);
    const refusal = POSTGRES_REFUSALS[code];
    if (refusal) return `DATABASE_URL: PostgreSQL at ${target}: ${refusal} (${message})`;
    if (isConnectionFailure(error)) {
      return `DATABASE_URL: PostgreSQL at ${target} does not answer (${code || message})`;
    }
    return undefined;
  }
  if (FILE_CODES.has(code) || /permission denied|read-only file system/i.test(message)) {
    return `SSO_DATA_DIR=${config.SSO_DATA_DIR}: the embedded database cannot be written there (${code || message})`;
  }
  return undefined;
}

/** Resolves when HOST:PORT can be listened on; rejects with the listen error (EADDRINUSE…) otherwise. */
export function portIsFree(config: Config): Promise<void> {
  if (config.PORT === 0) return Promise.resolve();
  const probe = createServer();
  return new Promise((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(config.PORT, config.HOST, () => probe.close(() => resolve()));
  });
}
