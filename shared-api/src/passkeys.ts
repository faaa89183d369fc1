import { z } from 'zod';
import { defineMessages } from './messages.js';

/**
 * Passkeys (WebAuthn): a user registers passkeys from personal info, signs in with one without a
 * password (`grant_type=passkey`), or answers the second step of a password sign-in with one
 * (`grant_type=mfa` with `passkey` instead of `mfa_code`). Browsers send their responses as the
 * JSON WebAuthn defines (`PublicKeyCredential.toJSON()`), passed here as text.
 */
export const PASSKEY_BASE = '/api/blade-auth/passkey';
/** The grant of a passwordless sign-in: `challenge` from sign-in-options and the `passkey` response. */
export const PASSKEY_GRANT = 'passkey';

export const passkeyMessages = defineMessages('passkey', {
  name: ['请输入通行密钥名称（最多64个字符）', 'Please name the passkey (at most 64 characters)'],
  response: ['通行密钥应答格式错误', 'The passkey response is malformed'],
  challenge: ['通行密钥请求已过期，请重试', 'The passkey request expired: please try again'],
  unknown: ['该通行密钥未在本平台注册', 'This passkey is not registered here'],
  refused: ['通行密钥验证失败', 'The passkey could not be verified'],
  cloned: [
    '通行密钥的签名计数回退，疑似被复制，已拒绝',
    "The passkey's signature counter went back, as a copied authenticator's does: refused",
  ],
  taken: ['该通行密钥已注册', 'This passkey is already registered'],
  missing: ['通行密钥不存在', 'The passkey does not exist'],
  tooMany: ['每个账号最多注册20个通行密钥', 'An account holds at most 20 passkeys'],
  registered: ['通行密钥已添加', 'Passkey added'],
});

/** One of the caller's passkeys, as personal info lists it. */
export interface PasskeyRow {
  id: string;
  name: string;
  /** Synced between devices by its provider (a password manager, iCloud Keychain, Google Password Manager). */
  backedUp: boolean;
  /** yyyy-MM-dd HH:mm:ss */
  createTime: string;
  lastUsedTime: string | null;
}

/** WebAuthn request options as JSON (PublicKeyCredentialRequestOptionsJSON): what a browser's `get` is given. */
export interface PasskeyRequestOptions {
  challenge: string;
  rpId?: string;
  timeout?: number;
  userVerification?: string;
  allowCredentials?: { id: string; type: 'public-key'; transports?: string[] }[];
}

/** A WebAuthn response as text (PublicKeyCredential JSON); checked by the server's verifier. */
export const passkeyResponseText = z
  .string(passkeyMessages.say.response)
  .min(2, passkeyMessages.say.response)
  .max(20_000, passkeyMessages.say.response);

export const passkeyRegistration = z.object({
  name: z.string(passkeyMessages.say.name).trim().min(1, passkeyMessages.say.name).max(64, passkeyMessages.say.name),
  response: passkeyResponseText,
});
export type PasskeyRegistration = z.input<typeof passkeyRegistration>;
