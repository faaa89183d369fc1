/**
 * A browser as far as the OpenID Connect flows need one: it keeps cookies (by name and path), sends
 * the ones whose path covers the request, and never follows redirects, so that a test sees each step.
 */
export class CookieBrowser {
  private readonly cookies = new Map<string, { value: string; path: string }>();
  /** How many requests this browser has made (each exchange of a flow is one). */
  requests = 0;

  async request(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
    this.requests++;
    const target = new URL(url);
    const cookie = [...this.cookies]
      .filter(
        ([, c]) => target.pathname === c.path || target.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`) || c.path === '/',
      )
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
    const response = await fetch(target, {
      method: init.method ?? 'GET',
      redirect: 'manual',
      headers: { ...(cookie ? { cookie } : {}), ...init.headers },
      body: init.body,
    });
    for (const line of response.headers.getSetCookie()) this.keep(line);
    return { status: response.status, location: response.headers.get('location') ?? undefined, text: await response.text() };
  }

  /** Sets a cookie the way a page's script does (the web app keeps its access token in one). */
  plant(name: string, value: string): void {
    this.cookies.set(name, { value, path: '/' });
  }

  has(name: string): boolean {
    return this.cookies.has(name);
  }

  private keep(line: string): void {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq);
    const value = pair.slice(eq + 1);
    const path = attributes.find((a) => /^path=/i.test(a))?.slice(5) || '/';
    const expired = attributes.some((a) => /^expires=/i.test(a) && new Date(a.slice(8)).getTime() < Date.now()) || value === '';
    if (expired) this.cookies.delete(name);
    else this.cookies.set(name, { value, path });
  }
}
