import { md5 } from '@sso/shared-api';
import type { AppContext } from '../context.js';
import { isMd5Digest } from './passwords.js';
import { sm2Decrypt, sm2Keys } from './sm2-keys.js';

/** What a client sent as a password: the md5 digest the platform password is checked with, and the password itself when it was sent sealed. */
export interface SentPassword {
  digest?: string;
  /** The password as typed: only a client that sealed it with the platform's SM2 key sends it (needed to bind to a directory). */
  plain?: string;
}

/** Stands for a password that did not decrypt: never a digest, so it fails like a wrong password. */
const UNDECRYPTABLE = '-';
/** A sealed password of 256 characters is about 900 hex digits: anything far longer is not tried. */
const LONGEST_SEALED = 2000;

/**
 * Reads a sent password: BladeX clients send md5(password) in hex; the platform's sign-in page,
 * SpringBlade clients and the CLI send it sealed with the platform's SM2 public key (the password,
 * or its md5 digest). A ciphertext that does not decrypt counts as a wrong password.
 */
export async function readSentPassword(ctx: AppContext, sent: string | undefined): Promise<SentPassword> {
  const text = sent?.trim();
  if (!text) return {};
  if (isMd5Digest(text)) return { digest: text };
  if (text.length > LONGEST_SEALED) return { digest: UNDECRYPTABLE };
  const keys = await sm2Keys(ctx.db, { privateKey: ctx.config.SSO_SM2_PRIVATE_KEY, publicKey: ctx.config.SSO_SM2_PUBLIC_KEY });
  const plain = sm2Decrypt(text, keys.privateKey);
  if (plain === undefined) return { digest: UNDECRYPTABLE };
  return isMd5Digest(plain) ? { digest: plain } : { digest: md5(plain), plain };
}
