import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SAML, type SamlConfig, ValidateInResponseTo } from '@node-saml/node-saml';
import type { ApiSuite } from '../api-suite.testkit.js';
import { newKey, type SamlKey } from './keys.js';

/** The identity provider's certificates as its metadata publishes them (current first). */
export async function idpCertificates(suite: ApiSuite, tenantId = '000000'): Promise<string[]> {
  const xml = await (await fetch(`${suite.server.baseUrl}/saml/${tenantId}/metadata`)).text();
  return [...xml.matchAll(/<(?:ds:)?X509Certificate>([^<]+)</g)].map((match) => match[1]?.replace(/\s+/g, '') ?? '');
}

/** A service provider's own key pair (signs its requests, decrypts assertions). */
export const spKey = (): Promise<SamlKey> => newKey('sp');

export interface SpOptions {
  entityId: string;
  acs: string;
  idpCerts: string[];
  key?: SamlKey;
  /** Sign the AuthnRequest with `key`. */
  signRequests?: boolean;
  wantAssertionsSigned?: boolean;
  wantResponseSigned?: boolean;
  validateInResponseTo?: ValidateInResponseTo;
  /** Send AuthnRequests by HTTP-POST (an enveloped signature) instead of HTTP-Redirect. */
  postBinding?: boolean;
  /** Ask for a fresh authentication (`ForceAuthn="true"`). */
  forceAuthn?: boolean;
}

/**
 * A service provider built with @node-saml/node-saml (an independent SAML implementation): it
 * makes AuthnRequests to the platform's single sign-on service and validates the responses.
 */
export function serviceProvider(suite: ApiSuite, options: SpOptions, tenantId = '000000'): SAML {
  const config: SamlConfig = {
    entryPoint: `${suite.server.baseUrl}/saml/${tenantId}/sso`,
    issuer: options.entityId,
    callbackUrl: options.acs,
    audience: options.entityId,
    idpIssuer: `${suite.server.baseUrl}/saml/${tenantId}/metadata`,
    idpCert: options.idpCerts,
    identifierFormat: null,
    wantAssertionsSigned: options.wantAssertionsSigned ?? true,
    wantAuthnResponseSigned: options.wantResponseSigned ?? true,
    validateInResponseTo: options.validateInResponseTo ?? ValidateInResponseTo.always,
    acceptedClockSkewMs: 0,
    signatureAlgorithm: 'sha256',
    disableRequestedAuthnContext: true,
    logoutUrl: `${suite.server.baseUrl}/saml/${tenantId}/slo`,
    ...(options.postBinding ? { authnRequestBinding: 'HTTP-POST' } : {}),
    ...(options.forceAuthn ? { forceAuthn: true } : {}),
    ...(options.key ? { decryptionPvk: options.key.privateKey } : {}),
    ...(options.key && options.signRequests ? { privateKey: options.key.privateKey } : {}),
  };
  return new SAML(config);
}

/** An HTTP server on 127.0.0.1 that records the SOAP logout requests posted to it. */
export async function logoutReceiver() {
  const received: string[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push(body);
      response.writeHead(200, { 'content-type': 'text/xml' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const unescapeHtml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** What the browser posts from the page of the HTTP-POST binding: the form's address and its hidden fields. */
export function postedForm(html: string): { url: string; fields: Record<string, string> } {
  const url = unescapeHtml(/<form method="post" action="([^"]*)"/.exec(html)?.[1] ?? '');
  const fields = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map((match) => [match[1], unescapeHtml(match[2] ?? '')]),
  );
  return { url, fields };
}
