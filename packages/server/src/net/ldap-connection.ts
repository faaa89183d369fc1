import { isIP } from 'node:net';
import { badRequest } from '@sso/shared-api';
import { Client, type Entry } from 'ldapts';
import { type OutboundGuard, OutboundRefused } from './outbound-guard.js';

/**
 * Connections to a tenant's LDAP / Active Directory server, shared by the directory sync (which
 * reads the tree) and the directory-password sign-in (which binds as the person): both reach the
 * server only at the address the outbound guard checked for that tenant.
 */
export interface LdapAddress {
  tenantId: string;
  /** ldap:// or ldaps:// */
  url: string;
  /** Upgrade an ldap:// connection with StartTLS. */
  startTls?: boolean;
  /** false accepts any certificate (a test directory); the default checks it. */
  tlsVerify?: boolean;
  /** How long each operation may take (default 60 s). */
  timeoutSeconds?: number;
}

/** OpenLDAP's inetOrgPerson, or an Active Directory user (objectCategory is unknown to OpenLDAP, so false there). */
export const DEFAULT_USER_FILTER = '(|(objectClass=inetOrgPerson)(&(objectCategory=person)(objectClass=user)))';
/** The attribute holding the account when a source names none (OpenLDAP's uid). */
export const DEFAULT_ACCOUNT_ATTR = 'uid';

/** One or more base DNs, separated by `;` or new lines (a DN itself holds commas). */
export const baseDnsOf = (text: string) =>
  text
    .split(/[;\n]/)
    .map((dn) => dn.trim())
    .filter(Boolean);

/**
 * A value escaped for an LDAP filter (RFC 4515): `*`, `(`, `)`, `\` and NUL become `\2a`, `\28`,
 * `\29`, `\5c`, `\00`, so an account such as `*)(uid=*` matches itself and nothing else.
 */
export const escapeFilterValue = (value: string) =>
  value.replace(/[*()\\\0]/g, (ch) => `\\${ch.charCodeAt(0).toString(16).padStart(2, '0')}`);

/** objectGUID as Active Directory shows it (the first three groups little-endian). */
function guidText(raw: Buffer): string {
  const hex = (bytes: Buffer) => bytes.toString('hex');
  const le = (from: number, to: number) => hex(Buffer.from(raw.subarray(from, to)).reverse());
  return `${le(0, 4)}-${le(4, 6)}-${le(6, 8)}-${hex(raw.subarray(8, 10))}-${hex(raw.subarray(10, 16))}`;
}

/** The first value of an attribute, named in any case, as trimmed text; null when absent or empty. */
export function firstValue(entry: Entry, attribute: string | undefined): string | null {
  if (!attribute) return null;
  const key = Object.keys(entry).find((k) => k.toLowerCase() === attribute.toLowerCase());
  if (!key) return null;
  const value = entry[key];
  const one = Array.isArray(value) ? value[0] : value;
  if (one === undefined) return null;
  const text = (Buffer.isBuffer(one) ? one.toString('utf8') : String(one)).trim();
  return text || null;
}

/** The key an entry keeps through renames and moves: entryUUID (OpenLDAP and most servers) or objectGUID (Active Directory). */
export function stableKey(entry: Entry): string | null {
  const uuid = firstValue(entry, 'entryUUID');
  if (uuid) return uuid.toLowerCase();
  const guid = entry.objectGUID ?? entry.objectguid;
  const raw = Array.isArray(guid) ? guid[0] : guid;
  if (Buffer.isBuffer(raw) && raw.length === 16) return guidText(raw);
  return null;
}

/** Connects to the directory at the address the outbound guard checked for this tenant, never another. */
export async function connectLdap(guard: OutboundGuard, settings: LdapAddress): Promise<Client> {
  const url = new URL(settings.url);
  const secure = url.protocol.toLowerCase() === 'ldaps:';
  const port = url.port ? Number(url.port) : secure ? 636 : 389;
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  let address: string;
  try {
    address = await guard.resolve(settings.tenantId, `${hostname}:${port}`);
  } catch (error) {
    if (error instanceof OutboundRefused) throw badRequest(error.said);
    throw error;
  }
  const shown = address.includes(':') ? `[${address}]` : address;
  // The certificate is checked against the configured name, not the address connected to.
  const tls = { ...(isIP(hostname) ? {} : { servername: hostname }), rejectUnauthorized: settings.tlsVerify !== false };
  // ldapts speaks TLS from the start whenever it is given TLS options: only ldaps:// gets them.
  const client = new Client({
    url: `${secure ? 'ldaps' : 'ldap'}://${shown}:${port}`,
    connectTimeout: 10_000,
    timeout: (settings.timeoutSeconds ?? 60) * 1000,
    ...(secure ? { tlsOptions: tls } : {}),
  });
  if (!secure && settings.startTls) await client.startTLS(tls);
  return client;
}
