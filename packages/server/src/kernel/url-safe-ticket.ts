import { randomBytes } from 'node:crypto';

/**
 * Letters and digits only. CAS 3.0 §3.7 allows only `A-Z a-z 0-9 -` in a ticket, and clients
 * such as Apache mod_auth_cas treat any other ticket as absent; WeChat allows only letters and
 * digits in an OAuth `state`. Every ticket or code the platform puts in an address uses this set.
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Characters drawn per ticket: 27 of 62 carry 160.7 random bits (CAS asks for tickets clients accept up to 32 characters). */
export const TICKET_RANDOM_CHARACTERS = Math.ceil(160 / Math.log2(ALPHABET.length));

/** Bytes at or above this are skipped, so that every character is equally likely (248 = 4 × 62). */
const UNBIASED_LIMIT = 256 - (256 % ALPHABET.length);

/**
 * A one-time ticket or code to hand out in an address: the prefix (`ST-`, `HC-`, or none), then
 * at least 160 random bits written in letters and digits.
 */
export function urlSafeTicket(prefix = ''): string {
  let body = '';
  while (body.length < TICKET_RANDOM_CHARACTERS) {
    for (const byte of randomBytes(TICKET_RANDOM_CHARACTERS * 2)) {
      if (byte < UNBIASED_LIMIT && body.length < TICKET_RANDOM_CHARACTERS) body += ALPHABET[byte % ALPHABET.length];
    }
  }
  return `${prefix}${body}`;
}
