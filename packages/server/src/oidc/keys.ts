import { randomBytes } from 'node:crypto';
import type { JWK } from 'jose';
import type { Db } from '../db/database.js';

const COOKIE_KEY_PURPOSE = 'oidc-cookies';

/**
 * The platform's signing keys (those published at /.well-known/jwks.json) with their private parts,
 * the active one first: the provider signs ID tokens with the first key of an algorithm.
 */
export async function providerSigningKeys(db: Db): Promise<JWK[]> {
  const rows = await db.selectFrom('sso_signing_key').selectAll().orderBy('active', 'desc').orderBy('createdAt', 'desc').execute();
  return rows.map((row) => ({ ...(JSON.parse(row.privateJwk) as JWK), kid: row.kid, alg: row.alg, use: 'sig' }));
}

/**
 * The key that signs the provider's cookies: made on first start and kept in the database beside
 * the other generated keys, so that every node accepts the cookies of the others.
 */
export async function cookieKeys(db: Db): Promise<string[]> {
  const read = () => db.selectFrom('sso_data_key').select('keyMaterial').where('purpose', '=', COOKIE_KEY_PURPOSE).executeTakeFirst();
  let row = await read();
  if (!row) {
    await db
      .insertInto('sso_data_key')
      .values({ purpose: COOKIE_KEY_PURPOSE, keyMaterial: randomBytes(32).toString('base64url') })
      .onConflict((oc) => oc.doNothing())
      .execute();
    row = await read();
  }
  if (!row) throw new Error('the OpenID Connect cookie key could not be created');
  return [row.keyMaterial];
}
