import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../api-suite.testkit.js';

/** Security headers on the web app, on API answers (good and refused) and on /doc.html. */
const webDir = mkdtempSync(join(tmpdir(), 'sso-web-'));
writeFileSync(
  join(webDir, 'index.html'),
  '<!doctype html><div id="root"></div><script type="module" src="/assets/app-3f2a9c.js"></script>',
);
mkdirSync(join(webDir, 'assets'));
writeFileSync(join(webDir, 'assets', 'app-3f2a9c.js'), 'console.log(1)');
// Behind a trusted proxy, X-Forwarded-Proto decides whether the request came over HTTPS.
const suite = useTestServer({ SSO_WEB_DIR: webDir, SSO_TRUST_PROXY: 'true' });

async function headersOf(path: string, headers: Record<string, string> = {}) {
  const response = await request(`${suite.server.baseUrl}${path}`, { headers });
  await response.body.dump();
  return { status: response.statusCode, headers: response.headers as Record<string, string | undefined> };
}

const APP_POLICY =
  "default-src 'self';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';" +
  "img-src 'self' data: blob: https: http:;font-src 'self' data:;connect-src 'self';frame-ancestors 'self';" +
  "object-src 'none';base-uri 'self';form-action 'self'";

const COMMON = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'SAMEORIGIN',
};

describe('security headers', () => {
  it('come with the web app and its client-side routes', async () => {
    for (const path of ['/', '/login', '/system/user']) {
      const answer = await headersOf(path);
      expect(answer.status).toBe(200);
      expect(answer.headers).toMatchObject({ ...COMMON, 'content-security-policy': APP_POLICY });
      expect(answer.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('let the browser keep the hashed assets for a year and ask again for index.html, answered 304 when unchanged', async () => {
    expect((await headersOf('/assets/app-3f2a9c.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const path of ['/', '/login']) {
      const page = await headersOf(path);
      expect(page.headers['cache-control']).toBe('no-cache');
      const etag = page.headers.etag ?? '';
      expect(etag).not.toBe('');
      expect((await headersOf(path, { 'if-none-match': etag })).status).toBe(304);
    }
  });

  it('come with API answers: a list, refusals of the access check, the input guard and the router', async () => {
    const token = suite.admin.session?.token.access_token ?? '';
    const answers = [
      await headersOf('/api/blade-system/param/list', { 'blade-auth': `bearer ${token}` }),
      await headersOf('/api/blade-system/param/list'),
      await headersOf('/api/blade-system/tenant/info?domain=%00'),
      await headersOf('/api/blade-system/%FF/list'),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 401, 400, 400]);
    for (const answer of answers) expect(answer.headers).toMatchObject({ ...COMMON, 'content-security-policy': APP_POLICY });
  });

  it('add HSTS only when the request arrived over HTTPS', async () => {
    expect((await headersOf('/login', { 'x-forwarded-proto': 'https' })).headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect((await headersOf('/login', { 'x-forwarded-proto': 'http' })).headers['strict-transport-security']).toBeUndefined();
  });

  it("give /doc.html swagger-ui's own policy, without forcing HTTPS", async () => {
    const { status, headers } = await headersOf('/doc.html');
    expect(status).toBe(200);
    const policy = headers['content-security-policy'] ?? '';
    // Only its own files (and hashes of inline scripts, should a version have any): never unsafe-inline.
    expect(policy).toMatch(/script-src 'self'( 'sha256-[^']+')*;/);
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).toContain("form-action 'self'");
    expect(policy).not.toContain('upgrade-insecure-requests');
    expect(headers).toMatchObject(COMMON);
  });
});
