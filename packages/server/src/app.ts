import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import multipart from '@fastify/multipart';
import { fail, type ResourceDef, say } from '@sso/shared-api';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { appRedirectSource } from './apps/redirect-source.js';
import { registerCaptchaRoutes } from './auth/captcha-routes.js';
import { scheduleDormantAccounts } from './auth/dormant-accounts.js';
import { registerLockoutRoutes } from './auth/lockout-routes.js';
import { registerRedirectSource } from './auth/redirects.js';
import { registerAuthRoutes } from './auth/routes.js';
import { registerCasRoutes } from './cas/routes.js';
import { registerCasSingleLogout } from './cas/single-logout.js';
import { type AppContext, createContext, passwordsOf } from './context.js';
import { openDatabase } from './db/database.js';
import { scheduleEmbeddedMaintenance } from './db/embedded-maintenance.js';
import { type MigrationNotice, reportMigrationNotices } from './db/migration-notices.js';
import { registerEndpointRoutes, registerResourceRoutes } from './engine/routes.js';
import type { ServerResource } from './engine/types.js';
import { migrateAndSeed } from './first-start.js';
import { scheduleFlowTimers } from './flow/timers.js';
import { registerAppNameRoute, ssoGrant } from './handoff/app-handoff.js';
import { registerHandoffRoute } from './handoff/handoff-route.js';
import { registerAuthHook } from './http/auth-hook.js';
import { clientErrorAnswer } from './http/client-errors.js';
import { DatabaseOutage } from './http/database-outage.js';
import { registerDocs } from './http/docs.js';
import { registerErrorHandling } from './http/errors.js';
import { registerGracefulClose } from './http/graceful-close.js';
import { registerIdempotency } from './http/idempotency.js';
import { badUrlAnswer, registerInputGuard } from './http/input-guard.js';
import { registerLanguage } from './http/language.js';
import { publicOrigin } from './http/public-origin.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerWeb } from './http/web.js';
import type { Access } from './kernel/caller.js';
import type { Config } from './kernel/config.js';
import { runDaily } from './kernel/daily.js';
import { IdGenerator } from './kernel/ids.js';
import { registerApiLog } from './logs/api-hook.js';
import { registerLogReadAudit } from './logs/log-reads.js';
import { registerOidcRoutes } from './oidc/routes.js';
import { endProviderSessions } from './oidc/session-end.js';
import { registerAppDownloadRoute } from './resources/appmanage/index.js';
import { catchUpPersonalData, followPersonalKeys } from './resources/compliance/personal-data.js';
import { endpointsToServe, resourcesToServe } from './resources/index.js';
import { registerSmsRoutes } from './resources/sms/routes.js';
import { registerSyncCallbacks } from './resources/sync-source/callback-routes.js';
import { scheduleDirectorySync } from './resources/sync-source/schedule-timer.js';
import { scheduleGrantExpiry } from './resources/user-authorized/expiry-timer.js';
import { registerSamlRoutes } from './saml/routes.js';
import { registerSamlSingleLogout } from './saml/single-logout.js';
import { registerScimRoutes } from './scim/routes.js';
import { registerSocialRoutes } from './social/routes.js';
import { registerWechatCallback } from './wechat/callback-routes.js';

export interface Server {
  app: FastifyInstance;
  ctx: AppContext;
  /**
   * Every route as `METHOD /path`, with its access rule (the authorization matrix reads it) and its
   * input schemas (zod; the route fuzz suite generates requests from them).
   */
  routes: { method: string; url: string; access: Access; schema?: { querystring?: unknown; body?: unknown; params?: unknown } }[];
  /** Stops accepting requests, finishes the running ones, closes the database. */
  close(): Promise<void>;
}

const defaultWebDir = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../web/dist');
const SECRET_QUERY = /([?&](?:\w*password\w*|refresh_token|access_token|client_secret)=)[^&]*/gi;

