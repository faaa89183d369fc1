import { hostname, networkInterfaces } from 'node:os';

/** Where a log entry was written: this host, its first external IPv4 address, the environment. */
export interface ServerInfo {
  serverHost: string;
  serverIp: string;
  env: string;
}

export function serverInfo(): ServerInfo {
  const addresses = Object.values(networkInterfaces())
    .flat()
    .filter((a) => a && a.family === 'IPv4' && !a.internal);
  return { serverHost: hostname().slice(0, 255), serverIp: addresses[0]?.address ?? '127.0.0.1', env: process.env.NODE_ENV ?? 'prod' };
}

/** `blade-system` of `/api/blade-system/param/list`: the service a call went to. */
export function serviceOf(url: string): string {
  return (/^\/api\/([^/?]+)/.exec(url)?.[1] ?? 'sso').slice(0, 32);
}
