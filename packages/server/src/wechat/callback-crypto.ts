import { createCipheriv, createDecipheriv, createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * WeChat's callback signatures and its "safe mode" message encryption (the scheme of its
 * WXBizMsgCrypt samples): SHA-1 over the sorted strings; AES-256-CBC with the key of the
 * EncodingAESKey (43 base64 characters + "="), the first 16 bytes of the key as IV, PKCS#7
 * padding to 32-byte blocks, the plain text being 16 random bytes, the message length (4 bytes,
 * big-endian), the message and the AppID.
 */
export function signatureOf(...parts: string[]): string {
  return createHash('sha1')
    .update([...parts].sort().join(''))
    .digest('hex');
}

/** Compares a signature in constant time; anything that is not 40 hex characters fails. */
export function signatureMatches(expected: string, given: string | undefined): boolean {
  if (!given || !/^[0-9a-f]{40}$/i.test(given)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given.toLowerCase(), 'hex'));
}

const BLOCK = 32;

function keyOf(aesKey: string): Buffer {
  const key = Buffer.from(`${aesKey}=`, 'base64');
  if (key.length !== 32) throw new Error('EncodingAESKey must be 43 base64 characters');
  return key;
}

/** The message and the AppID it was encrypted for, or undefined when it cannot be decrypted. */
export function decryptMessage(aesKey: string, encrypted: string): { message: string; appId: string } | undefined {
  try {
    const key = keyOf(aesKey);
    const decipher = createDecipheriv('aes-256-cbc', key, key.subarray(0, 16));
    decipher.setAutoPadding(false);
    const padded = Buffer.concat([decipher.update(Buffer.from(encrypted, 'base64')), decipher.final()]);
    const pad = padded[padded.length - 1] ?? 0;
    if (pad < 1 || pad > BLOCK || pad > padded.length) return undefined;
    const plain = padded.subarray(0, padded.length - pad);
    if (plain.length < 20) return undefined;
    const length = plain.readUInt32BE(16);
    if (20 + length > plain.length) return undefined;
    return { message: plain.subarray(20, 20 + length).toString('utf8'), appId: plain.subarray(20 + length).toString('utf8') };
  } catch {
    return undefined;
  }
}

/** Encrypts a message for an AppID as WeChat does (tests play WeChat with it; replies may use it). */
export function encryptMessage(aesKey: string, message: string, appId: string): string {
  const key = keyOf(aesKey);
  const body = Buffer.from(message, 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  const plain = Buffer.concat([randomBytes(16), length, body, Buffer.from(appId, 'utf8')]);
  const pad = BLOCK - (plain.length % BLOCK);
  const cipher = createCipheriv('aes-256-cbc', key, key.subarray(0, 16));
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(Buffer.concat([plain, Buffer.alloc(pad, pad)])), cipher.final()]).toString('base64');
}

/**
 * The fields of a WeChat XML message (`<xml><ToUserName><![CDATA[…]]></ToUserName>…</xml>`): the
 * direct children of the root, text or CDATA. Anything with a DOCTYPE or entity declaration is
 * refused (undefined), as is anything that is not one flat `<xml>` element.
 */
export function parseWechatXml(text: string): Record<string, string> | undefined {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) return undefined;
  const root = /^\s*(?:<\?xml[^>]*\?>\s*)?<xml>([\s\S]*)<\/xml>\s*$/.exec(text);
  if (!root) return undefined;
  const fields: Record<string, string> = {};
  // A field's content is text and CDATA sections (a value holding "]]>" is written as two sections).
  const field = /<([A-Za-z_][\w]*)>((?:<!\[CDATA\[[\s\S]*?\]\]>|[^<])*)<\/\1>|<([A-Za-z_][\w]*)>[\s\S]*?<\/\3>/g;
  const body = root[1] ?? '';
  for (let match = field.exec(body); match; match = field.exec(body)) {
    if (match[1]) fields[match[1]] = fieldText(match[2] ?? '');
  }
  return fields;
}

const fieldText = (content: string) =>
  content
    .split(/(<!\[CDATA\[[\s\S]*?\]\]>)/)
    .map((part) => (part.startsWith('<![CDATA[') ? part.slice(9, -3) : unescapeXml(part)))
    .join('');

const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** A flat WeChat XML message of these fields, each in CDATA. */
export function wechatXml(fields: Record<string, string | number>): string {
  const body = Object.entries(fields)
    .map(([name, value]) =>
      typeof value === 'number'
        ? `<${name}>${value}</${name}>`
        : `<${name}><![CDATA[${value.replace(/]]>/g, ']]]]><![CDATA[>')}]]></${name}>`,
    )
    .join('');
  return `<xml>${body}</xml>`;
}
