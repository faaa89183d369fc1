import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from '../kernel/config.js';

/** Addresses that mean "every interface": not an address a browser can be sent to. */
const ANY_INTERFACE: Record<string, string> = { '0.0.0.0': '127.0.0.1', '::': '[::1]' };

function hostPart(host: string): string {
  const named = ANY_INTERFACE[host] ?? host;
  return named.includes(':') && !named.startsWith('[') ? `[${named}]` : named;
}

/**
 * The server's public origin, the same for every request: SSO_ISSUER's origin when set, else
 * SSO_PUBLIC_URL's, else `http://HOST:PORT` as the server listens. It is never taken from a
 * request's Host header, which any client sets: discovery, token issuers and the addresses
 * providers call back would otherwise name whatever host the caller made up.
 * The listening port is read once the server listens (tests listen on port 0).
 */
export function publicOrigin(config: Config, server: Server): () => string {
  const configured = config.SSO_ISSUER ?? config.SSO_PUBLIC_URL;
  let origin = configured ? new URL(configured).origin : undefined;
  return () => {
    if (origin) return origin;
    const address = server.address() as AddressInfo | null;
    if (!address) throw new Error('the public origin is known once the server listens');
    origin = `http://${hostPart(config.HOST)}:${address.port}`;
    return origin;
  };
}
