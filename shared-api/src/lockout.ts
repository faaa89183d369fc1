import { z } from 'zod';
import { defineMessagePattern, defineMessagePatterns, defineMessages, type Message } from './messages.js';

/**
 * Failed sign-ins: the messages of a lock and of a throttled address, and the platform
 * administrator's list and clearing of throttled addresses.
 */

export const lockoutMessages = defineMessages('lockout', {
  addressList: ['请提供要解除限制的地址', 'Please give the addresses to release'],
  badAddress: ['地址格式错误', 'The address is malformed'],
  tooManyAddresses: ['一次最多解除200个地址', 'At most 200 addresses at a time'],
});

const lockoutPatterns = defineMessagePatterns('lockoutWait', {
  locked: ['登录错误次数过多，请{minutes}分钟后再试', 'Too many failed sign-ins, try again in {minutes} minutes'],
  throttled: ['该地址登录失败次数过多，请{seconds}秒后再试', 'Too many failed sign-ins from this address, retry in {seconds} s'],
});
// The same wordings recorded in the database (a sign-in's reason) are translated by their wording.

/** An account locked for this sign-in (from this address, or everywhere). */
export const accountLockedFor = (minutes: number): Message => lockoutPatterns.locked({ minutes });
defineMessagePattern(/^登录错误次数过多，请(\d+)分钟后再试$/, 'Too many failed sign-ins, try again in $1 minutes');

/** The answer to a sign-in from a throttled address (HTTP 429, with Retry-After). */
export const addressThrottled = (seconds: number): Message => lockoutPatterns.throttled({ seconds });
defineMessagePattern(/^该地址登录失败次数过多，请(\d+)秒后再试$/, 'Too many failed sign-ins from this address, retry in $1 s');

export const LOCKOUT_BASE = '/api/blade-auth/lockout';

/** One throttled client address: its failures in the window and when the throttle ends. */
export const throttledAddress = z.object({
  ip: z.string(),
  failures: z.number(),
  /** yyyy-MM-dd HH:mm:ss */
  throttledUntil: z.string(),
});
export type ThrottledAddress = z.infer<typeof throttledAddress>;

/** What a client address can look like (IPv4, IPv6 with an optional zone, or a proxy's name for it). */
const ADDRESS = /^[\w.:%-]{1,100}$/;

export const clearAddressQuery = z.object({
  ips: z
    .string(lockoutMessages.say.addressList)
    .transform((s) => [
      ...new Set(
        s
          .split(',')
          .map((ip) => ip.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.string().regex(ADDRESS, lockoutMessages.say.badAddress))
        .min(1, lockoutMessages.say.addressList)
        .max(200, lockoutMessages.say.tooManyAddresses),
    ),
});
