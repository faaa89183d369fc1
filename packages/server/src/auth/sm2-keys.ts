import { sm2 } from 'sm-crypto';
import type { Db } from '../db/database.js';

/**
 * The SM2 key pair SpringBlade clients encrypt passwords with: SSO_SM2_PRIVATE_KEY and
 * SSO_SM2_PUBLIC_KEY (hex, as sm-crypto makes them) when configured, else one generated at first
 * start and kept in sso_sm2_key, shared by every node. The public key is uncompressed hex (`04…`).
 */
export interface Sm2KeyPair {
  privateKey: string;
  publicKey: string;
}

const loaded = new WeakMap<Db, Promise<Sm2KeyPair>>();

export function sm2Keys(db: Db, configured?: { privateKey?: string; publicKey?: string }): Promise<Sm2KeyPair> {
  if (configured?.privateKey && configured.publicKey) {
    return Promise.resolve({ privateKey: configured.privateKey.toLowerCase(), publicKey: configured.publicKey.toLowerCase() });
  }
  let keys = loaded.get(db);
  if (!keys) {
    keys = loadOrCreate(db);
    // A failed read is tried again at the next request.
    keys.catch(() => loaded.delete(db));
    loaded.set(db, keys);
  }
  return keys;
}

async function loadOrCreate(db: Db): Promise<Sm2KeyPair> {
  const read = () => db.selectFrom('sso_sm2_key').select(['privateKey', 'publicKey']).where('id', '=', 1).executeTakeFirst();
  const existing = await read();
  if (existing) return existing;
  const pair = sm2.generateKeyPairHex();
  // Two nodes starting at once: the first insert wins and both read it back.
  await db
    .insertInto('sso_sm2_key')
    .values({ id: 1, privateKey: pair.privateKey, publicKey: pair.publicKey })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const stored = await read();
  if (!stored) throw new Error('the SM2 key pair could not be stored');
  return stored;
}

/**
 * The plain text of an SM2 ciphertext in hex, C1C3C2 (sm-crypto mode 1) or C1C2C3 (mode 0),
 * with or without the `04` of C1; undefined when it does not decrypt (the C3 hash disagrees).
 */
export function sm2Decrypt(cipherHex: string, privateKey: string): string | undefined {
  const hex = cipherHex.trim().toLowerCase();
  // C1 (64 bytes) and C3 (32 bytes) at least, in hex.
  if (!/^[0-9a-f]+$/.test(hex) || hex.length % 2 !== 0 || hex.length < 192) return undefined;
  const bodies = hex.startsWith('04') && hex.length > 194 ? [hex.slice(2), hex] : [hex];
  for (const body of bodies) {
    for (const mode of [1, 0] as const) {
      try {
        const plain = sm2.doDecrypt(body, privateKey, mode);
        if (plain) return plain;
      } catch {
        // Not this layout: try the next one.
      }
    }
  }
  return undefined;
}
