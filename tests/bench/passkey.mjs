// Passkey sign-ins per second and per core beside password sign-ins, on one server in this run:
// each passkey sign-in is the two requests a browser makes (sign-in options, then the token grant
// with the authenticator's signed answer); each password sign-in is one grant hashing argon2id.
// Per core = sign-ins per CPU second of the server process (PGlite runs inside it).
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { loadavg } from 'node:os';
import { cpuMeter } from './cpu-meter.mjs';
import { adminGrant, basic, md5, startPlatformServer, stopProcess } from './processes.mjs';

const PASSKEY_BASE = '/api/blade-auth/passkey';
/** Sign-ins run side by side: each has a passkey of its own, so its signature counter only moves on. */
const WORKERS = 4;

/** The few CBOR shapes a WebAuthn answer needs: unsigned and negative integers, bytes, text, maps. */
function cbor(value) {
  const head = (major, n) => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 256) return Buffer.from([(major << 5) | 24, n]);
    const out = Buffer.alloc(3);
    out[0] = (major << 5) | 25;
    out.writeUInt16BE(n, 1);
    return out;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([key, item]) => [cbor(key), cbor(item)])]);
}

const sha256 = (data) => createHash('sha256').update(data).digest();
const u32 = (n) => {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(n >>> 0);
  return out;
};
const clientData = (type, challenge, origin) => Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

/** A platform authenticator answering as a browser's does (ES256, "none" attestation, user verified). */
class BenchAuthenticator {
  id = randomBytes(32);
  keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  counter = 0;

  constructor(origin) {
    this.origin = origin;
  }

  register(options) {
    this.userHandle = options.user.id;
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    const cose = cbor(
      new Map([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x, 'base64url')],
        [-3, Buffer.from(jwk.y, 'base64url')],
      ]),
    );
    const idLength = Buffer.from([this.id.length >> 8, this.id.length & 0xff]);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.id, cose]);
    const authData = Buffer.concat([sha256(options.rp.id ?? new URL(this.origin).hostname), Buffer.from([0x45]), u32(0), attested]);
    const attestation = cbor(
      new Map([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return this.credential({
      clientDataJSON: clientData('webauthn.create', options.challenge, this.origin).toString('base64url'),
      attestationObject: attestation.toString('base64url'),
      transports: ['internal'],
    });
  }

  answer(options) {
    this.counter += 1;
    const data = clientData('webauthn.get', options.challenge, this.origin);
    const authData = Buffer.concat([sha256(options.rpId ?? new URL(this.origin).hostname), Buffer.from([0x05]), u32(this.counter)]);
    const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), this.keys.privateKey);
    return this.credential({
      clientDataJSON: data.toString('base64url'),
      authenticatorData: authData.toString('base64url'),
      signature: signature.toString('base64url'),
      userHandle: this.userHandle,
    });
  }

  credential(response) {
    const id = this.id.toString('base64url');
    return JSON.stringify({ id, rawId: id, type: 'public-key', response, clientExtensionResults: {}, authenticatorAttachment: 'platform' });
  }
}

async function passkeyCall(base, path, { token, query, body } = {}) {
  const qs = query ? `?${new URLSearchParams(query)}` : '';
  const response = await fetch(`${base}${PASSKEY_BASE}${path}${qs}`, {
    method: 'POST',
    headers: {
      authorization: basic,
      ...(token ? { 'blade-auth': `bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = await response.json();
  if (answer.code !== 200) throw new Error(`${path}: ${JSON.stringify(answer)}`);
  return answer.data;
}

async function tokenGrant(base, form) {
  const response = await fetch(`${base}/api/blade-auth/oauth/token`, {
    method: 'POST',
    headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded', 'tenant-id': '000000' },
    body: new URLSearchParams({ scope: 'all', tenantId: '000000', ...form }).toString(),
  });
  return (await response.json()).access_token !== undefined;
}

/** `signIn` run by WORKERS loops for `seconds`: sign-ins per second and per server CPU second. */
async function measure(meter, seconds, signIn) {
  const before = await meter.snapshot();
  const until = Date.now() + seconds * 1000;
  let done = 0;
  let failed = 0;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: WORKERS }, async (_, worker) => {
      while (Date.now() < until) {
        if (await signIn(worker)) done++;
        else failed++;
      }
    }),
  );
  const wall = (performance.now() - began) / 1000;
  const cpu = await meter.since(before);
  return { perSecond: done / wall, perCore: done / (cpu.server + cpu.database), failed };
}

export async function benchPasskeys({ script, port, seconds }) {
  const base = `http://127.0.0.1:${port}`;
  const server = await startPlatformServer(
    script,
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      SSO_DATA_DIR: 'memory://',
      LOG_LEVEL: 'warn',
      SSO_ADMIN_PASSWORD: 'admin',
      SSO_API_LOG: 'false',
    },
    `${base}/health`,
  );
  const meter = await cpuMeter(server.pid);
  try {
    const session = await adminGrant(base);
    const passwordSignIn = () => tokenGrant(base, { grant_type: 'password', username: 'admin', password: md5('admin') });
    // Password first: once the account holds passkeys, its password sign-in asks for a second step.
    const rounds = { passkey: [], password: [] };
    await measure(meter, 2, passwordSignIn);
    for (let round = 0; round < 2; round++) rounds.password.push(await measure(meter, seconds / 2, passwordSignIn));

    const authenticators = [];
    for (let i = 0; i < WORKERS; i++) {
      const authenticator = new BenchAuthenticator(base);
      const options = await passkeyCall(base, '/register-options', { token: session.access_token });
      await passkeyCall(base, '/register', {
        token: session.access_token,
        body: { name: `Bench ${i + 1}`, response: authenticator.register(options) },
      });
      authenticators.push(authenticator);
    }
    const passkeySignIn = async (worker) => {
      const options = await passkeyCall(base, '/sign-in-options', { query: { tenantId: '000000' } });
      return tokenGrant(base, { grant_type: 'passkey', challenge: options.challenge, passkey: authenticators[worker].answer(options) });
    };
    await measure(meter, 2, passkeySignIn);
    for (let round = 0; round < 2; round++) rounds.passkey.push(await measure(meter, seconds / 2, passkeySignIn));
    const mean = (list, key) => list.reduce((sum, row) => sum + row[key], 0) / list.length;
    const failed = [...rounds.passkey, ...rounds.password].reduce((sum, row) => sum + row.failed, 0);
    console.log(`\nSign-in by passkey beside password (PGlite, ${WORKERS} at a time, load ${loadAverage()}):`);
    console.log('  method                           sign-ins/s   per core (server CPU)');
    for (const [name, list] of [
      ['passkey (options + signed grant)', rounds.passkey],
      ['password (argon2id m=19 MiB, t=2)', rounds.password],
    ]) {
      console.log(`  ${name.padEnd(33)}${mean(list, 'perSecond').toFixed(1).padStart(10)}${mean(list, 'perCore').toFixed(1).padStart(14)}`);
    }
    const ratio = mean(rounds.passkey, 'perCore') / mean(rounds.password, 'perCore');
    console.log(`  passkey / password per core: ${ratio.toFixed(2)}×${failed ? ` (${failed} sign-ins refused)` : ''}`);
  } finally {
    await meter.close();
    await stopProcess(server);
  }
}

const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
