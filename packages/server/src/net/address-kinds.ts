import { isIPv4, isIPv6 } from 'node:net';

/** Why an address may not be the target of a call a tenant configured. */
type BlockedKind = 'loopback' | 'link-local' | 'unspecified';

/** The four octets of a dotted IPv4 address, or undefined when it is not one. */
function ipv4Octets(address: string): number[] | undefined {
  return isIPv4(address) ? address.split('.').map(Number) : undefined;
}

/** The eight 16-bit groups of an IPv6 address (zone removed, embedded IPv4 expanded). */
function ipv6Groups(address: string): number[] | undefined {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!isIPv6(bare)) return undefined;
  let text = bare;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const front = part(head);
  const back = part(tail);
  const groups = tail === undefined ? front : [...front, ...new Array(8 - front.length - back.length).fill(0), ...back];
  return groups.length === 8 ? groups : undefined;
}

/**
 * The IPv4 address an IPv6 one stands for: IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible
 * (::a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) forms all reach the IPv4 host.
 */
function embeddedIpv4(groups: number[]): string | undefined {
  const low = `${groups[6]! >> 8}.${groups[6]! & 255}.${groups[7]! >> 8}.${groups[7]! & 255}`;
  const zeros = (from: number, to: number) => groups.slice(from, to).every((g) => g === 0);
  if (zeros(0, 5) && groups[5] === 0xffff) return low;
  if (groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6)) return low;
  if (zeros(0, 6) && (groups[6] !== 0 || groups[7]! > 1)) return low;
  return undefined;
}

function ipv4Kind(octets: number[]): BlockedKind | undefined {
  const [a, b] = octets;
  if (a === 127) return 'loopback';
  if (a === 169 && b === 254) return 'link-local';
  // 0.0.0.0/8 means "this host" and reaches local listeners on Linux.
  if (a === 0) return 'unspecified';
  return undefined;
}

/**
 * Loopback, link-local (cloud metadata included) or unspecified: addresses that reach the
 * platform's own host rather than another machine. Private ranges are not blocked here.
 */
export function blockedKindOf(address: string): BlockedKind | undefined {
  const octets = ipv4Octets(address);
  if (octets) return ipv4Kind(octets);
  const groups = ipv6Groups(address);
  if (!groups) return undefined;
  const mapped = embeddedIpv4(groups);
  if (mapped) return ipv4Kind(mapped.split('.').map(Number));
  if (groups.every((g) => g === 0)) return 'unspecified';
  if (groups.slice(0, 7).every((g) => g === 0) && groups[7] === 1) return 'loopback';
  if ((groups[0]! & 0xffc0) === 0xfe80) return 'link-local';
  // The instance metadata service of AWS over IPv6 (fd00:ec2::254).
  if (groups.join(':') === [0xfd00, 0xec2, 0, 0, 0, 0, 0, 0x254].join(':')) return 'link-local';
  return undefined;
}

/** One spelling per address, so that the same host compares equal however it was written. */
export function canonicalAddress(address: string): string {
  if (isIPv4(address)) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address.toLowerCase();
  return embeddedIpv4(groups) && groups[5] === 0xffff ? embeddedIpv4(groups)! : groups.map((g) => g.toString(16)).join(':');
}
