import { createHash, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** Algorithm.Argon2id (a const enum, which isolated modules cannot import). */
const ARGON2ID = 2;

interface PasswordPolicy {
  memoryKib: number;
  passes: number;
}

const LEGACY_SHA1 = /^[0-9a-f]{40}$/i;

/**
 * Passwords arrive as the md5 hex digest the browser computes; we keep argon2id of that digest.
 * Hashes imported from the platform we replace are sha1(md5) and get upgraded at the next sign-in.
 */
export class Passwords {
  /** A hash of a fixed string, verified against when an account does not exist (equal timing). */
  private decoy: Promise<string> | undefined;

  constructor(private readonly policy: PasswordPolicy) {}

  hashDigest(md5Digest: string): Promise<string> {
    return hash(md5Digest.toLowerCase(), {
      algorithm: ARGON2ID,
      memoryCost: this.policy.memoryKib,
      timeCost: this.policy.passes,
      parallelism: 1,
    });
  }

  /** Whether the digest matches, and whether the stored hash should be replaced by a fresh one. */
  async verifyDigest(stored: string, md5Digest: string): Promise<{ ok: boolean; upgrade: boolean }> {
    const digest = md5Digest.toLowerCase();
    if (LEGACY_SHA1.test(stored)) {
      const candidate = createHash('sha1').update(digest).digest();
      const ok = timingSafeEqual(candidate, Buffer.from(stored, 'hex'));
      return { ok, upgrade: ok };
    }
    if (!stored.startsWith('$argon2')) return { ok: false, upgrade: false };
    const ok = await verify(stored, digest).catch(() => false);
    return { ok, upgrade: ok && this.isWeakerThanPolicy(stored) };
  }

  /** Spend the same time as a real check, for accounts that do not exist. */
  async burnTime(md5Digest: string): Promise<void> {
    this.decoy ??= this.hashDigest('decoy');
    await verify(await this.decoy, md5Digest).catch(() => false);
  }

  private isWeakerThanPolicy(stored: string): boolean {
    const params = /\$m=(\d+),t=(\d+)/.exec(stored);
    if (!params) return true;
    return Number(params[1]) < this.policy.memoryKib || Number(params[2]) < this.policy.passes;
  }
}

export const isMd5Digest = (text: string) => /^[0-9a-f]{32}$/i.test(text);
