/**
 * Where a token may be sent: only to an address that matches a registered redirect URI. A target
 * matches a registered URI when scheme, host and port are the same (default ports normalised,
 * scheme and host compared without case) and the target's path lies under the registered path on
 * a `/` boundary (`/app` covers `/app`, `/app/` and `/app/x`, never `/application`). The target's
 * query and fragment are free.
 *
 * Anything a browser or a server might read differently from this check is refused before
 * comparing: whitespace, control characters, backslashes, userinfo (`user@host`), addresses
 * without an explicit `http://` or `https://` (`//host`, `javascript:`), hosts the URL parser
 * rewrites (IDN look-alikes, full-width dots, numeric tricks) and percent-encoded `/`, `\` or `.`
 * in the path, which a server may decode after the check to climb out of the registered path.
 */

/** Longest address accepted (a hand-off URL also carries a token). */
export const MAX_REDIRECT_LENGTH = 2048;

/** Controls, invisible formatting (zero-width, bidi overrides), any whitespace, and backslashes. */
const UNSAFE_CHARACTERS = /[\p{Cc}\p{Cf}\p{Z}\s\\]/u;
const EXPLICIT_HTTP = /^(https?):\/\/([^/?#]*)/i;
const ASCII_AUTHORITY = /^[a-z0-9.\-[\]:]+$/i;
const ENCODED_SEPARATOR = /%(2f|5c|2e)/i;
const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

/**
 * The target as a normalised URL when it is a plain absolute http(s) address that every reader
 * understands the same way, or undefined.
 */
export function parseRedirectAddress(raw: string): URL | undefined {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_REDIRECT_LENGTH) return undefined;
  if (UNSAFE_CHARACTERS.test(raw)) return undefined;
  const head = EXPLICIT_HTTP.exec(raw);
  const authority = head?.[2];
  if (!head || !authority) return undefined;
  if (authority.includes('@') || !ASCII_AUTHORITY.test(authority)) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.username || url.password) return undefined;
  // The parser must keep the host as written (lower-cased, a default port may be dropped).
  const written = authority.toLowerCase();
  const defaultPort = DEFAULT_PORTS[url.protocol];
  if (written !== url.host && !(url.port === '' && written === `${url.hostname}:${defaultPort}`)) return undefined;
  const rawPath = raw.slice(head[0].length).split(/[?#]/, 1)[0] ?? '';
  if (ENCODED_SEPARATOR.test(rawPath)) return undefined;
  return url;
}

/**
 * A registered redirect URI as a URL, or undefined when it cannot be one: the target rules, plus
 * no wildcard and no fragment.
 */
export function parseRegisteredRedirectUri(raw: string): URL | undefined {
  const trimmed = typeof raw === 'string' ? raw.trim() : '';
  if (trimmed.includes('*') || trimmed.includes('#')) return undefined;
  return parseRedirectAddress(trimmed);
}

/** The entries of a comma-separated list of redirect URIs (as BladeX stores them), blanks dropped. */
export function splitRedirectUris(list: string | null | undefined): string[] {
  return (list ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** The entries of a comma-separated list that are not acceptable redirect URIs. */
export function invalidRedirectUris(list: string | null | undefined): string[] {
  return splitRedirectUris(list).filter((entry) => !parseRegisteredRedirectUri(entry));
}

function pathIsUnder(path: string, registeredPath: string): boolean {
  const base = registeredPath.replace(/\/+$/, '');
  return path === base || path.startsWith(`${base}/`);
}

/** Whether a parsed target falls under one parsed registered URI. */
export function redirectMatches(target: URL, registered: URL): boolean {
  return (
    target.protocol === registered.protocol &&
    target.hostname === registered.hostname &&
    target.port === registered.port &&
    pathIsUnder(target.pathname, registered.pathname)
  );
}

/**
 * The target, normalised, when it matches one of the registered URIs; undefined otherwise.
 * Registered entries that are not valid URIs never match.
 */
export function matchRegisteredRedirect(target: string, registered: Iterable<string>): URL | undefined {
  const url = parseRedirectAddress(target);
  if (!url) return undefined;
  for (const entry of registered) {
    const uri = parseRegisteredRedirectUri(entry);
    if (uri && redirectMatches(url, uri)) return url;
  }
  return undefined;
}
