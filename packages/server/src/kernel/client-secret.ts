import { createHash, timingSafeEqual } from 'node:crypto';

/** Client secrets are kept as `sha256$<hex>`; BladeX's `{noop}secret` rows are accepted on import. */
export function hashClientSecret(secret: string): string {
  return `sha256$${createHash('sha256').update(secret).digest('hex')}`;
}

/**
 * The one check of a presented client secret against the stored one (applications' and OAuth
 * clients' alike): hashes compared in constant time, so that the time taken says nothing about
 * how much of a guess was right. A stored `{noop}` secret (BladeX's plain form) is hashed first.
 */
export function clientSecretMatches(stored: string, presented: string): boolean {
  const expected = Buffer.from(stored.startsWith('{noop}') ? hashClientSecret(stored.slice(6)) : stored);
  const given = Buffer.from(hashClientSecret(presented));
  return expected.length === given.length && timingSafeEqual(expected, given);
}
