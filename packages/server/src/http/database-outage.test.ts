import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, type Server as SsoServer } from '../app.js';
import { freshDatabase, pgAnswers } from '../cluster/cluster-nodes.js';
import { testConfig } from '../kernel/config.js';

/**
 * PostgreSQL going away under load: the server reaches it through a TCP relay the test can cut.
 * Every call then answers 503 with Retry-After (not 500), and the outage is logged once.
 */
const postgresAnswers = await pgAnswers();
if (!postgresAnswers) console.warn('database outage suite skipped: no PostgreSQL answers');

let relay: Server;
const sockets = new Set<Socket>();
let database: Awaited<ReturnType<typeof freshDatabase>>;
let server: SsoServer;
let baseUrl: string;
let token: string;

/** Relays 127.0.0.1:<relay port> to the PostgreSQL server of `target`. */
async function startRelay(target: URL): Promise<number> {
  const upstreamAddress = { host: target.hostname, port: Number(target.port || 5432) };
  relay = createServer((client) => {
    const upstream = createConnection(upstreamAddress);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  return (relay.address() as { port: number }).port;
}

beforeAll(async () => {
  if (!postgresAnswers) return;
  database = await freshDatabase();
  const url = new URL(database.url);
  const port = await startRelay(url);
  url.host = `127.0.0.1:${port}`;
  server = await buildServer(testConfig({ DATABASE_URL: url.toString(), SSO_ADMIN_PASSWORD: 'admin' }));
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
  const signIn = await fetch(
    `${baseUrl}/api/blade-auth/oauth/token?tenantId=000000&username=admin&password=21232f297a57a5a743894a0e4a801fc3&grant_type=password&scope=all&type=account`,
    {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`, 'tenant-id': '000000' },
    },
  );
  token = ((await signIn.json()) as { access_token: string }).access_token;
});

afterAll(async () => {
  await server?.close();
  relay?.close();
  await database?.drop();
});

describe.skipIf(!postgresAnswers)('while PostgreSQL cannot be reached', () => {
  it('answers 503 with Retry-After to every call and logs the outage once', async () => {
    const call = () =>
      fetch(`${baseUrl}/api/blade-log/api/list?current=1&size=10`, {
        headers: { 'blade-auth': `bearer ${token}`, 'accept-language': 'en' },
      });
    expect((await call()).status).toBe(200);

    const errors: string[] = [];
    const log = server.ctx.log as unknown as { error: (details: unknown, message?: string) => void };
    log.error = (_details, message) => errors.push(String(message));
    relay.close();
    for (const socket of sockets) socket.destroy();

    const answers = await Promise.all(Array.from({ length: 20 }, () => call()));
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('5');
      expect(await answer.json()).toMatchObject({
        code: 503,
        success: false,
        msg: 'The service is unavailable for a moment, try again shortly',
      });
    }
    expect(errors.filter((message) => message.startsWith('database unreachable'))).toHaveLength(1);
  });
});
