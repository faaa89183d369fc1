import type { Page } from 'playwright-core';

/**
 * The protected page of every interop site: a CGI script (run by mod_cgid) that shows what the
 * authentication module handed the application — the user (REMOTE_USER), the claims or
 * attributes, the tokens — one NAME=value a line, as plain text.
 */
export const WHOAMI_CGI = `#!/bin/sh
printf 'Content-Type: text/plain; charset=utf-8\\r\\nCache-Control: no-store\\r\\n\\r\\n'
env | grep -E '^(REMOTE_USER|OIDC_|HTTP_CAS_|MELLON_)' | sort
`;

/** Where the sites put it, relative to Apache's ServerRoot, and the protected address it answers at. */
export const WHOAMI_FILE = 'cgi/whoami.cgi';
export const PROTECTED_PATH = '/secure/whoami';

/** The public page of each site a logout returns to. */
export const SIGNED_OUT_PATH = '/signed-out.html';

/** The files every site places under Apache's ServerRoot: the whoami script and the signed-out page. */
export const siteFiles = {
  [WHOAMI_FILE]: { content: WHOAMI_CGI, mode: 0o755 },
  [`htdocs${SIGNED_OUT_PATH}`]: { content: '<!doctype html><title>signed out</title><h1>signed out</h1>' },
};

/** The NAME=value lines of a whoami answer, by name. */
export function parseWhoami(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const eq = line.indexOf('=');
    if (eq > 0) values[line.slice(0, eq)] = line.slice(eq + 1);
  }
  return values;
}

/** What the whoami page showing in `page` says. */
export async function whoamiOf(page: Page): Promise<Record<string, string>> {
  return parseWhoami((await page.locator('body').textContent()) ?? '');
}
