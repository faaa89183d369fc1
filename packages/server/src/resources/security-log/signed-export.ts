import { createHash } from 'node:crypto';
import smCrypto, { sm2 } from 'sm-crypto';
import { sm2Keys } from '../../auth/sm2-keys.js';
import type { AppContext } from '../../context.js';

/**
 * Signed log exports: whoever receives an exported file can prove it is the platform's and
 * unchanged. The file's digest is SM3 (GB/T 32905), or SHA-256 when `audit.chainDigest` says
 * `sha256`, written `sm3:<hex>`; that text is signed with the platform's SM2 key (GB/T 32918,
 * SM3 with the default user id 1234567812345678, DER encoded) and the signature written
 * `<algorithm>:<hex>`. Both travel as response headers; the public key is the one of
 * GET /api/blade-auth/sm2/public-key, and `sso audit verify-export` checks a file with it.
 */
export type ExportDigest = 'sm3' | 'sha256';

export interface ExportSignature {
  /** `sm3:<hex>` or `sha256:<hex>`: the digest of the file, the text the signature signs. */
  digest: string;
  /** `sm3:<DER hex>`: the algorithm of the digest and the SM2 signature of `digest`. */
  signature: string;
}

// sm-crypto is CommonJS: sm3 is a property of its default export under Node's ESM loader.
export function fileDigest(algorithm: ExportDigest, data: Uint8Array): string {
  const hex = algorithm === 'sha256' ? createHash('sha256').update(data).digest('hex') : smCrypto.sm3(data);
  return `${algorithm}:${hex}`;
}

export async function signExport(ctx: AppContext, data: Uint8Array): Promise<ExportSignature> {
  const setting = (await ctx.params.get('audit.chainDigest'))?.trim().toLowerCase();
  const algorithm: ExportDigest = setting === 'sha256' ? 'sha256' : 'sm3';
  const keys = await sm2Keys(ctx.db, { privateKey: ctx.config.SSO_SM2_PRIVATE_KEY, publicKey: ctx.config.SSO_SM2_PUBLIC_KEY });
  const digest = fileDigest(algorithm, data);
  return { digest, signature: `${algorithm}:${sm2.doSignature(digest, keys.privateKey, { hash: true, der: true })}` };
}

/** Whether `signature` (as the header gives it) signs this file's digest under the public key. */
export function verifyExport(data: Uint8Array, signature: string, publicKey: string): boolean {
  const [algorithm, hex] = signature.includes(':') ? signature.split(':', 2) : ['sm3', signature];
  if ((algorithm !== 'sm3' && algorithm !== 'sha256') || !/^[0-9a-f]+$/i.test(hex ?? '')) return false;
  try {
    return sm2.doVerifySignature(fileDigest(algorithm, data), String(hex).toLowerCase(), publicKey, { hash: true, der: true });
  } catch {
    return false;
  }
}