/** Opens the database, migrates, seeds and builds the HTTP app (not yet listening). */
export interface BuildOptions {
  /** Tests only: resources served beside the real ones (a bare definition gets no rules and no extras). */
  testResources?: (ResourceDef | ServerResource)[];
  /** Tests only (startTestServer sets it; no configuration does): `ctx.captcha.codeForTests` answers codes. */
  testHooks?: boolean;
  /** Tests only: the in-memory database starts from this dumped data directory (see openDatabase). */
  initialData?: Blob;
}

export async function buildServer(config: Config, options: BuildOptions = {}): Promise<Server> {
  let database = await openDatabase(config, { initialData: options.initialData });
  const ids = new IdGenerator(config.SSO_WORKER_ID);
  const notices: MigrationNotice[] = [];
  const applied = await migrateAndSeed(database.db, config, ids, (notice) => notices.push(notice));
  const passwords = passwordsOf(config);
  if (applied.length && database.kind === 'pglite' && database.location !== 'memory') {
    // Migrating and seeding grew the embedded database's memory, which it never gives back:
    // opened afresh, it starts from its small resident size (first start and upgrades only).
    await database.close();
    database = await openDatabase(config);
    // The closed instance's WebAssembly memory (hundreds of MiB after a first start) is freed only
    // when V8 collects it, and an idle server may not collect for hours: collected now where the
    // process allows it (`npm start` runs the server with --expose-gc).
    (globalThis as { gc?: () => void }).gc?.();
  }
  const ctx = await createContext(config, database, ids, { testHooks: options.testHooks, passwords });
  // Users' phone and email are stored encrypted once a key exists: the keys are read, and the users
  // written in clear encrypted, before anything is served.
  await catchUpPersonalData(ctx);
  followPersonalKeys(ctx);
  // Redirect URIs are registered by OAuth clients (the platform's) and by applications (a tenant's).
  registerRedirectSource(appRedirectSource);

  // Request ids: the caller's X-Request-Id, else this process's boot id and a counter.
  const bootId = randomUUID().slice(0, 8);
  let requestCount = 0;
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers["blade-auth"]'],
      serializers: {
        req: (req) => ({ id: req.id, method: req.method, url: String(req.url).replace(SECRET_QUERY, '$1***'), ip: req.ip }),
      },
    },
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w.-]{1,64}$/.test(incoming) ? incoming : `${bootId}-${(++requestCount).toString(36)}`;
    },
    trustProxy: config.SSO_TRUST_PROXY === 'true',
    // SpringBlade clients join base URL and path with an extra slash at times (/api//blade-auth/token).
    routerOptions: { ignoreDuplicateSlashes: true },
    bodyLimit: 10 * 1024 * 1024,
    frameworkErrors: badUrlAnswer,
    clientErrorHandler: clientErrorAnswer,
  });
  ctx.log = app.log;
  reportMigrationNotices(ctx, notices);
  const routes: Server['routes'] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      // A route taking its fields from the query or the body lists them as both.
      const fields = route.config?.fields;
      const schema = fields ? { ...route.schema, querystring: fields, body: fields } : route.schema;
      routes.push({ method, url: route.url, access: route.config?.access ?? 'user', schema });
    }
  });
  app.setValidatorCompiler(validatorCompiler);
  // Responses are documented by their schemas but not re-validated on the way out.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  void serializerCompiler;

  const outage = new DatabaseOutage(ctx.db, () => ctx.log);
  registerErrorHandling(app, outage, ctx.audit);
  registerGracefulClose(app);
  registerSecurityHeaders(app);
  registerInputGuard(app, { trustProxy: config.SSO_TRUST_PROXY === 'true' });
  // Uploads are read by the routes that declare them (engine/multipart.ts sets the limits).
  await app.register(multipart);
  registerLanguage(app);
  registerAuthHook(app, ctx);
  registerApiLog(app, ctx);
  // Beside the log retention's daily purge: the compliance profile's dormant accounts.
  const stopDormantAccounts = scheduleDormantAccounts(ctx);
  app.addHook('onClose', async () => stopDormantAccounts());
  // Daily: users left in clear or under an older key (written by a node that had not heard of a new key) rewritten.
  const stopPersonalData = runDaily(
    () => catchUpPersonalData(ctx),
    (error) => ctx.log?.error({ err: error }, 'personal data not re-encrypted'),
  );
  app.addHook('onClose', async () => stopPersonalData());
  // The embedded database has no autovacuum: the server vacuums and analyses it itself.
  if (database.kind === 'pglite') {
    const stopMaintenance = scheduleEmbeddedMaintenance(ctx.db, (error) =>
      ctx.log?.error({ err: error }, 'embedded database not vacuumed'),
    );
    app.addHook('onClose', async () => stopMaintenance());
  }
  registerLogReadAudit(app, ctx);
  registerIdempotency(app, ctx.db);
  await registerDocs(app);

  app.get('/health', { config: { access: 'public' }, schema: { hide: true } }, async () => ({ status: 'UP' }));
  app.get('/ready', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) => {
    // A cluster bus that does not answer leaves the node serving, but other nodes' sign-outs and
    // revocations reach it only after SSO_CACHE_TTL_MS: said here rather than looking healthy.
    const bus = { bus: ctx.bus.kind, busConnected: ctx.bus.connected };
    const degraded = ctx.bus.kind !== 'local' && !ctx.bus.connected;
    try {
      await sql`select 1`.execute(ctx.db);
      return { status: degraded ? 'DEGRADED' : 'UP', database: database.kind, ...bus };
    } catch {
      return reply.status(503).send({ status: 'DOWN', database: database.kind, ...bus });
    }
  });

  const origin = publicOrigin(config, app.server);
  registerAuthRoutes(app, ctx, (input) => ssoGrant(ctx, input), origin);
  registerCaptchaRoutes(app, ctx);
  registerLockoutRoutes(app, ctx);
  scheduleGrantExpiry(app, ctx);
  scheduleFlowTimers(app, ctx);
  registerHandoffRoute(app, ctx);
  registerAppNameRoute(app, ctx);
  registerCasRoutes(app, ctx);
  registerCasSingleLogout(ctx);
  const oidcProviders = registerOidcRoutes(app, ctx, origin);
  ctx.sessions.onEnded((ended) => endProviderSessions(ctx, oidcProviders, ended));
  registerScimRoutes(app, ctx, origin);
  registerSamlRoutes(app, ctx, origin);
  registerSamlSingleLogout(ctx, origin);
  registerSmsRoutes(app, ctx);
  registerAppDownloadRoute(app, ctx);
  registerSocialRoutes(app, ctx, origin);
  registerWechatCallback(app, ctx);
  registerSyncCallbacks(app, ctx);
  scheduleDirectorySync(app, ctx);
  registerResourceRoutes(app, ctx, resourcesToServe(options.testResources));
  registerEndpointRoutes(app, ctx, endpointsToServe());

  const webDir = config.SSO_WEB_DIR ? resolve(config.SSO_WEB_DIR) : defaultWebDir;
  const servesWeb = await registerWeb(app, webDir);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith('/api/') || !servesWeb || request.method !== 'GET') {
      const other = request.method === 'GET' ? 'POST' : 'GET';
      if (app.hasRoute({ method: other, url: path })) return reply.status(405).send(fail(405, say('methodNotAllowed')));
      return reply.status(404).send(fail(404, say('notFound')));
    }
    return reply.sendFile('index.html');
  });

  let closed = false;
  return {
    app,
    ctx,
    routes,
    close: async () => {
      if (closed) return;
      closed = true;
      outage.stop();
      await app.close();
      await ctx.bus.close();
      await database.close();
    },
  };
}
