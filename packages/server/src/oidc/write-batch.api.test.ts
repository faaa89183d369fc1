import { CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../api-suite.testkit.js';
import { DatabaseAdapter, FIND, FIND_WITH_RELATED, SPEND_WITH_RELATED } from './adapter.js';
import { linkGrantToSession, sessionsOfGrants } from './grant-sessions.js';
import { rowsReadFrom } from './plan-rows.testkit.js';
import { countingStatements } from './statement-count.testkit.js';
import { withWriteBatch } from './write-batch.js';

/**
 * A provider request's writes wait in its batch and are all in the database when the request's
 * work is done; the request itself sees them at once, and a grant or session read with a token
 * counts for that request only.
 */
const suite = useTestServer();

const stored = async (model: string, id: string) =>
  suite.server.ctx.db.selectFrom('sso_oidc_object').select('payload').where('model', '=', model).where('id', '=', id).executeTakeFirst();

describe('the write batch of a provider request', () => {
  it('answers the request from its pending writes and writes them all before the work counts as done', async () => {
    const db = suite.server.ctx.db;
    const sessions = new DatabaseAdapter(db, 'Session');
    const grants = new DatabaseAdapter(db, 'Grant');
    await grants.upsert('wb-old', { jti: 'wb-old' }, 60);
    await withWriteBatch(db, async () => {
      await sessions.upsert('wb-s1', { jti: 'wb-s1', uid: 'wb-uid-1', accountId: '1' }, 60);
      await grants.destroy('wb-old');
      expect(await stored('Session', 'wb-s1')).toBeUndefined();
      expect(await stored('Grant', 'wb-old')).toBeDefined();
      expect(await sessions.find('wb-s1')).toMatchObject({ uid: 'wb-uid-1' });
      expect(await sessions.findByUid('wb-uid-1')).toMatchObject({ jti: 'wb-s1' });
      expect(await grants.find('wb-old')).toBeUndefined();
      await sessions.upsert('wb-s1', { jti: 'wb-s1', uid: 'wb-uid-1', accountId: '2' }, 60);
    });
    expect(JSON.parse((await stored('Session', 'wb-s1'))?.payload ?? '{}')).toMatchObject({ accountId: '2' });
    expect(await stored('Grant', 'wb-old')).toBeUndefined();
  });

  it('writes directly what the request left running in the background once its work is done', async () => {
    const db = suite.server.ctx.db;
    const sessions = new DatabaseAdapter(db, 'Session');
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let late: Promise<void> = Promise.resolve();
    await withWriteBatch(db, async () => {
      late = gate.then(() => sessions.upsert('wb-late', { jti: 'wb-late' }, 60));
    });
    release();
    await late;
    expect(await stored('Session', 'wb-late')).toBeDefined();
  });

  it('reads a token with its grant and session, and forgets them once the grant is revoked in the request', async () => {
    const db = suite.server.ctx.db;
    const tokens = new DatabaseAdapter(db, 'AccessToken');
    const grants = new DatabaseAdapter(db, 'Grant');
    const sessions = new DatabaseAdapter(db, 'Session');
    await grants.upsert('wb-g2', { jti: 'wb-g2', accountId: '1' }, 60);
    await sessions.upsert('wb-s2', { jti: 'wb-s2', uid: 'wb-uid-2' }, 60);
    await tokens.upsert('wb-t2', { jti: 'wb-t2', grantId: 'wb-g2', sessionUid: 'wb-uid-2' }, 60);
    await withWriteBatch(db, async () => {
      expect(await tokens.find('wb-t2')).toMatchObject({ grantId: 'wb-g2' });
      // Changed behind the request's back: the request keeps what it read with the token.
      await db.deleteFrom('sso_oidc_object').where('id', 'in', ['wb-g2', 'wb-s2']).execute();
      expect(await grants.find('wb-g2')).toMatchObject({ accountId: '1' });
      expect(await sessions.findByUid('wb-uid-2')).toMatchObject({ jti: 'wb-s2' });
      await grants.revokeByGrantId('wb-g2');
      expect(await grants.find('wb-g2')).toBeUndefined();
      expect(await sessions.findByUid('wb-uid-2')).toBeUndefined();
    });
    // The revocation took the grant's token too.
    expect(await tokens.find('wb-t2')).toBeUndefined();
  });

  it("writes a grant, its link to the platform session and the request's other writes as one statement", async () => {
    const db = suite.server.ctx.db;
    const grants = new DatabaseAdapter(db, 'Grant');
    const sessions = new DatabaseAdapter(db, 'Session');
    // The batch's own handle: what it sends when the work is done, counted.
    const counter = countingStatements(db);
    await withWriteBatch(counter.db, async () => {
      await grants.upsert('wb-g3', { jti: 'wb-g3', accountId: '1' }, 60);
      await sessions.upsert('wb-s3', { jti: 'wb-s3', uid: 'wb-uid-3' }, 60);
      await linkGrantToSession(db, 'wb-g3', 'wb-platform-3');
      await linkGrantToSession(db, 'wb-g4', 'wb-platform-4');
      expect(await sessionsOfGrants(db, ['wb-g3', 'wb-g4'])).toEqual([]);
    });
    expect(counter.statements).toBe(1);
    expect((await sessionsOfGrants(db, ['wb-g3', 'wb-g4'])).sort()).toEqual(['wb-platform-3', 'wb-platform-4']);
    expect(await stored('Grant', 'wb-g3')).toBeDefined();
    expect(await stored('Session', 'wb-s3')).toBeDefined();

    // A link alone is written too, and a grant linked twice keeps its first session.
    await withWriteBatch(db, () => linkGrantToSession(db, 'wb-g3', 'wb-platform-other'));
    expect(await sessionsOfGrants(db, ['wb-g3'])).toEqual(['wb-platform-3']);
    await withWriteBatch(db, () => linkGrantToSession(db, 'wb-g5', 'wb-platform-5'));
    expect(await sessionsOfGrants(db, ['wb-g5'])).toEqual(['wb-platform-5']);
  });

  it("reads a token's grant and session by their own keys, however many others are live", async () => {
    const db = suite.server.ctx.db;
    const [tokens, grants, sessions] = ['AccessToken', 'Grant', 'Session'].map((model) => new DatabaseAdapter(db, model));
    // Many live grants and sessions, on a table whose statistics say nothing of them (never
    // analysed, as on a new install or an embedded database, which has no autovacuum).
    for (let i = 0; i < 300; i++) {
      await grants.upsert(`wb-many-g${i}`, { jti: `wb-many-g${i}` }, 600);
      await sessions.upsert(`wb-many-s${i}`, { jti: `wb-many-s${i}`, uid: `wb-many-uid${i}` }, 600);
    }
    await tokens.upsert('wb-many-t', { jti: 'wb-many-t', grantId: 'wb-many-g7', sessionUid: 'wb-many-uid7' }, 600);
    const now = new Date().toISOString();
    for (const [text, params] of [
      [FIND_WITH_RELATED, ['AccessToken', 'wb-many-t', now]],
      [SPEND_WITH_RELATED, ['AccessToken', 'wb-many-t', now, now]],
      [FIND.uid, ['Session', 'wb-many-uid7', now]],
    ] as const) {
      const plan = await db.executeQuery<{ 'QUERY PLAN': unknown }>(
        CompiledQuery.raw(`explain (analyze, format json) ${text}`, [...params]),
      );
      const rowsRead = rowsReadFrom(plan.rows[0]?.['QUERY PLAN'], 'sso_oidc_object');
      // The token (read twice where it is spent: locked, then updated), its grant and its session,
      // or the session alone: a handful of rows, not a scan of the 300 grants or sessions.
      expect(rowsRead).toBeLessThanOrEqual(6);
    }
  });
});
