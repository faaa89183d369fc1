import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { SECURITY_HEADERS } from '../http/security-headers.js';

/** The one script of the page: submits its form (allowed by its hash, no other inline script runs). */
const SUBMIT_SCRIPT = 'document.forms[0].submit();';
const SCRIPT_HASH = `'sha256-${createHash('sha256').update(SUBMIT_SCRIPT).digest('base64')}'`;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/**
 * The platform's policy for this one page: a form post to the application's assertion consumer
 * service (the HTTP-POST binding) is the page's whole purpose, so form-action names that origin
 * alone, and the submitting script runs by its hash; everything else stays as strict as elsewhere.
 */
function policyFor(target: URL): string {
  const base = SECURITY_HEADERS['content-security-policy'] ?? '';
  const directives = new Map<string, string>();
  for (const directive of base.split(';')) {
    const [name = '', ...values] = directive.trim().split(/\s+/);
    if (name) directives.set(name, values.join(' '));
  }
  directives.set('form-action', target.origin);
  directives.set('script-src', `'self' ${SCRIPT_HASH}`);
  return [...directives].map(([name, value]) => `${name} ${value}`.trim()).join('; ');
}

/** Answers the page that posts a SAML message to the application: a form of hidden fields, submitted at once. */
export function sendPostForm(reply: FastifyReply, url: string, fields: Record<string, string>) {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  const html =
    '<!doctype html><html><head><meta charset="utf-8"><title>SAML</title></head><body>' +
    `<form method="post" action="${escapeHtml(url)}">${inputs}<noscript><button type="submit">Continue</button></noscript></form>` +
    `<script>${SUBMIT_SCRIPT}</script></body></html>`;
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', policyFor(new URL(url)))
    .send(html);
}
