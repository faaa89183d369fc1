import { badRequest, syncMessages as m, withDetail } from '@sso/shared-api';
import { type OutboundGuard, OutboundRefused } from '../../net/outbound-guard.js';

/**
 * The HTTP side shared by the WeCom, DingTalk and Feishu readers: JSON calls to the configured
 * base address through the outbound guard (checked for the source's tenant at every call), a
 * bounded retry of the calls the vendor refuses for their rate, and refusals that name the vendor,
 * its code and its message but never a secret or a token.
 */

/** What a vendor's answer means: data, a refusal for the call rate (with the wait it asks for), or another refusal. */
export type Verdict = { ok: true } | { ok: false; rateLimited: boolean; waitMs?: number; code: string; message: string };

export interface OrgApiSettings {
  tenantId: string;
  vendor: string;
  base: string;
  guard: OutboundGuard;
  /** Values never shown in an error (the secret, tokens once known). */
  secrets: string[];
  /** Attempts after the first for a rate-limited call. */
  retries: number;
  /** The first wait when the vendor names none, doubled at each attempt. */
  retryBaseMs: number;
  /** Reads the vendor's answer (the JSON body, the HTTP status and headers). */
  verdict: (body: Record<string, unknown>, status: number, headers: Headers) => Verdict;
}

const CALL_TIMEOUT_MS = 30_000;
/** No wait longer than this, whatever the vendor asks: a run would rather fail clearly. */
const MAX_WAIT_MS = 60_000;

export interface OrgCall {
  method?: 'GET' | 'POST';
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Seconds in a Retry-After header (or a vendor's reset header), as milliseconds. */
export function hintOf(headers: Headers, ...names: string[]): number | undefined {
  for (const name of ['retry-after', ...names]) {
    const value = headers.get(name);
    if (value !== null && /^\d+(\.\d+)?$/.test(value.trim())) return Math.round(Number(value) * 1000);
  }
  return undefined;
}

export class OrgApi {
  constructor(private readonly settings: OrgApiSettings) {}

  /** Hides a value in errors from now on (an access token once fetched). */
  keepSecret(value: string): void {
    this.settings.secrets.push(value);
  }

  /**
   * The vendor's access token: `field` of the answer to `path`, hidden in errors from then on. An
   * answer without it is refused, naming the vendor and the field.
   */
  async accessToken(path: string, call: OrgCall, field: string): Promise<string> {
    const token = text(await this.call(path, call), field);
    if (!token) throw badRequest(withDetail(m.say.apiBadAnswer, `${this.settings.vendor} ${field}`));
    this.keepSecret(token);
    return token;
  }

  /** Calls `path` under the base address and answers the JSON the vendor accepted; a rate refusal is retried. */
  async call(path: string, call: OrgCall = {}): Promise<Record<string, unknown>> {
    const { retries, retryBaseMs } = this.settings;
    for (let attempt = 0; ; attempt++) {
      const { body, status, headers } = await this.send(path, call);
      const verdict = this.settings.verdict(body, status, headers);
      if (verdict.ok) return body;
      const shown = `${this.settings.vendor} ${path.split('?')[0]} ${verdict.code} ${this.scrub(verdict.message)}`.trim();
      if (!verdict.rateLimited) throw badRequest(withDetail(m.say.apiRefused, shown));
      if (attempt >= retries) throw badRequest(withDetail(m.say.apiRateLimited, shown));
      const wait = Math.min(verdict.waitMs ?? retryBaseMs * 2 ** attempt, MAX_WAIT_MS);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }

  private async send(path: string, call: OrgCall): Promise<{ body: Record<string, unknown>; status: number; headers: Headers }> {
    const url = new URL(`${this.settings.base.replace(/\/+$/, '')}/${path.replace(/^\//, '')}`);
    for (const [key, value] of Object.entries(call.query ?? {})) if (value !== undefined) url.searchParams.set(key, String(value));
    const host = url.host;
    let response: Response;
    try {
      response = await this.settings.guard.fetchFor(this.settings.tenantId)(url, {
        method: call.method ?? (call.body === undefined ? 'GET' : 'POST'),
        headers: { ...(call.body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' }), ...call.headers },
        ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
    } catch (error) {
      if (error instanceof OutboundRefused) throw badRequest(error.said);
      throw badRequest(withDetail(m.say.apiUnreachable, host));
    }
    const text = await response.text().catch(() => '');
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return { body: parsed as Record<string, unknown>, status: response.status, headers: response.headers };
    }
    // A 429 without a JSON body is still a refusal for the rate; anything else unreadable is not data.
    if (response.status === 429) return { body: {}, status: 429, headers: response.headers };
    if (response.status >= 500) throw badRequest(withDetail(m.say.apiUnreachable, `${host}, HTTP ${response.status}`));
    throw badRequest(withDetail(m.say.apiBadAnswer, `${host}, HTTP ${response.status}`));
  }

  private scrub(text: string): string {
    let out = text.slice(0, 300);
    for (const secret of this.settings.secrets) if (secret) out = out.split(secret).join('***');
    return out;
  }
}

/** A string field of a vendor's record ('' and non-strings are null); numbers are given as text. */
export function text(record: Record<string, unknown>, field: string): string | null {
  const value = record[field];
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed || null;
}

/** An array field of a vendor's answer, or a clear refusal when the answer lacks it. */
export function listOf(record: Record<string, unknown> | undefined, field: string, vendor: string): Record<string, unknown>[] {
  const value = record?.[field];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw badRequest(withDetail(m.say.apiBadAnswer, `${vendor} ${field}`));
  return value.filter((item): item is Record<string, unknown> => Boolean(item) && typeof item === 'object');
}

/** At most this many departments or people are read from one source: a runaway answer stops the run clearly. */
export const MAX_ENTRIES = 500_000;

export function assertBounded(count: number): void {
  if (count > MAX_ENTRIES) throw badRequest(m.say.apiTooLarge);
}
