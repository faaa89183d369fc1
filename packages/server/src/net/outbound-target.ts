import { isIP } from 'node:net';

/** The host and port a configured address points at. */
export interface OutboundTarget {
  /** Lower case; IPv4 in dotted form whatever its spelling (2130706433, 0x7f.1, 127.1); IPv6 without brackets. */
  hostname: string;
  port: number;
}

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443, 'ws:': 80, 'wss:': 443 };

/**
 * Parses `scheme://host[:port]/…` or a bare `host[:port]`. Hosts are read the way the WHATWG URL
 * parser (and so fetch) reads them, which turns every numeric IPv4 spelling into a dotted quad;
 * schemes it leaves alone (postgresql:, jdbc:…) get the same treatment by re-parsing the host as
 * http. Undefined when there is no host.
 */
export function outboundTargetOf(urlOrHost: string, defaultPort = 80): OutboundTarget | undefined {
  const text = urlOrHost.trim().replace(/^jdbc:/i, '');
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`);
  } catch {
    return undefined;
  }
  const port = url.port ? Number(url.port) : (DEFAULT_PORTS[url.protocol] ?? defaultPort);
  let hostname = url.hostname;
  if (!DEFAULT_PORTS[url.protocol] && hostname && !hostname.startsWith('[')) {
    try {
      hostname = new URL(`http://${hostname}`).hostname;
    } catch {
      return undefined;
    }
  }
  hostname = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (!hostname) return undefined;
  return { hostname, port };
}

/** Whether the allow-list (comma-separated `host` or `host:port`) names this target. */
export function allowListed(allowList: string | undefined, target: OutboundTarget): boolean {
  for (const entry of (allowList ?? '').split(',')) {
    const item = entry.trim();
    if (!item || item === '-') continue;
    const listed = outboundTargetOf(item, -1);
    if (!listed || listed.hostname !== target.hostname) continue;
    const portGiven = /:\d+$/.test(item) && !(isIP(item) === 6);
    if (!portGiven || listed.port === target.port) return true;
  }
  return false;
}
