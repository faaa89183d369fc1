import { beforeAll, describe, expect, it } from 'vitest';
import { createUserWithRole, type TestUser, useTestServer } from '../api-suite.testkit.js';
import { urlSafeTicket } from '../kernel/url-safe-ticket.js';
import { createApp, grantApp, platform } from './sign-on.testkit.js';

/**
 * CAS 3.0 §3.7: a ticket holds only `A-Z a-z 0-9 -`; Apache mod_auth_cas treats any other ticket
 * as absent. Every ticket and code handed out in an address keeps to that set with 160 random bits.
 */
const suite = useTestServer();
let staff: TestUser;
const SERVICE = 'http://127.0.0.1:9/alphabet/';
const HANDOFF_ADDRESS = 'http://127.0.0.1:9/handoff/';
const WEB_CLIENT = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
/** With base64url about one ticket in three held `_`: fifty of them all clean cannot be luck. */
const HOW_MANY = 50;
/** Characters needed for 160 bits even if every one of the 63 allowed characters were used. */
const CHARACTERS_FOR_160_BITS = Math.ceil(160 / Math.log2(63));

const randomPart = (ticket: string, prefix: string) => {
  expect(ticket.startsWith(prefix)).toBe(true);
  return ticket.slice(prefix.length);
};

beforeAll(async () => {
  staff = await createUserWithRole(suite.server, { account: 'alphabet_staff' });
  await grantApp(suite, await createApp(suite, { appCode: 'alphabet_cas', protocol: 'cas', redirectUris: SERVICE }), staff.id);
  const handoff = await createApp(suite, {
    appCode: 'alphabet_code',
    protocol: 'token',
    handoffMode: 'code',
    redirectUris: HANDOFF_ADDRESS,
  });
  await grantApp(suite, handoff, staff.id);
});

describe('tickets and codes in addresses', () => {
  it('issues CAS service tickets of letters, digits and hyphens only, long enough for 160 random bits, never twice', async () => {
    const tickets: string[] = [];
    for (let i = 0; i < HOW_MANY; i++) {
      const answer = await platform(suite, 'POST', `/api/blade-auth/cas/ticket?service=${encodeURIComponent(SERVICE)}`, staff);
      expect(answer.status).toBe(200);
      tickets.push(new URL(String((answer.json().data as { url: string }).url)).searchParams.get('ticket') ?? '');
    }
    for (const ticket of tickets) {
      expect(ticket).toMatch(/^ST-[A-Za-z0-9-]+$/);
      expect(randomPart(ticket, 'ST-').length).toBeGreaterThanOrEqual(CHARACTERS_FOR_160_BITS);
      // CAS clients must accept tickets of up to 32 characters; longer ones only "should".
      expect(ticket.length).toBeLessThanOrEqual(32);
    }
    expect(new Set(tickets).size).toBe(HOW_MANY);
    const check = await platform(suite, 'GET', `/cas/validate?service=${encodeURIComponent(SERVICE)}&ticket=${tickets.at(-1)}`);
    expect(check.text).toBe('yes\nalphabet_staff\n');
  });

  it('issues BladeX hand-off codes in the same alphabet', async () => {
    const codes: string[] = [];
    for (let i = 0; i < HOW_MANY; i++) {
      const path = `/api/blade-auth/oauth/token?grant_type=sso&appCode=alphabet_code&referer=${encodeURIComponent(HANDOFF_ADDRESS)}`;
      const answer = await platform(suite, 'POST', path, staff, undefined, { authorization: WEB_CLIENT });
      expect(answer.status).toBe(200);
      codes.push(String(answer.json().code));
    }
    for (const code of codes) {
      expect(code).toMatch(/^HC-[A-Za-z0-9-]+$/);
      expect(randomPart(code, 'HC-').length).toBeGreaterThanOrEqual(CHARACTERS_FOR_160_BITS);
    }
    expect(new Set(codes).size).toBe(HOW_MANY);
  });

  it('writes codes without a prefix (social sign-in states and codes) in letters and digits', () => {
    const codes = Array.from({ length: 1000 }, () => urlSafeTicket());
    for (const code of codes) expect(code).toMatch(/^[A-Za-z0-9]{27}$/);
    // Every letter and digit turns up: the set is the whole alphabet, not a biased part of it.
    expect(new Set(codes.join('')).size).toBe(62);
  });
});
