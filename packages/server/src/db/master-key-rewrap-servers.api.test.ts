import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildServer } from '../app.js';
import { testConfig } from '../kernel/config.js';
import { rewrapMasterKey } from '../rewrap-master-key.js';
import { postgresUnderTest } from '../testing.js';
import { MasterKeyError } from './master-key.js';

/**
 * `rewrap-master-key` on PostgreSQL refuses while a server is connected to the database: a server
 * adding a personal-data key during the rewrap would wrap it under the old master key. Once every
 * server has stopped, the same command rewraps. (The embedded database is covered by the
 * directory's claim: see data-dir-claim.test.ts.)
 */
const adminUrl = postgresUnderTest();
const NEW = '5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d';

async function query(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

describe.skipIf(!adminUrl)('rewrap-master-key beside running servers (PostgreSQL)', () => {
  it('refuses while a server is connected, changes nothing, and rewraps once the server has stopped', async () => {
    const name = `sso_rewrap_${randomBytes(6).toString('hex')}`;
    await query(adminUrl as string, `create database ${name}`);
    const url = new URL(adminUrl as string);
    url.pathname = `/${name}`;
    const config = testConfig({ DATABASE_URL: url.toString(), SSO_ENCRYPT_PERSONAL_DATA: 'true' });
    try {
      const server = await buildServer(config);
      const stored = async () => (await query(url.toString(), 'select cipher_key from sso_personal_key order by id')).rows;
      const before = await stored();
      expect(before.length).toBeGreaterThan(0);
      let refusal: unknown;
      try {
        await rewrapMasterKey(config, { SSO_NEW_MASTER_KEY: NEW });
      } catch (error) {
        refusal = error;
      } finally {
        await server.close();
      }
      expect(refusal).toBeInstanceOf(MasterKeyError);
      expect((refusal as Error).message).toMatch(/of a running server (is|are) open on this database: stop every node, then rewrap$/);
      expect(await stored()).toEqual(before);
      expect(await rewrapMasterKey(config, { SSO_NEW_MASTER_KEY: NEW })).toMatch(
        /^rewrapped \d+ personal-data keys? under the new master key/,
      );
      expect(await stored()).not.toEqual(before);
    } finally {
      await query(adminUrl as string, `drop database if exists ${name} with (force)`);
    }
  }, 120_000);
});
