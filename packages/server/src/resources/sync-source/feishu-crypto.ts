import { createCipheriv, createDecipheriv, createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Feishu's event encryption and signature: the body `{"encrypt": …}` is base64 of a 16-byte IV
 * followed by AES-256-CBC (PKCS#7) of the JSON event, keyed with sha256 of the app's Encrypt Key;
 * `X-Lark-Signature` is the hex sha256 of timestamp + nonce + Encrypt Key + the raw body.
 */
const keyOf = (encryptKey: string) => createHash('sha256').update(encryptKey, 'utf8').digest();

export function feishuDecrypt(encryptKey: string, encrypted: string): string | undefined {
  try {
    const raw = Buffer.from(encrypted, 'base64');
    if (raw.length < 32) return undefined;
    const decipher = createDecipheriv('aes-256-cbc', keyOf(encryptKey), raw.subarray(0, 16));
    return Buffer.concat([decipher.update(raw.subarray(16)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

/** Encrypts an event as Feishu does (tests play Feishu with it). */
export function feishuEncrypt(encryptKey: string, plain: string): string {
  const iv = randomBytes(16);
  const cipher = createCipheriv('aes-256-cbc', keyOf(encryptKey), iv);
  return Buffer.concat([iv, cipher.update(plain, 'utf8'), cipher.final()]).toString('base64');
}

export function feishuSignature(timestamp: string, nonce: string, encryptKey: string, body: string): string {
  return createHash('sha256')
    .update(timestamp + nonce + encryptKey + body, 'utf8')
    .digest('hex');
}

/** Compares in constant time; anything that is not 64 hex characters fails. */
export function feishuSignatureMatches(expected: string, given: string | undefined): boolean {
  if (!given || !/^[0-9a-f]{64}$/i.test(given)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given.toLowerCase(), 'hex'));
}
