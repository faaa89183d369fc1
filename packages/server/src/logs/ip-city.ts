import { isIP } from 'node:net';
import { logMessages as m } from '@sso/shared-api';

/** Where an address is, resolved offline (no network call on sign-in). */
export interface CityResolver {
  city(ip: string): string | undefined;
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;
const PRIVATE_V4 = /^(?:::ffff:)?(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|169\.254\.|100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\.)/;
const PRIVATE_V6 = /^(f[cd][0-9a-f]{2}:|fe[89ab][0-9a-f]:)/i;

/**
 * The rules every resolver starts with: this machine (本机) and private networks (内网IP). A
 * database-backed resolver (e.g. ip2region) can be chained behind it for public addresses; none is
 * bundled, so public addresses are answered as 未知. Each is recorded in Chinese, a message of the
 * shared table that lists answer in the caller's language.
 */
export class OfflineCityResolver implements CityResolver {
  constructor(private readonly database?: CityResolver) {}

  city(ip: string): string {
    if (!ip || !isIP(ip.replace(/^::ffff:/, ''))) return m.unknownPlace;
    if (LOOPBACK.test(ip)) return m.thisMachine;
    if (PRIVATE_V4.test(ip) || PRIVATE_V6.test(ip)) return m.privateNetwork;
    return this.database?.city(ip) ?? m.unknownPlace;
  }
}
