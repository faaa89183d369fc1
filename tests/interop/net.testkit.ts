import { connect, createServer } from 'node:net';
import { setTimeout as pause } from 'node:timers/promises';

/** A port nobody listens on right now (the kernel's pick for port 0), for a server started next. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Whether something accepts a TCP connection at 127.0.0.1:port now. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** How long a server started by a suite may take to accept connections, and how often it is asked. */
const READY_TIMEOUT_MS = 15_000;
const READY_POLL_MS = 20;

/**
 * Resolves once every origin accepts connections; rejects with `why()` as soon as `exited`
 * settles (the server gave up: a configuration error) or after READY_TIMEOUT_MS.
 */
export async function untilAnswering(origins: readonly string[], exited: Promise<void>, why: () => string): Promise<void> {
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (const origin of origins) {
    const port = Number(new URL(origin).port);
    while (!(await accepts(port))) {
      if (gone) throw new Error(why());
      if (Date.now() > deadline) throw new Error(`${origin} not answering after ${READY_TIMEOUT_MS} ms\n${why()}`);
      await pause(READY_POLL_MS);
    }
  }
}
