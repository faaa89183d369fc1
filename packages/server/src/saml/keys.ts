import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import type forgeModule from 'node-forge';
import type { AppContext } from '../context.js';
import { decryptSecret, encryptSecret } from '../db/secrets.js';
import { onFirstUse } from '../kernel/on-first-use.js';

const loadForge = onFirstUse<typeof forgeModule>('node-forge');

/** A tenant's signing key: the private key (PEM) and its self-signed certificate (PEM). */
export interface SamlKey {
  id: string;
  privateKey: string;
  certificate: string;
}

/** What a tenant signs with, and the key published beside it ahead of a rotation. */
export interface SamlKeys {
  current: SamlKey;
  next?: SamlKey;
}

/** Certificates are self-signed and long-lived: service providers trust the key in the metadata, not a chain. */
const CERTIFICATE_YEARS = 10;
/** Keys are read on every sign-on: kept in memory for a while, so a rotation on another node shows within it. */
const KEYS_CACHE_MS = 60_000;

/**
 * A new RSA key (made by Node) and its self-signed certificate naming the tenant (or, in tests, a
 * service provider), built and signed with SHA-256 by node-forge's X.509 support.
 */
export async function newKey(name: string): Promise<SamlKey> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const forge = loadForge();
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(publicKey);
  // A positive serial number: the first byte's high bit clear.
  certificate.serialNumber = `0${randomBytes(15).toString('hex')}`;
  certificate.validity.notBefore = new Date();
  certificate.validity.notAfter = new Date();
  certificate.validity.notAfter.setFullYear(certificate.validity.notBefore.getFullYear() + CERTIFICATE_YEARS);
  const subject = [{ name: 'commonName', value: `SAML signing ${name.replace(/[^\w-]/g, '')}` }];
  certificate.setSubject(subject);
  certificate.setIssuer(subject);
  certificate.sign(forge.pki.privateKeyFromPem(privateKey) as forgeModule.pki.rsa.PrivateKey, forge.md.sha256.create());
  return { id: randomUUID(), privateKey, certificate: forge.pki.certificateToPem(certificate) };
}

const cached = new WeakMap<AppContext, Map<string, { keys: SamlKeys; until: number }>>();

function cacheOf(ctx: AppContext) {
  let map = cached.get(ctx);
  if (!map) {
    map = new Map();
    cached.set(ctx, map);
  }
  return map;
}

async function store(ctx: AppContext, tenantId: string, state: 'current' | 'next', key: SamlKey): Promise<void> {
  await ctx.db
    .insertInto('sso_saml_key')
    .values({ id: key.id, tenantId, state, privateKey: await encryptSecret(ctx.db, key.privateKey), certificate: key.certificate })
    .execute();
}

async function read(ctx: AppContext, tenantId: string): Promise<SamlKeys | undefined> {
  const rows = await ctx.db
    .selectFrom('sso_saml_key')
    .select(['id', 'state', 'privateKey', 'certificate'])
    .where('tenantId', '=', tenantId)
    .where('state', 'in', ['current', 'next'])
    .orderBy('createdAt')
    .execute();
  const open = async (row: (typeof rows)[number]): Promise<SamlKey> => ({
    id: row.id,
    certificate: row.certificate,
    privateKey: (await decryptSecret(ctx.db, row.privateKey)) ?? '',
  });
  // Two nodes making a tenant's first key at once both insert one: the oldest wins everywhere.
  const current = rows.find((row) => row.state === 'current');
  if (!current) return undefined;
  const next = rows.find((row) => row.state === 'next');
  return { current: await open(current), ...(next ? { next: await open(next) } : {}) };
}

/** The tenant's signing keys, made on first use and kept in the database (every node signs with the same key). */
export async function samlKeys(ctx: AppContext, tenantId: string): Promise<SamlKeys> {
  const cache = cacheOf(ctx);
  const hit = cache.get(tenantId);
  if (hit && hit.until > Date.now()) return hit.keys;
  let keys = await read(ctx, tenantId);
  if (!keys) {
    await store(ctx, tenantId, 'current', await newKey(tenantId));
    keys = (await read(ctx, tenantId)) as SamlKeys;
  }
  cache.set(tenantId, { keys, until: Date.now() + KEYS_CACHE_MS });
  return keys;
}

/**
 * Rotation with overlap, in two steps an administrator takes some time apart: the first makes a
 * `next` key, which the metadata publishes beside the current one (service providers that refresh
 * the metadata learn it); the second makes it current and retires the old one. Answers the keys now.
 */
export async function rotateSamlKeys(ctx: AppContext, tenantId: string): Promise<SamlKeys> {
  const keys = await samlKeys(ctx, tenantId);
  if (!keys.next) {
    await store(ctx, tenantId, 'next', await newKey(tenantId));
  } else {
    await ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('sso_saml_key').set({ state: 'retired' }).where('id', '=', keys.current.id).execute();
      await trx
        .updateTable('sso_saml_key')
        .set({ state: 'current' })
        .where('id', '=', keys.next?.id ?? '')
        .execute();
    });
  }
  cacheOf(ctx).delete(tenantId);
  return samlKeys(ctx, tenantId);
}
