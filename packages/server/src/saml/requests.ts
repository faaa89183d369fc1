import { inflateRawSync } from 'node:zlib';
import { samlify } from './entities.js';

/** The binding a message came by: HTTP-Redirect (query) or HTTP-POST (form). */
export type SamlBinding = 'redirect' | 'post';

/** A SAML message as it arrived: its parameters, and for HTTP-Redirect the signed part of the query as sent. */
export interface IncomingMessage {
  binding: SamlBinding;
  params: Record<string, string>;
  /** HTTP-Redirect: `SAMLRequest=…&RelayState=…&SigAlg=…` exactly as encoded in the address (what the signature covers). */
  octetString: string;
}

const SIGNED_PARAMS = ['SAMLRequest', 'SAMLResponse', 'RelayState', 'SigAlg'];

/** The message of a GET (HTTP-Redirect) or POST (HTTP-POST) to an endpoint; strings only, anything else dropped. */
export function incomingMessage(method: string, rawUrl: string, body: unknown): IncomingMessage {
  if (method === 'GET') {
    const raw = rawUrl.split('?')[1] ?? '';
    const pairs = raw.split('&').filter(Boolean);
    const params: Record<string, string> = {};
    const signed: string[] = [];
    for (const pair of pairs) {
      const [name = '', value = ''] = pair.split('=');
      let decoded: string;
      try {
        decoded = decodeURIComponent(value.replace(/\+/g, ' '));
      } catch {
        continue;
      }
      if (!(name in params)) params[name] = decoded;
      if (SIGNED_PARAMS.includes(name)) signed.push(pair);
    }
    // The signed octets are in the order the binding fixes, whatever order the address had them in.
    signed.sort((a, b) => SIGNED_PARAMS.indexOf(a.split('=')[0] ?? '') - SIGNED_PARAMS.indexOf(b.split('=')[0] ?? ''));
    return { binding: 'redirect', params, octetString: signed.join('&') };
  }
  const params: Record<string, string> = {};
  if (body && typeof body === 'object') {
    for (const [name, value] of Object.entries(body as Record<string, unknown>)) if (typeof value === 'string') params[name] = value;
  }
  return { binding: 'post', params, octetString: '' };
}

/** A SAML message is small: a deflated one that grows past this is refused before it is read (a deflate bomb). */
const MAX_MESSAGE_BYTES = 256 * 1024;

const inflate = (encoded: string) =>
  inflateRawSync(Buffer.from(encoded, 'base64'), { maxOutputLength: MAX_MESSAGE_BYTES }).toString('utf8');

/** The XML of a message: deflated and base64 for HTTP-Redirect, base64 (deflated or not) for HTTP-POST; undefined when it is neither. */
export function messageXml(message: IncomingMessage, name: 'SAMLRequest' | 'SAMLResponse'): string | undefined {
  const encoded = message.params[name];
  if (!encoded) return undefined;
  try {
    if (message.binding === 'redirect') return inflate(encoded);
    const plain = Buffer.from(encoded, 'base64').toString('utf8');
    if (plain.trimStart().startsWith('<')) return plain;
    // Some service providers (node-saml's default) deflate for HTTP-POST too: read it, and hand the
    // plain document on (its signature is inside it, so re-encoding leaves it intact).
    const inflated = inflate(encoded);
    message.params[name] = Buffer.from(inflated, 'utf8').toString('base64');
    return inflated;
  } catch {
    return undefined;
  }
}

/** What samlify's flow reads of a message: the query (with the octet string) or the body. */
export function flowRequest(message: IncomingMessage) {
  return message.binding === 'redirect' ? { query: message.params, octetString: message.octetString } : { body: message.params };
}

/**
 * The Issuer of a request, read before anything is trusted to find whose request it is (the
 * service provider's settings then check the whole message). A document with a DTD is refused
 * here: SAML never has one, and entity declarations are how expansion and external entities come.
 */
export function peekIssuer(xml: string): string | undefined {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml) || hasCommentInName(xml)) return undefined;
  try {
    const roots = ['AuthnRequest', 'LogoutRequest', 'LogoutResponse'];
    const found = samlify().Extractor.extract(
      xml,
      roots.map((root) => ({ key: root, localPath: [root, 'Issuer'], attributes: [] })),
    ) as Record<string, unknown>;
    const issuer = roots.map((root) => found[root]).find((value) => typeof value === 'string' && value.trim());
    return typeof issuer === 'string' ? issuer.trim() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether a comment sits inside an Issuer or NameID: readers disagree on such a name (one takes
 * the text before the comment, another all of it), which is how a signed name is made to say
 * another; SAML messages have no reason to carry one, so they are refused.
 */
export function hasCommentInName(xml: string): boolean {
  return /<(?:[\w-]+:)?(?:Issuer|NameID)\b[^>]*>[^<]*<!--/.test(xml);
}

/**
 * Whether an AuthnRequest asks for a fresh authentication (`ForceAuthn="true"`, or `"1"`, its
 * other xs:boolean spelling): then an existing platform session must not answer it by itself.
 * Read from a request whose signature and form were already checked.
 */
export function forcesAuthn(xml: string): boolean {
  try {
    // One attribute asked for: the extractor answers its value itself (undefined when absent).
    const found = samlify().Extractor.extract(xml, [{ key: 'forceAuthn', localPath: ['AuthnRequest'], attributes: ['ForceAuthn'] }]) as {
      forceAuthn?: unknown;
    };
    const value = found.forceAuthn;
    return typeof value === 'string' && ['true', '1'].includes(value.trim());
  } catch {
    // Unreadable here means unreadable for the fast path: the sign-in page is the safe answer.
    return true;
  }
}
