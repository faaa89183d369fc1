import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, type Server } from '../app.js';
import { freshDatabase, pgAnswers } from '../cluster/cluster-nodes.js';
import { testConfig } from '../kernel/config.js';
import { IDEMPOTENCY_HEADER, REPLAYED_HEADER } from './idempotency.js';

/**
 * A retried write is not a second write: two nodes on one PostgreSQL database (one node on PGlite
 * when no PostgreSQL answers), a notice posted with a key on the first, retried on the second.
 */
const postgres = await pgAnswers();
let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
const nodes: { server: Server; baseUrl: string }[] = [];
let token: string;

async function startNode(databaseUrl?: string) {
  const server = await buildServer(testConfig({ SSO_ADMIN_PASSWORD: 'admin', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) }));
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  nodes.push({ server, baseUrl: `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}` });
}

beforeAll(async () => {
  database = postgres ? await freshDatabase() : undefined;
  await startNode(database?.url);
  if (database) await startNode(database.url);
  const signIn = await fetch(
    `${nodes[0]?.baseUrl}/api/blade-auth/oauth/token?tenantId=000000&username=admin&password=21232f297a57a5a743894a0e4a801fc3&grant_type=password&scope=all&type=account`,
    { method: 'POST', headers: { authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`, 'tenant-id': '000000' } },
  );
  token = ((await signIn.json()) as { access_token: string }).access_token;
});

afterAll(async () => {
  for (const node of nodes) await node.server.close();
  await database?.drop();
});

const other = () => nodes[nodes.length - 1]!;
const first = () => nodes[0]!;

const noticeBody = (title: string) => JSON.stringify({ title, category: 1, releaseTime: '2026-11-27 08:00:00', content: 'x' });

function postNotice(node: { baseUrl: string }, title: string, key?: string, auth = token) {
  return fetch(`${node.baseUrl}/api/blade-desk/notice/submit`, {
    method: 'POST',
    headers: { 'blade-auth': `bearer ${auth}`, 'content-type': 'application/json', ...(key ? { [IDEMPOTENCY_HEADER]: key } : {}) },
    body: noticeBody(title),
  });
}

const noticesTitled = (title: string) =>
  first().server.ctx.db.selectFrom('blade_notice').select('id').where('title', '=', title).where('isDeleted', '=', 0).execute();

describe('Idempotency-Key', () => {
  it('answers a retry on another node with the first outcome and stores the notice once', async () => {
    const answer = await postNotice(first(), 'retried once', 'key-1');
    expect(answer.status).toBe(200);
    const body = await answer.text();
    const retried = await postNotice(other(), 'retried once', 'key-1');
    expect(retried.status).toBe(200);
    expect(retried.headers.get(REPLAYED_HEADER)).toBe('true');
    expect(await retried.text()).toBe(body);
    expect(await noticesTitled('retried once')).toHaveLength(1);
    // The kept answer is encrypted at rest (answers may show a secret once).
    const kept = await first().server.ctx.db.selectFrom('sso_idempotency').select('body').execute();
    expect(kept.length).toBeGreaterThan(0);
    for (const row of kept) expect(row.body ?? '').not.toContain('retried once');
  });

  it('writes again without a key, and with a new key', async () => {
    await postNotice(first(), 'twice on purpose');
    await postNotice(other(), 'twice on purpose');
    await postNotice(first(), 'twice on purpose', 'key-2a');
    expect(await noticesTitled('twice on purpose')).toHaveLength(3);
  });

  it('refuses the same key on a different request with 400, writing nothing', async () => {
    await postNotice(first(), 'the first request', 'key-3');
    const reused = await postNotice(other(), 'another request', 'key-3');
    expect(reused.status).toBe(400);
    expect(await noticesTitled('another request')).toHaveLength(0);
  });

  it('refuses with 409 a retry while the first request with its key has no outcome (running, or died)', async () => {
    const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
    const admin = await first()
      .server.ctx.db.selectFrom('blade_user')
      .select('id')
      .where('account', '=', 'admin')
      .executeTakeFirstOrThrow();
    // The first request took the key and has not answered yet.
    await first()
      .server.ctx.db.insertInto('sso_idempotency')
      .values({
        id: sha256(`000000\n${admin.id}\nkey-4`),
        fingerprint: sha256(`POST /api/blade-desk/notice/submit\n${noticeBody('while running')}`),
        expiresAt: new Date(Date.now() + 60_000),
      })
      .execute();
    const blocked = await postNotice(other(), 'while running', 'key-4');
    expect(blocked.status).toBe(409);
    expect(await noticesTitled('while running')).toHaveLength(0);
  });

  it('refuses a malformed key with 400', async () => {
    const answer = await postNotice(first(), 'bad key', 'x'.repeat(300));
    expect(answer.status).toBe(400);
    expect(await noticesTitled('bad key')).toHaveLength(0);
  });
});
