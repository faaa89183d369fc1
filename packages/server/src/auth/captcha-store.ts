import { createHash, randomUUID } from 'node:crypto';
import type { CaptchaImage } from '@sso/shared-api';
import type { Db } from '../db/database.js';
import { onFirstUse } from '../kernel/on-first-use.js';

const svgCaptcha = onFirstUse<typeof import('svg-captcha')>('svg-captcha');

/** A captcha is accepted for 5 minutes after it was drawn. */
const CAPTCHA_TTL_MS = 5 * 60_000;
/** At most this many unanswered captchas are kept: issuing more drops the oldest. */
export const CAPTCHA_CAP = 10_000;

interface CaptchaStoreOptions {
  /** Tests only: remember each code so `codeForTests` can read it (never set by configuration). */
  exposeCodes?: boolean;
  cap?: number;
}

/**
 * Captchas kept in the database, so any node checks one another node drew. Only a hash of the
 * key and the lower-cased code is stored; a check spends the captcha whatever the answer, so a
 * picture allows one guess.
 */
export class CaptchaStore {
  private readonly codes: Map<string, string> | undefined;
  private readonly cap: number;

  constructor(
    private readonly db: Db,
    options: CaptchaStoreOptions = {},
  ) {
    this.codes = options.exposeCodes ? new Map() : undefined;
    this.cap = options.cap ?? CAPTCHA_CAP;
  }

  async issue(): Promise<CaptchaImage> {
    // Letters and digits that cannot be mistaken for one another (no 0/o, 1/l/i), coloured, with noise lines.
    const drawn = svgCaptcha().create({ size: 4, noise: 3, color: true, ignoreChars: '0oO1iIlL', width: 120, height: 40 });
    const key = randomUUID().replaceAll('-', '');
    await this.purge();
    await this.db
      .insertInto('sso_captcha')
      .values({ key, codeHash: hashOf(key, drawn.text), expiresAt: new Date(Date.now() + CAPTCHA_TTL_MS) })
      .execute();
    if (this.codes) {
      this.codes.set(key, drawn.text);
      if (this.codes.size > this.cap) this.codes.delete(this.codes.keys().next().value as string);
    }
    return { key, image: `data:image/svg+xml;base64,${Buffer.from(drawn.data).toString('base64')}` };
  }

  /** True when `code` is the unexpired answer of `key` (any case); the captcha is spent either way. */
  async check(key: string, code: string): Promise<boolean> {
    if (key.length > 64) return false; // no key this store drew
    const spent = await this.db.deleteFrom('sso_captcha').where('key', '=', key).returning(['codeHash', 'expiresAt']).executeTakeFirst();
    this.codes?.delete(key);
    if (!spent || spent.expiresAt.getTime() <= Date.now()) return false;
    return spent.codeHash === hashOf(key, code.trim());
  }

  /** The code of a captcha still waiting, when the store was built for tests; otherwise nothing. */
  codeForTests(key: string): string | undefined {
    return this.codes?.get(key);
  }

  /** Expired captchas go, and the oldest beyond the cap. */
  private async purge(): Promise<void> {
    await this.db.deleteFrom('sso_captcha').where('expiresAt', '<=', new Date()).execute();
    const keep = this.cap - 1;
    const overflow = this.db.selectFrom('sso_captcha').select('key').orderBy('expiresAt', 'desc').orderBy('key').offset(keep);
    await this.db.deleteFrom('sso_captcha').where('key', 'in', overflow).execute();
  }
}

function hashOf(key: string, code: string): string {
  return createHash('sha256').update(`${key}:${code.toLowerCase()}`).digest('hex');
}
