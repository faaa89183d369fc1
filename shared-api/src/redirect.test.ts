import { describe, expect, it } from 'vitest';
import { invalidRedirectUris, matchRegisteredRedirect, parseRegisteredRedirectUri } from './redirect.js';
import { handoffQuery, redirectUriList } from './redirect-contract.js';

/** What a client of the platform registered (BladeX's comma-separated field, split). */
const REGISTERED = ['https://registered.com/app', 'http://portal.example:8081/', 'https://api.example.org:8443/cb/'];
const honoured = (target: string) => matchRegisteredRedirect(target, REGISTERED)?.href;

describe('registered redirect targets are honoured', () => {
  it.each([
    ['https://registered.com/app', 'https://registered.com/app'],
    ['https://registered.com/app/', 'https://registered.com/app/'],
    ['https://registered.com/app/x/y', 'https://registered.com/app/x/y'],
    ['https://registered.com/app?x=1&y=2', 'https://registered.com/app?x=1&y=2'],
    ['https://registered.com/app#frag', 'https://registered.com/app#frag'],
    ['https://registered.com:443/app/x', 'https://registered.com/app/x'],
    ['HTTPS://REGISTERED.COM/app/x', 'https://registered.com/app/x'],
    ['https://registered.com/app/x/../y', 'https://registered.com/app/y'],
    ['http://portal.example:8081/', 'http://portal.example:8081/'],
    ['http://portal.example:8081/anything/below?q=1', 'http://portal.example:8081/anything/below?q=1'],
    ['https://api.example.org:8443/cb', 'https://api.example.org:8443/cb'],
    ['https://api.example.org:8443/cb/done', 'https://api.example.org:8443/cb/done'],
  ])('%s', (target, normalised) => {
    expect(honoured(target)).toBe(normalised);
  });

  it('normalises default ports on the registered side too (https://a = https://a:443)', () => {
    expect(matchRegisteredRedirect('https://a.example/x', ['https://a.example:443'])?.href).toBe('https://a.example/x');
    expect(matchRegisteredRedirect('http://a.example:80/x', ['http://a.example'])?.href).toBe('http://a.example/x');
  });
});

