import { createHmac, getHashes, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import smCrypto from 'sm-crypto';
import type { Config } from '../kernel/config.js';

/**
 * The master key wraps the personal-data keys (SM4 key-wrap: SM4-CBC under the master key, a
 * random IV, and an HMAC-SM3 tag under a key derived from it), so that a copy of the database
 * alone reads none of the data they protect. The master key is never stored in the database: it
 * comes from SSO_MASTER_KEY (32 hex digits, 128 bits), from the file SSO_MASTER_KEY_FILE names, or,
 * when neither is set, from `master.key` in the data directory, made at random (mode 0600) at the
 * first start so that a laptop start needs nothing. A deployment keeps it in its certified
 * cryptographic module and hands it to the server through one of the two settings.
 */
export class MasterKeyError extends Error {}

export interface MasterKey {
  /** 16 bytes, hex. */
  hex: string;
  /** Where it came from, for messages: the setting or the file. */
  source: string;
  /** The data directory's `master.key` when it came from there (neither setting set): a rewrap replaces it. */
  dataDirFile?: string;
}

const KEY_HEX = /^[0-9a-fA-F]{32}$/;
export const WRAPPED_PREFIX = 'sm4kw:';
const WRAPPED = /^sm4kw:([0-9a-f]{32})([0-9a-f]+)\.([0-9a-f]{64})$/;
export const MASTER_KEY_FILE_NAME = 'master.key';

// sm-crypto is CommonJS: its functions are properties of the default export under Node's ESM loader.
const { sm3, sm4 } = smCrypto;
const hmacSm3: (keyHex: string, value: string) => string = getHashes().includes('sm3')
  ? (keyHex, value) => createHmac('sm3', Buffer.from(keyHex, 'hex')).update(value, 'utf8').digest('hex')
  : (keyHex, value) => sm3(value, { key: keyHex });

function parsed(text: string, source: string): MasterKey {
  const hex = text.trim();
  if (!KEY_HEX.test(hex))
    throw new MasterKeyError(`${source}: the master key must be 32 hex digits (128 bits for SM4), got ${hex.length} characters`);
  return { hex: hex.toLowerCase(), source };
}

function readKeyFile(path: string, source: string): MasterKey {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new MasterKeyError(`${source}: the master key file cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  return parsed(text, source);
}

/**
 * The master key of this start. Without a setting: the data directory's file, made at the first
 * start (created exclusively, so two processes starting at once share the first one's); an
 * in-memory database gets one for the life of the process, as its data has.
 */
export function resolveMasterKey(config: Config): MasterKey {
  if (config.SSO_MASTER_KEY) return parsed(config.SSO_MASTER_KEY, 'SSO_MASTER_KEY');
  if (config.SSO_MASTER_KEY_FILE) return readKeyFile(config.SSO_MASTER_KEY_FILE, `SSO_MASTER_KEY_FILE=${config.SSO_MASTER_KEY_FILE}`);
  if (config.SSO_DATA_DIR === 'memory://')
    return { hex: randomBytes(16).toString('hex'), source: 'a key of this process (in-memory database)' };
  const dir = resolve(config.SSO_DATA_DIR);
  const path = join(dir, MASTER_KEY_FILE_NAME);
  const source = `${path} (made at the first start; set SSO_MASTER_KEY or SSO_MASTER_KEY_FILE to supply your own)`;
  mkdirSync(dir, { recursive: true });
  try {
    writeFileSync(path, `${randomBytes(16).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return { ...readKeyFile(path, source), dataDirFile: path };
}

/**
 * The master key a rewrap (db/master-key-rewrap.ts) wraps the stored keys under: from
 * SSO_NEW_MASTER_KEY, or the file SSO_NEW_MASTER_KEY_FILE names, checked as the current one is.
 */
export function resolveNewMasterKey(env: Readonly<Record<string, string | undefined>>): MasterKey {
  if (env.SSO_NEW_MASTER_KEY) return parsed(env.SSO_NEW_MASTER_KEY, 'SSO_NEW_MASTER_KEY');
  const file = env.SSO_NEW_MASTER_KEY_FILE;
  if (file) return readKeyFile(file, `SSO_NEW_MASTER_KEY_FILE=${file}`);
  throw new MasterKeyError('SSO_NEW_MASTER_KEY or SSO_NEW_MASTER_KEY_FILE: set one to the new master key (32 hex digits)');
}

/** The tag key: derived from the master key, so that no key serves two purposes. */
const macKeyOf = (master: MasterKey) => hmacSm3(master.hex, 'sso master key wrap');

export const isWrapped = (stored: string) => stored.startsWith(WRAPPED_PREFIX);

/** A data key (hex) wrapped under the master key, as stored. */
export function wrapKey(master: MasterKey, keyHex: string): string {
  const iv = randomBytes(16).toString('hex');
  const body = `${iv}${sm4.encrypt(keyHex, master.hex, { mode: 'cbc', iv })}`;
  return `${WRAPPED_PREFIX}${body}.${hmacSm3(macKeyOf(master), body)}`;
}

/**
 * The data key a stored wrapping holds. A tag that does not match (another master key, or altered
 * bytes) is refused with an error naming the key and where the master key came from: never a key
 * made up from the wrong master key, which would turn every value into garbage.
 */
export function unwrapKey(master: MasterKey, stored: string, what: string): string {
  const parts = WRAPPED.exec(stored);
  if (!parts) throw new MasterKeyError(`${what} is not a wrapped key`);
  const [, iv, ciphertext, tag] = parts as unknown as [string, string, string, string];
  const expected = Buffer.from(hmacSm3(macKeyOf(master), `${iv}${ciphertext}`), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(tag, 'hex'))) {
    throw new MasterKeyError(
      `the master key from ${master.source} does not open ${what}: start with the master key it was wrapped under (every node of a cluster needs the same one)`,
    );
  }
  return sm4.decrypt(ciphertext, master.hex, { mode: 'cbc', iv }) as string;
}
