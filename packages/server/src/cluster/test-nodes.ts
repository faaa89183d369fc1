import { createConnection } from 'node:net';

/** Waits until `done()` holds, checking every few milliseconds, failing after `timeoutMs`. */
export async function waitFor(done: () => boolean | Promise<boolean>, timeoutMs: number, what = 'condition'): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await done()) return performance.now() - started;
    if (performance.now() - started > timeoutMs) throw new Error(`${what} not reached within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Whether a Redis server answers PING at the URL. */
export function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port || 6379) });
    const finish = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => finish(false));
    socket.on('error', () => finish(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => finish(data.toString().startsWith('+PONG')));
  });
}
