import type { FastifyBaseLogger } from 'fastify';
import { CaptchaStore } from './auth/captcha-store.js';
import { Clients } from './auth/clients.js';
import { DirectoryPasswords } from './auth/directory-password.js';
import { loadSigningKeys, type SigningKeys } from './auth/keys.js';
import { Lockout } from './auth/lockout.js';
import { Passwords } from './auth/passwords.js';
import { Permissions } from './auth/permissions.js';
import { Scopes } from './auth/scopes.js';
import { sessionLimitsOf } from './auth/session-limits.js';
import { Sessions } from './auth/sessions.js';
import { AccessTokens } from './auth/tokens.js';
import { createBus } from './cluster/create-bus.js';
import { complianceOf } from './db/compliance.js';
import type { DatabaseHandle, Db } from './db/database.js';
import { Params } from './db/params.js';
import type { ClusterBus } from './kernel/bus.js';
import { ResourceCache } from './kernel/cache.js';
import type { Config } from './kernel/config.js';
import { IdGenerator } from './kernel/ids.js';
import { LogRecorder } from './logs/log-recorder.js';
import { SecurityAudit } from './logs/security-audit.js';
import { allowListReader, OutboundGuard } from './net/outbound-guard.js';
import { SmsService } from './sms/sms-service.js';
import { Storage } from './storage/storage.js';

/** The services one server process shares between its routes. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  db: Db;
  ids: IdGenerator;
  passwords: Passwords;
  /** Passwords of users synced from an LDAP / Active Directory source, checked by binding to it. */
  directoryPasswords: DirectoryPasswords;
  keys: SigningKeys;
  tokens: AccessTokens;
  sessions: Sessions;
  lockout: Lockout;
  clients: Clients;
  permissions: Permissions;
  scopes: Scopes;
  cache: ResourceCache;
  params: Params;
  /** Audit logs (api, error, usual), written in batches; sign-ins and security events go through `audit`. */
  logs: LogRecorder;
  /** Security events (sign-ins, credentials, locks, grants, account changes), written before the answer. */
  audit: SecurityAudit;
  /** The gate of calls to addresses a tenant can set: `await ctx.outbound.check(tenantId, url)` when saving one, `fetchFor`/`resolve` to connect. */
  outbound: OutboundGuard;
  /** Object storage of uploads (local disk by default). */
  storage: Storage;
  /** SMS sending and verification codes (the log provider by default). */
  sms: SmsService;
  /** Sign-in captchas, shared by every node through the database. */
  captcha: CaptchaStore;
  issuer: string;
  /** Tells the other nodes of a cluster what to forget (sessions, grants, cached tables). */
  bus: ClusterBus;
  log?: FastifyBaseLogger;
}

interface ContextOptions {
  /** Tests only: the captcha store remembers its codes so a test can read them. */
  testHooks?: boolean;
  /** The password hashing the seed used, when it ran before the context was built. */
  passwords?: Passwords;
}

/** Password hashing at the configured argon2id cost. */
export const passwordsOf = (config: Config) => new Passwords({ memoryKib: config.SSO_ARGON2_MEMORY_KIB, passes: config.SSO_ARGON2_PASSES });

export async function createContext(
  config: Config,
  database: DatabaseHandle,
  ids: IdGenerator,
  options: ContextOptions = {},
): Promise<AppContext> {
  const { db } = database;
  const keys = await loadSigningKeys(db);
  const issuer = config.SSO_ISSUER ?? 'sso-platform';
  const ttl = config.SSO_CACHE_TTL_MS;
  const cache = new ResourceCache(ttl);
  const permissions = new Permissions(db, ttl);
  const scopes = new Scopes(db, ttl);
  // A grant change (roles, scopes, packages) drops what both remember.
  permissions.onClear(() => scopes.clear());
  const clients = new Clients(db, ttl);
  // The bus logs through the server's logger once there is one.
  const busLog = { warn: (message: string) => (context.log ? context.log.warn(message) : console.warn(message)) };
  const bus = createBus(config, busLog);
  cache.shareThrough(bus);
  permissions.shareThrough(bus);
  clients.shareThrough(bus);
  const params = new Params(db, cache);
  const sessions = new Sessions(db, ids, ttl, async (tenantId) => sessionLimitsOf(await complianceOf(params, tenantId)));
  sessions.shareThrough(bus);
  const outbound = new OutboundGuard({ host: config.HOST }, allowListReader(params));
  const context: AppContext = {
    config,
    database,
    db,
    ids,
    passwords: options.passwords ?? passwordsOf(config),
    keys,
    tokens: new AccessTokens(keys, issuer),
    sessions,
    lockout: new Lockout(db, cache),
    directoryPasswords: new DirectoryPasswords(db, outbound),
    clients,
    permissions,
    scopes,
    cache,
    params,
    logs: new LogRecorder(db, ids, { onWritten: (table) => cache.invalidate(table) }),
    audit: new SecurityAudit(db, ids, cache),
    outbound,
    storage: new Storage(db, config.SSO_DATA_DIR, outbound),
    sms: new SmsService(db, ids, outbound),
    captcha: new CaptchaStore(db, { exposeCodes: options.testHooks === true }),
    issuer,
    bus,
  };
  // Listening starts before the server answers anything; Server.close() stops it.
  await bus.start();
  return context;
}

export { IdGenerator };
