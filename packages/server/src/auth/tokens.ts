import { randomUUID } from 'node:crypto';
import { decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import type { AccessClaims, VerifiedToken } from '../kernel/caller.js';
import { SIGNING_ALG, type SigningKeys } from './keys.js';

/**
 * Signs and verifies access tokens. Verified tokens are remembered until they expire, so a
 * request with a known token costs a map lookup instead of an ECDSA verification.
 */
export class AccessTokens {
  private readonly verified = new Map<string, VerifiedToken>();
  private static readonly MAX_REMEMBERED = 50_000;

  constructor(
    private readonly keys: SigningKeys,
    private readonly issuer: string,
  ) {}

  /**
   * A signed token for these claims; its audience is the client, or the application it is handed
   * to; its id is new unless the caller chose it (to store it with the session first).
   */
  async issue(
    claims: AccessClaims,
    ttlSeconds: number,
    audience: string = claims.client_id,
    jti: string = randomUUID(),
  ): Promise<{ token: string; jti: string }> {
    const token = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: SIGNING_ALG, kid: this.keys.kid, typ: 'JWT' })
      .setIssuer(this.issuer)
      .setSubject(claims.user_id)
      .setAudience(audience)
      .setJti(jti)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
      .sign(this.keys.privateKey);
    return { token, jti };
  }

  /** A token verified before and not yet expired, without any await (the hot path). */
  known(token: string): VerifiedToken | undefined {
    const known = this.verified.get(token);
    if (!known) return undefined;
    if (known.exp > Date.now() / 1000) return known;
    this.verified.delete(token);
    return undefined;
  }

  /** The claims of a valid token, or undefined for anything else. */
  async verify(token: string): Promise<VerifiedToken | undefined> {
    if (this.verified.has(token)) return this.known(token);
    try {
      const { kid } = decodeProtectedHeader(token);
      const key = kid ? this.keys.publicKeys.get(kid) : undefined;
      if (!key) return undefined;
      const { payload } = await jwtVerify(token, key, { issuer: this.issuer, algorithms: [SIGNING_ALG] });
      const claims = payload as unknown as VerifiedToken;
      if (typeof claims.sid !== 'string' || typeof claims.user_id !== 'string') return undefined;
      // A token handed to an application carries that application as its audience: it is the
      // application's proof of the user, never a key to the platform's own API.
      if (payload.aud !== claims.client_id) return undefined;
      this.remember(token, claims);
      return claims;
    } catch {
      return undefined;
    }
  }

  private remember(token: string, claims: VerifiedToken): void {
    if (this.verified.size >= AccessTokens.MAX_REMEMBERED) {
      const oldest = this.verified.keys().next().value;
      if (oldest !== undefined) this.verified.delete(oldest);
    }
    this.verified.set(token, claims);
  }
}
