import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * The Content-Security-Policy of the web app and of every API answer:
 * - scripts only from this origin (the built app has no inline script);
 * - styles from this origin and inline: antd writes its CSS-in-JS into <style> elements;
 * - images from this origin, data:/blob: (previews, charts) and any http(s) origin, since a tenant's
 *   object storage (avatars, attachments) lives wherever its configuration says;
 * - requests only to this origin; no plugins; <base> and form posts only to this origin (the
 *   hand-off to an application is a navigation, not a form post); framed only by this origin.
 */
const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:', 'http:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'frame-ancestors': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
};

/** HSTS is only sent on HTTPS: over plain HTTP it would be ignored, and it must not pin a dev host. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * helmet's headers, worked out once: they do not depend on the request, so each answer gets the
 * same list through Fastify's reply headers (no per-request middleware run or header validation).
 * Referrer-Policy is no-referrer so tokens in URLs (the hand-off's access_token) never leave in a
 * Referer; X-Frame-Options matches frame-ancestors. Cross-origin opener and resource policies stay
 * open enough for the single sign-on hand-off and for applications of the group that show avatars
 * served here.
 */
function helmetHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'sameorigin' },
    strictTransportSecurity: false,
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
  })({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/** The headers every answer carries (answers made before any hook runs set them themselves). */
export const SECURITY_HEADERS = helmetHeaders();

/** Sends the security headers on every answer; swagger-ui (/doc.html) replaces the policy with its own. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    // With SSO_TRUST_PROXY=true, X-Forwarded-Proto of the load balancer decides the protocol.
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
}

/** Directives of swagger-ui's pages that differ from its own policy. */
const DOCS_OVERRIDES: Record<string, string> = {
  // swagger-ui sets inline styles (its version ships no hashes for them); scripts stay its own files.
  'style-src': "'self' 'unsafe-inline'",
  'font-src': "'self' data:",
  'img-src': "'self' data:",
  'connect-src': "'self'",
  'form-action': "'self'",
};

/**
 * The policy of swagger-ui's pages: its own (its files, hashes of inline scripts should a version
 * have any) with the overrides above, and without upgrade-insecure-requests, which would send a
 * plain-HTTP deployment's requests to HTTPS.
 */
export function docsPolicy(policy: string): string {
  const directives = new Map<string, string>();
  for (const directive of policy.split(';')) {
    const [name = '', ...values] = directive.trim().split(/\s+/);
    if (name && name !== 'upgrade-insecure-requests') directives.set(name, values.join(' '));
  }
  for (const [name, value] of Object.entries(DOCS_OVERRIDES)) directives.set(name, value);
  return [...directives].map(([name, value]) => `${name} ${value}`).join('; ');
}