describe('hostile redirect targets are refused', () => {
  it.each([
    ['another host', 'https://evil.com/app'],
    ['registered name as a subdomain of another host', 'https://registered.com.evil.com/app'],
    ['registered name as a path of another host', 'https://evil.com/registered.com/app'],
    ['a subdomain of the registered host', 'https://x.registered.com/app'],
    ['userinfo', 'https://registered.com@evil.com/app'],
    ['userinfo with the registered host as user', 'https://registered.com:443@evil.com/app'],
    ['userinfo with a password', 'https://user:pass@registered.com/app'],
    ['backslash before the host', 'https:\\\\evil.com/app'],
    ['backslash in the authority', 'https://registered.com\\@evil.com/app'],
    ['backslash in the path', 'https://registered.com/app\\..\\admin'],
    ['encoded slash', 'https://registered.com/app%2f..%2fadmin'],
    ['encoded dots', 'https://registered.com/app/%2e%2e/admin'],
    ['encoded dots, upper case', 'https://registered.com/app/%2E%2E/admin'],
    ['mixed dot and encoded dot', 'https://registered.com/app/.%2e/admin'],
    ['encoded backslash', 'https://registered.com/app/%5c..%5cadmin'],
    ['protocol-relative', '//evil.com/app'],
    ['protocol-relative to the registered host', '//registered.com/app'],
    ['three slashes', '///evil.com/app'],
    ['three slashes after the scheme', 'https:///evil.com/app'],
    ['scheme without slashes', 'https:evil.com/app'],
    ['relative path', '/app'],
    ['javascript:', 'javascript:alert(document.cookie)'],
    ['javascript: with a registered look', 'javascript://registered.com/app%0aalert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['vbscript:', 'vbscript:msgbox(1)'],
    ['file:', 'file:///etc/passwd'],
    ['ftp:', 'ftp://registered.com/app'],
    ['IDN look-alike (Cyrillic і)', 'https://regіstered.com/app'],
    ['punycode of a look-alike', 'https://xn--regstered-y2i.com/app'],
    ['full-width letters that normalise to the registered host', 'https://ｒｅｇｉｓｔｅｒｅｄ.com/app'],
    ['ideographic full stop', 'https://registered。com/app'],
    ['percent-encoded host', 'https://%72egistered.com/app'],
    ['other port', 'https://registered.com:8443/app'],
    ['default port of the other scheme', 'https://registered.com:80/app'],
    ['other scheme', 'http://registered.com/app'],
    ['registered port missing', 'http://portal.example/'],
    ['leading zero port', 'https://registered.com:0443/app'],
    ['trailing dot host', 'https://registered.com./app'],
    ['longer path sharing the prefix', 'https://registered.com/application'],
    ['path traversal out of the prefix', 'https://registered.com/app/../admin'],
    ['upper-case path', 'https://registered.com/APP'],
    ['the host root', 'https://registered.com/'],
    ['tab inside the scheme', 'ht\ttps://registered.com/app'],
    ['tab inside the host', 'https://regis\ttered.com/app'],
    ['newline inside the URL', 'https://registered.com/app\n.evil.com'],
    ['carriage return', 'https://registered.com\r/app'],
    ['leading space', ' https://registered.com/app'],
    ['trailing space', 'https://registered.com/app '],
    ['NUL byte', 'https://registered.com/app\u0000'],
    ['right-to-left override', 'https://registered.com/app\u202e'],
    ['zero-width space', 'https://regis\u200btered.com/app'],
    ['empty', ''],
    ['too long', `https://registered.com/app/${'a'.repeat(2100)}`],
  ])('%s: %s', (_why, target) => {
    expect(honoured(target)).toBeUndefined();
  });
});

describe('registered redirect URIs', () => {
  it('accepts absolute http(s) URIs and refuses userinfo, wildcards, fragments and other schemes', () => {
    for (const ok of ['https://a.example', 'https://a.example/cb', 'http://127.0.0.1:8080/x/', 'https://a.example/cb?tenant=1']) {
      expect(parseRegisteredRedirectUri(ok), ok).toBeDefined();
    }
    for (const bad of [
      'https://*.example.com/cb',
      'https://a.example/*',
      'https://a.example/cb#x',
      'https://u@a.example',
      '//a.example',
      'a.example/cb',
      'javascript:x',
    ]) {
      expect(parseRegisteredRedirectUri(bad), bad).toBeUndefined();
    }
  });

  it('never matches through an invalid registered entry', () => {
    expect(matchRegisteredRedirect('https://evil.example/x', ['https://*.example'])).toBeUndefined();
    expect(matchRegisteredRedirect('https://a.example/cb', ['https://*.example', ' https://a.example/cb '])?.href).toBe(
      'https://a.example/cb',
    );
  });

  it('checks a comma-separated list entry by entry, naming the bad ones', () => {
    expect(invalidRedirectUris('https://a.example/cb, http://b.example:81')).toEqual([]);
    expect(invalidRedirectUris('https://a.example/cb,https://*.b.example,ftp://c')).toEqual(['https://*.b.example', 'ftp://c']);
    expect(redirectUriList().safeParse('https://a.example/cb,https://b.example').success).toBe(true);
    expect(redirectUriList().safeParse(null).success).toBe(true);
    const refused = redirectUriList().safeParse('https://a.example/cb,https://u@b.example');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toContain('https://u@b.example');
  });

  it('requires the redirect of a hand-off', () => {
    expect(handoffQuery.safeParse({}).success).toBe(false);
    expect(handoffQuery.safeParse({ redirect: '' }).success).toBe(false);
    expect(handoffQuery.safeParse({ redirect: 'https://a.example' }).success).toBe(true);
  });
});
