import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software passkey authenticator for server tests: it answers WebAuthn creation and request
 * options the way a platform authenticator does (ES256, "none" attestation, user present and
 * verified), for an origin the test chooses, so a test can also answer for a phishing origin,
 * replay an answer, or turn the signature counter back as a cloned authenticator would.
 */
export class SoftAuthenticator {
  readonly credentialId = randomBytes(32).toString('base64url');
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  counter = 0;
  userHandle: string | undefined;

  constructor(readonly origin: string) {}

  /** The answer to `register-options` (PublicKeyCredential JSON). */
  register(options: { challenge: string; rp: { id?: string }; user: { id: string } }, origin = this.origin): string {
    this.userHandle = options.user.id;
    const rpId = options.rp.id ?? new URL(origin).hostname;
    const clientData = clientDataJson('webauthn.create', options.challenge, origin);
    const credential = Buffer.from(this.credentialId, 'base64url');
    const attested = Buffer.concat([Buffer.alloc(16), u16(credential.length), credential, Buffer.from(coseKey(this.keys.publicKey))]);
    const authData = Buffer.concat([rpIdHash(rpId), Buffer.from([FLAGS_UP_UV | FLAG_ATTESTED]), u32(this.counter), attested]);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as never,
    );
    return JSON.stringify({
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key',
      response: {
        clientDataJSON: clientData.toString('base64url'),
        attestationObject: Buffer.from(attestationObject).toString('base64url'),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    });
  }

  /** The answer to sign-in or second-step options; the counter moves on unless `counter` says otherwise. */
  answer(options: { challenge: string; rpId?: string }, overrides: { origin?: string; counter?: number } = {}): string {
    const origin = overrides.origin ?? this.origin;
    this.counter = overrides.counter ?? this.counter + 1;
    const clientData = clientDataJson('webauthn.get', options.challenge, origin);
    const authData = Buffer.concat([
      rpIdHash(options.rpId ?? new URL(this.origin).hostname),
      Buffer.from([FLAGS_UP_UV]),
      u32(this.counter),
    ]);
    const signature = sign('sha256', Buffer.concat([authData, createHash('sha256').update(clientData).digest()]), this.keys.privateKey);
    return JSON.stringify({
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key',
      response: {
        clientDataJSON: clientData.toString('base64url'),
        authenticatorData: authData.toString('base64url'),
        signature: signature.toString('base64url'),
        userHandle: this.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    });
  }
}

/** User present (0x01) and verified (0x04); 0x40: attested credential data follows. */
const FLAGS_UP_UV = 0x05;
const FLAG_ATTESTED = 0x40;

const clientDataJson = (type: string, challenge: string, origin: string) =>
  Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
const rpIdHash = (rpId: string) => createHash('sha256').update(rpId).digest();
const u16 = (n: number) => Buffer.from([(n >> 8) & 0xff, n & 0xff]);
const u32 = (n: number) => {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(n >>> 0);
  return out;
};

/** The P-256 public key as a COSE_Key: kty EC2 (1: 2), alg ES256 (3: -7), crv P-256 (-1: 1), x (-2), y (-3). */
function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  const x = Buffer.from(String(jwk.x), 'base64url');
  const y = Buffer.from(String(jwk.y), 'base64url');
  return isoCBOR.encode(
    new Map<number, unknown>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, new Uint8Array(x)],
      [-3, new Uint8Array(y)],
    ]) as never,
  );
}
