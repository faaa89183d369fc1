import { type ChildProcess, spawn } from 'node:child_process';
import { claimSocketOf } from './data-dir-claim.js';

/** The directory's socket as an argument (an abstract socket's name starts with a NUL byte, which no argument may hold). */
export const socketArgument = (dir: string) => JSON.stringify(claimSocketOf(dir) ?? '');

/** Another process holding `dir` as a server would: it listens on the directory's socket. */
export async function otherProcessHolding(dir: string): Promise<ChildProcess> {
  const script = `require('node:net').createServer().on('error', () => process.exit(1)).listen(JSON.parse(process.argv[1]), () => console.log('holding'))`;
  const child = spawn(process.execPath, ['-e', script, socketArgument(dir)], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`the holder exited (${code})`)));
  });
  return child;
}

export const exited = (child: ChildProcess) => new Promise((resolve) => child.once('exit', resolve));
