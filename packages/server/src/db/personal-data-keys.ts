import { createHmac, getHashes, randomBytes, timingSafeEqual } from 'node:crypto';
import smCrypto from 'sm-crypto';
import type { MasterKey } from './master-key.js';

/**
 * The keys of personal data at rest (users' phone numbers and email addresses): each key pair is
 * an SM4 key that encrypts the values and an SM3 key that makes their search index, both made at
 * random and numbered. New values are written under the newest (current) key; every older key is
 * kept so that rows not yet re-encrypted, and restored backups, still read. The keys live in memory
 * so that the database plugin can encrypt synchronously as a query is built.
 *
 * A stored value is `sm4:<key id>:<iv hex><ciphertext hex>.<tag hex>` (SM4-CBC, PKCS#7, a random
 * IV per value): the key id says which key reads it, so rotation can re-encrypt row by row. The tag
 * is HMAC-SM3 (first 128 bits) of everything between `sm4:` and the dot under a key derived from
 * the key's index key: a value altered, or moved from another row's ciphertext of another key, is
 * not decrypted (CBC alone would decrypt a flipped bit into a changed phone number). Values written
 * before tags existed carry none; they still read under the keys made then (`tagged` false), and
 * the catch-up rewrites them with one; a key made since refuses a value without a tag. The index is
 * HMAC-SM3 of the exact value under the same key id's index key: equal values give equal indexes
 * (that is what makes exact search possible) and nothing else about the value is revealed without
 * the key.
 */
export interface PersonalKey {
  id: number;
  /** 16 bytes, hex. */
  cipherKey: string;
  /** 32 bytes, hex. */
  indexKey: string;
  /** 1 when every value under this key must carry a tag (keys made since tags exist); 0 for older keys. */
  tagged: number;
}

interface LoadedKey extends PersonalKey {
  macKey: string;
}

export const CIPHERTEXT_PREFIX = 'sm4:';
const CIPHERTEXT = /^sm4:((\d+):([0-9a-f]{32})([0-9a-f]+))(?:\.([0-9a-f]{32}))?$/;
/** The tag's length in hex: 128 bits of the HMAC-SM3. */
const TAG_HEX = 32;

// sm-crypto is CommonJS: its functions are properties of the default export under Node's ESM loader.
const { sm3, sm4 } = smCrypto;

/** HMAC-SM3 (hex): OpenSSL's when Node's has SM3 (several times faster), else sm-crypto's; both give the same digest. */
const hmacSm3: (keyHex: string, value: string) => string = getHashes().includes('sm3')
  ? (keyHex, value) => createHmac('sm3', Buffer.from(keyHex, 'hex')).update(value, 'utf8').digest('hex')
  : (keyHex, value) => sm3(value, { key: keyHex });

export const newPersonalKey = (id: number): PersonalKey => ({
  id,
  cipherKey: randomBytes(16).toString('hex'),
  indexKey: randomBytes(32).toString('hex'),
  tagged: 1,
});

/** The tag key of a key pair: derived from its index key, so that no key serves two purposes. */
const macKeyOf = (key: PersonalKey) => hmacSm3(key.indexKey, 'sso personal data integrity');

const tagOf = (key: LoadedKey, body: string) => hmacSm3(key.macKey, body).slice(0, TAG_HEX);

export class PersonalDataKeys {
  private keys = new Map<number, LoadedKey>();
  private newest: LoadedKey | undefined;

  /** `master` wraps the keys where they are stored (master-key.ts); they are held unwrapped only here. */
  constructor(readonly master: MasterKey) {}

  /** Replaces the keys known (after a load, an enable or a rotation). */
  use(keys: readonly PersonalKey[]): void {
    this.keys = new Map(keys.map((key) => [key.id, { ...key, macKey: macKeyOf(key) }]));
    this.newest = [...this.keys.values()].reduce<LoadedKey | undefined>((top, key) => (!top || key.id > top.id ? key : top), undefined);
  }

  /** True once a key exists: from then on every new value is written encrypted. */
  get enabled(): boolean {
    return this.newest !== undefined;
  }

  get currentKeyId(): number | undefined {
    return this.newest?.id;
  }

  get keyIds(): number[] {
    return [...this.keys.keys()].sort((a, b) => a - b);
  }

  /** The stored form of a value under the current key; empty and absent values stay as they are. */
  encrypt(plain: string): string {
    const key = this.newest;
    if (!key || plain === '') return plain;
    const iv = randomBytes(16).toString('hex');
    const body = `${key.id}:${iv}${sm4.encrypt(plain, key.cipherKey, { mode: 'cbc', iv })}`;
    return `${CIPHERTEXT_PREFIX}${body}.${tagOf(key, body)}`;
  }

  /**
   * The plain value of a stored one. A value that is not our ciphertext, whose key is unknown, whose
   * tag does not match, or that lacks the tag its key requires, comes back unchanged: never a
   * plain value made up from altered bytes.
   */
  decrypt(stored: string): string {
    const parts = CIPHERTEXT.exec(stored);
    const key = parts && this.keys.get(Number(parts[2]));
    if (!parts || !key) return stored;
    const tag = parts[5];
    if (tag === undefined ? key.tagged === 1 : !sameHex(tag, tagOf(key, parts[1] as string))) return stored;
    try {
      return sm4.decrypt(parts[4] as string, key.cipherKey, { mode: 'cbc', iv: parts[3] as string }) as string;
    } catch {
      return stored;
    }
  }

  /** The key id a stored value was encrypted under, if it is our ciphertext. */
  static keyIdOf(stored: string): number | undefined {
    const parts = CIPHERTEXT.exec(stored);
    return parts ? Number(parts[2]) : undefined;
  }

  /** The index of a value under the current key (written beside the ciphertext). */
  index(plain: string): string | null {
    const key = this.newest;
    return key && plain !== '' ? hmacSm3(key.indexKey, plain) : null;
  }

  /** The value's index under every known key: a search matches rows not yet moved to the current key too. */
  indexesOf(plain: string): string[] {
    return [...this.keys.values()].map((key) => hmacSm3(key.indexKey, plain));
  }
}

const sameHex = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));
