import type { KoaContextWithOIDC } from 'oidc-provider';

type Middleware = (koa: KoaContextWithOIDC, next: () => Promise<void>) => Promise<void>;

/**
 * The provider builds its endpoint addresses from the request (`ctx.href`: protocol and Host).
 * A client that reached the server by another name (`localhost`, an internal host, or a made-up
 * Host header) would be told endpoints under that name, and a browser sent there would carry no
 * cookie of the real origin. Each request's protocol and host are therefore the issuer's: one
 * origin for discovery, redirects and cookies, fixed at start.
 */
export function pinOrigin(issuer: string): Middleware {
  const origin = new URL(issuer);
  const fixed = {
    host: { get: () => origin.host },
    hostname: { get: () => origin.hostname },
    protocol: { get: () => origin.protocol.slice(0, -1) },
  };
  return (koa, next) => {
    Object.defineProperties(koa.request, fixed);
    return next();
  };
}
