import { createHash } from 'node:crypto';
import { existsSync, realpathSync, rmSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { join } from 'node:path';

/**
 * An embedded database directory opened by a second process while a first has it open is
 * corrupted: PGlite keeps no lock of its own (its postmaster.pid names no real process). So the
 * process that opens one listens on a socket named after the directory for as long as it has it
 * open, and another process finds that socket answering and refuses. The socket goes with the
 * process, crash or not, so nothing stale is ever left to clear by hand (a socket file, where
 * the platform needs one, is replaced when nobody answers it).
 */
export class DataDirInUseError extends Error {
  constructor(readonly dir: string) {
    super(`${dir} is open in another process (a running server, or the rewrap-master-key command): stop it first`);
  }
}

/** The longest socket file path every platform takes (macOS allows 104 bytes with the terminator). */
const MAX_SOCKET_PATH = 100;

/**
 * The socket that says `dir` is open: an abstract one on Linux, a named pipe on Windows, a file in
 * the directory elsewhere; undefined where that file's path would be too long for a socket (the
 * directory then goes unclaimed, as before there was a claim).
 */
export const claimSocketOf = (dir: string): string | undefined => {
  const real = realpathSync(dir);
  const name = `sso-data-dir-${createHash('sha256').update(real).digest('hex').slice(0, 40)}`;
  if (process.platform === 'linux') return `\0${name}`;
  if (process.platform === 'win32') return `\\\\?\\pipe\\${name}`;
  const file = join(real, '.sso-open.sock');
  return Buffer.byteLength(file) <= MAX_SOCKET_PATH ? file : undefined;
};

/** Whether the platform's claim socket is a file, which outlives a killed process. */
const socketIsFile = process.platform !== 'linux' && process.platform !== 'win32';

/** Whether a process listens on `path`. */
const answers = (path: string): Promise<boolean> =>
  new Promise((resolve) => {
    const probe = connect(path);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });

const listen = (server: Server, path: string): Promise<void> =>
  new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      resolve();
    });
  });

/** Claims within this process, by socket: a directory opened twice here (tests do) is claimed once. */
const held = new Map<string, { server: Server; count: number }>();

/** Claims `dir` for this process until the answer is called; refuses (DataDirInUseError) while another process holds it. */
export async function claimDataDir(dir: string): Promise<() => Promise<void>> {
  const path = claimSocketOf(dir);
  if (!path) return async () => {};
  let claim = held.get(path);
  if (claim) claim.count++;
  else {
    const server = createServer((socket) => socket.destroy());
    try {
      await listen(server, path);
    } catch (error) {
      if ((error as { code?: string }).code !== 'EADDRINUSE') throw error;
      if (!socketIsFile || (await answers(path))) throw new DataDirInUseError(dir);
      // A socket file left by a process that is gone: nobody answers it.
      rmSync(path, { force: true });
      await listen(server, path);
    }
    server.unref();
    claim = { server, count: 1 };
    held.set(path, claim);
  }
  const mine = claim;
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    if (--mine.count > 0) return;
    held.delete(path);
    await new Promise<void>((resolve) => mine.server.close(() => resolve()));
    if (socketIsFile && existsSync(path)) rmSync(path, { force: true });
  };
}
