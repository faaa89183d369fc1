import { randomUUID } from 'node:crypto';
import { type CryptoKey, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { Db } from '../db/database.js';

export const SIGNING_ALG = 'ES256';

export interface SigningKeys {
  kid: string;
  privateKey: CryptoKey;
  /** Public keys by kid, including retired ones still trusted for verification. */
  publicKeys: Map<string, CryptoKey>;
  jwks: { keys: JWK[] };
}

/** Loads the signing keys from the database, creating the first pair on first start. */
export async function loadSigningKeys(db: Db): Promise<SigningKeys> {
  let rows = await db.selectFrom('sso_signing_key').selectAll().orderBy('createdAt', 'desc').execute();
  if (!rows.some((r) => r.active)) {
    const { privateKey, publicKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
    const kid = randomUUID();
    await db
      .insertInto('sso_signing_key')
      .values({
        kid,
        alg: SIGNING_ALG,
        privateJwk: JSON.stringify(await exportJWK(privateKey)),
        publicJwk: JSON.stringify(await exportJWK(publicKey)),
        active: true,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
    rows = await db.selectFrom('sso_signing_key').selectAll().orderBy('createdAt', 'desc').execute();
  }
  const active = rows.find((r) => r.active)!;
  const publicKeys = new Map<string, CryptoKey>();
  const jwks: JWK[] = [];
  for (const row of rows) {
    const jwk = JSON.parse(row.publicJwk) as JWK;
    publicKeys.set(row.kid, (await importJWK(jwk, row.alg)) as CryptoKey);
    jwks.push({ ...jwk, kid: row.kid, alg: row.alg, use: 'sig' });
  }
  const privateKey = (await importJWK(JSON.parse(active.privateJwk) as JWK, active.alg)) as CryptoKey;
  return { kid: active.kid, privateKey, publicKeys, jwks: { keys: jwks } };
}
