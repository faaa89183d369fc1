import { createHash } from 'node:crypto';
import { fail, say } from '@sso/shared-api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { decryptSecret, encryptSecret } from '../db/secrets.js';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Set on an answer that repeats the first outcome of its key. */
export const REPLAYED_HEADER = 'idempotent-replayed';
/** How long a key is remembered. */
const KEY_LIFETIME_MS = 24 * 3600 * 1000;
/** Answers bigger than this are not kept: a retry of such a request is refused as in progress. */
const MAX_KEPT_BYTES = 1024 * 1024;
const VISIBLE = /^[\x21-\x7e]{1,255}$/;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const RECORD = Symbol('idempotencyRecord');
type Tracked = FastifyRequest & { [RECORD]?: string };

interface Stored {
  fingerprint: string;
  status: number | null;
  body: string | null;
}

/** What makes two requests "the same request": method, address with its query, and body. */
function fingerprintOf(request: FastifyRequest): string {
  const body = request.body === undefined ? '' : JSON.stringify(request.body);
  return sha256(`${request.method} ${request.url}\n${body}`);
}

/**
 * `Idempotency-Key` on every write (any POST under /api by a signed-in caller): the first request
 * with a key runs and its answer is kept for 24 hours; the same key from the same caller again
 * answers that outcome (status and body, with `Idempotent-Replayed: true`) and writes nothing,
 * on whichever node it arrives. The key is taken before the work starts (one row per caller and
 * key: two nodes cannot both take it), so a retry while the first still runs, or after it died
 * before answering, is refused with 409 rather than risking a second write. The same key on a
 * different request is a 400. A 5xx answer is not kept: the request may be tried again. Kept
 * answers are encrypted at rest, since some show a secret once.
 */
export function registerIdempotency(app: FastifyInstance, db: Db): void {
  app.addHook('preHandler', async (request: Tracked, reply: FastifyReply) => {
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined || request.method !== 'POST' || !request.url.startsWith('/api/')) return;
    if (typeof header !== 'string' || !VISIBLE.test(header)) return reply.status(400).send(fail(400, say('idempotencyKeyBad')));
    const caller = request.caller;
    if (!caller) return;
    const id = sha256(`${caller.tenant_id}\n${caller.user_id}\n${header}`);
    const fingerprint = fingerprintOf(request);
    const now = new Date();
    // Expired keys are swept by the statement that takes a new one.
    const { rows } = await sql<{ id: string }>`with swept as (delete from sso_idempotency where expires_at < ${now})
      insert into sso_idempotency (id, fingerprint, expires_at) values (${id}, ${fingerprint}, ${new Date(now.getTime() + KEY_LIFETIME_MS)})
      on conflict (id) do nothing returning id`.execute(db);
    if (rows.length) {
      request[RECORD] = id;
      return;
    }
    const stored = (await db
      .selectFrom('sso_idempotency')
      .select(['fingerprint', 'status', 'body'])
      .where('id', '=', id)
      .executeTakeFirst()) as Stored | undefined;
    if (stored && stored.fingerprint !== fingerprint) return reply.status(400).send(fail(400, say('idempotencyKeyReused')));
    if (!stored || stored.status === null || stored.body === null) return reply.status(409).send(fail(409, say('idempotencyInProgress')));
    return reply
      .status(stored.status)
      .header(REPLAYED_HEADER, 'true')
      .type('application/json; charset=utf-8')
      .send(await decryptSecret(db, stored.body));
  });

  app.addHook('onSend', async (request: Tracked, reply, payload) => {
    const id = request[RECORD];
    if (!id) return payload;
    request[RECORD] = undefined;
    const kept = reply.statusCode < 500 && typeof payload === 'string' && payload.length <= MAX_KEPT_BYTES;
    // An answer may carry what is shown once (a new client secret, a hand-off token): kept encrypted.
    if (kept) {
      const body = await encryptSecret(db, payload);
      await db.updateTable('sso_idempotency').set({ status: reply.statusCode, body }).where('id', '=', id).execute();
    } else if (reply.statusCode >= 500) await db.deleteFrom('sso_idempotency').where('id', '=', id).execute();
    return payload;
  });
}
