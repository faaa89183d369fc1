/** A client's id and secret as presented in an `Authorization: Basic` header. */
export interface BasicCredentials {
  id: string;
  secret: string;
}

const BASIC = /^basic\s+/i;

function percentDecoded(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/**
 * The one reader of `Authorization: Basic base64(id:secret)` for every endpoint a client
 * authenticates at (the platform token endpoint, the hand-off exchange, applications calling as
 * themselves). Id and secret are percent-decoded, as OAuth 2.0 (RFC 6749 §2.3.1) has clients
 * encode them; an id or secret without `%` reads as sent, as BladeX clients send them. Anything
 * malformed (no colon, an empty id, a broken escape) is no credentials at all, which the caller
 * answers 401, never an error of the server.
 */
export function basicCredentials(header: string | undefined): BasicCredentials | undefined {
  if (!header || !BASIC.test(header)) return undefined;
  const decoded = Buffer.from(header.replace(BASIC, '').trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return undefined;
  const id = percentDecoded(decoded.slice(0, colon));
  const secret = percentDecoded(decoded.slice(colon + 1));
  return id && secret !== undefined ? { id, secret } : undefined;
}
