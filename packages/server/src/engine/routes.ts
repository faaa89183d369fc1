import { createHash } from 'node:crypto';
import {
  badRequest,
  DEFAULT_TENANT_ID,
  type EndpointsDef,
  type ExtraDef,
  firstIssueMessage,
  forbidden,
  ok,
  type ResourceDef,
  say,
} from '@sso/shared-api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { inEnglish, wantsEnglish } from '../http/language.js';
import type { Access } from '../kernel/caller.js';
import { type Caller, callerOf } from '../kernel/caller.js';
import { callerWithOrigin } from '../logs/security-events.js';
import { answerOf, endpointAnswerOf, ROW_ANSWER_PATHS } from './answers.js';
import { type RowKeys, rowKeys } from './keys.js';
import { type FileDownload, readMultipart, sendFile } from './multipart.js';
import { listQuerySchema, toListRequest } from './query.js';
import { Repository } from './repository.js';
import type { ExtraHandler, ServedEndpoints, ServerResource } from './types.js';

const envelopeOf = (data: z.ZodType) => z.object({ code: z.number(), success: z.boolean(), data, msg: z.string() });
const pageOf = (row: z.ZodType) =>
  z.object({ records: z.array(row), total: z.number(), size: z.number(), current: z.number(), pages: z.number() });

/** The generic routes of every resource served, plus its declared extras. */
export function registerResourceRoutes(root: FastifyInstance, ctx: AppContext, resources: readonly ServerResource[]): void {
  for (const resource of resources) registerResource(root, ctx, resource);
}

/** The routes of every endpoint group served: one per endpoint, as a resource's extras are served. */
export function registerEndpointRoutes(root: FastifyInstance, ctx: AppContext, groups: readonly ServedEndpoints[]): void {
  for (const { def, extras } of groups) {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const answer = endpointAnswerOf(ctx, def);
    for (const [key, extra] of Object.entries(def.extras))
      registerExtra(app, ctx, def, extra, extras[key] as ExtraHandler, undefined, answer);
  }
}

function registerResource(root: FastifyInstance, ctx: AppContext, resource: ServerResource): void {
  const def = resource.def;
  const app = root.withTypeProvider<ZodTypeProvider>();
  const repo = new Repository(ctx, resource);
  const answer = answerOf(ctx, def);
  // A cached answer carries names read from dictionaries and other tables: their changes drop it.
  for (const source of Object.values(def.names)) {
    if ('dict' in source) ctx.cache.dependsOn(def.table, 'blade_dict');
    if ('table' in source) ctx.cache.dependsOn(def.table, source.table);
  }
  const base = def.basePath;
  const tags = [def.service];
  const screen: Access = { code: def.permission, platformOnly: def.platformOnly };
  const keys = rowKeys(def);
  const row = keys.row;
  const querystring = listQuerySchema(def);

  /** Cached resources answer reads from memory, already serialised, until the table changes. */
  const cacheKey = (request: FastifyRequest) => `${callerOf(request).tenant_id}|${wantsEnglish(request) ? 'en' : 'zh'}|${request.url}`;
  const read = async <T>(request: FastifyRequest, reply: FastifyReply, load: () => Promise<T>) => {
    // Entries are shared by a tenant, so callers whose rows a data scope narrows read afresh.
    if (!def.cached || (await ctx.scopes.narrows(callerOf(request), def))) return load();
    const english = wantsEnglish(request);
    const json = await ctx.cache.get(def.table, cacheKey(request), async () => {
      const payload = await load();
      return JSON.stringify(english ? inEnglish(payload) : payload);
    });
    return reply.type('application/json; charset=utf-8').send(json);
  };

  // A cache hit is answered right after the access check, before validation: the same URL
  // was validated when the entry was made.
  const answerFromCache = def.cached
    ? {
        onRequest: (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
          const shared = request.caller && ctx.scopes.knownNarrows(request.caller, def) === false;
          const json = shared ? ctx.cache.peek<string>(def.table, cacheKey(request)) : undefined;
          if (json === undefined) return done();
          reply.type('application/json; charset=utf-8').send(json);
        },
      }
    : {};

  const list = async (request: FastifyRequest, reply: FastifyReply) =>
    read(request, reply, async () => {
      const caller = callerOf(request);
      const rows = await repo.list(caller, toListRequest(def, request.query as Record<string, unknown>));
      return ok(await answer(rows, caller, true, wantsEnglish(request)));
    });
  // An extra declared with the path `list` or `page` takes the generic route's place (e.g. a tree list).
  const replaced = new Set(Object.values(def.extras).map((extra) => extra.path));
  // `routes: 'read'` serves no submit/remove (audit logs).
  for (const path of ['list', 'page'].filter((p) => !replaced.has(p))) {
    app.get(
      `${base}/${path}`,
      {
        config: { access: screen },
        ...answerFromCache,
        schema: { tags, summary: `${def.view.title[1]}: paged list`, querystring, response: { 200: envelopeOf(pageOf(row)) } },
      },
      list,
    );
  }

  if (!replaced.has('detail')) {
    app.get(
      `${base}/detail`,
      {
        config: { access: screen },
        ...answerFromCache,
        schema: {
          tags,
          summary: `${def.view.title[1]}: one row`,
          querystring: keys.detailQuery,
          response: { 200: envelopeOf(row.nullable()) },
        },
      },
      async (request: FastifyRequest, reply: FastifyReply) =>
        read(request, reply, async () => {
          const caller = callerOf(request);
          const found = (await repo.detail(caller, keys.detailKey(request.query as never))) ?? null;
          return ok(await answer(found, caller, true, wantsEnglish(request)));
        }),
    );
  }
  if (def.routes === 'all') registerWrites(app, ctx, def, repo, keys, answer);
  for (const [key, extra] of Object.entries(def.extras))
    registerExtra(app, ctx, def, extra, resource.extras[key] as ExtraHandler, repo, answer);
}

type Answer = (data: unknown, caller: Caller | undefined, withNames: boolean, english?: boolean) => Promise<unknown>;

/** The generic submit and remove of a resource whose rows the API may change. */
function registerWrites(app: FastifyInstance, ctx: AppContext, def: ResourceDef, repo: Repository, keys: RowKeys, answer: Answer): void {
  const base = def.basePath;
  const tags = [def.service];
  const screen: Access = { code: def.permission, platformOnly: def.platformOnly };
  const row = keys.row;

  const submitBody = keys.submitBody;
  app.post(
    `${base}/submit`,
    {
      config: { access: screen },
      schema: {
        tags,
        summary: `${def.view.title[1]}: add (no id) or update (with id)`,
        body: submitBody,
        response: { 200: envelopeOf(row) },
      },
    },
    async (request) => {
      const caller = callerOf({ caller: callerWithOrigin(request) });
      const body = request.body as Record<string, unknown>;
      const id = await keys.submitKey(body, async (key) => (await repo.detail(caller, key)) !== undefined);
      await ctx.permissions.require(caller, `${def.permission}_${id ? 'edit' : 'add'}`);
      repo.assertMayWrite(caller);
      // The body passed the partial schema; an insert must also carry every required field.
      const parsed = (id ? def.entity.partial() : def.entity).safeParse(keys.values(body, id));
      if (!parsed.success) throw badRequest(firstIssueMessage(parsed.error.issues));
      return ok(await answer(await repo.save(caller, parsed.data as Record<string, unknown>, id), caller, true, wantsEnglish(request)));
    },
  );

  app.post(
    `${base}/remove`,
    {
      config: { access: screen },
      schema: {
        tags,
        summary: `${def.view.title[1]}: remove rows (soft delete)`,
        querystring: keys.removeQuery,
        response: { 200: envelopeOf(z.boolean()) },
      },
    },
    async (request) => {
      const caller = callerOf({ caller: callerWithOrigin(request) });
      await ctx.permissions.require(caller, `${def.permission}_delete`);
      repo.assertMayWrite(caller);
      await repo.remove(caller, keys.removeKeys(request.query as never));
      return ok(true);
    },
  );
}

/** One extra of a resource (with its repository) or one endpoint of a group (without). */
function registerExtra(
  app: FastifyInstance,
  ctx: AppContext,
  def: ResourceDef | EndpointsDef,
  extra: ExtraDef,
  handler: ExtraHandler,
  repo: Repository | undefined,
  answer: Answer,
): void {
  const mergesFields = extra.fieldsFrom === 'query-or-body';
  // A list of codes (a select several screens use): signed-in callers holding any of them, of the
  // platform tenant when the resource is platform-only, as for a single code.
  const anyOf = typeof extra.permission === 'object' && extra.permission !== null ? extra.permission : undefined;
  const access: Access =
    extra.permission === 'public'
      ? 'public'
      : typeof extra.permission === 'string'
        ? { code: extra.permission, platformOnly: def.platformOnly }
        : 'user';
  app.route({
    method: extra.method,
    url: `${def.basePath}/${extra.path}`,
    config: {
      access,
      ...(mergesFields ? { fields: extra.body ?? extra.query } : {}),
      ...(extra.download && extra.method === 'GET' ? { tokenInQuery: true } : {}),
    },

    schema: {
      tags: [def.service],
      summary: extra.summary,
      // Fields taken from the query or the body are merged and checked in the handler.
      ...(extra.query && !mergesFields ? { querystring: extra.query } : {}),
      // A multipart body is read and checked below: its files have no JSON schema.
      ...(extra.body && !extra.multipart && !mergesFields ? { body: extra.body } : {}),
      ...(extra.multipart ? { consumes: ['multipart/form-data'] } : {}),
      ...(extra.download ? {} : { response: { 200: envelopeOf(extra.response) } }),
    },
    // The codes are checked before a multipart body is read (one hook: two would replace each other).
    ...(anyOf || extra.multipart
      ? {
          preValidation: async (request: FastifyRequest) => {
            if (anyOf) await requireAnyOf(ctx, callerOf(request), anyOf, def.platformOnly);
            if (extra.multipart) request.body = await readMultipart(request);
          },
        }
      : {}),
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      let body = request.body;
      if (extra.multipart && extra.body) {
        const parsed = extra.body.safeParse(body);
        if (!parsed.success) throw badRequest(firstIssueMessage(parsed.error.issues));
        body = parsed.data;
      }
      let query = request.query;
      if (mergesFields) query = body = mergedFields(extra, request.query, request.body);
      // The caller carries the request: security events written below record its address. Handlers
      // of extras that are not public are typed to always have one: a call without one stops here.
      const caller = callerWithOrigin(request);
      if (!caller && access !== 'public') throw new Error('extra route reached without a caller');
      const data = await handler({ ctx, ...(repo ? { def: repo.def, repo } : {}), request, caller, query, body });
      if (extra.download) return sendFile(reply, data as FileDownload);
      const named = ROW_ANSWER_PATHS.has(extra.path) || extra.namedRows === true;
      const envelope = ok(await answer(data, request.caller, named, wantsEnglish(request)));
      if (extra.cacheSeconds) return sendCacheable(request, reply, envelope, extra.cacheSeconds);
      return envelope;
    },
  });
}

/**
 * An answer clients and proxies may keep `seconds`: its ETag is a digest of the body, so a client
 * revalidating with If-None-Match gets 304 without a body until the answer changes.
 */
function sendCacheable(request: FastifyRequest, reply: FastifyReply, envelope: unknown, seconds: number) {
  const json = JSON.stringify(wantsEnglish(request) ? inEnglish(envelope) : envelope);
  const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 32)}"`;
  reply.header('cache-control', `public, max-age=${seconds}`).header('etag', etag).header('vary', 'Accept-Language');
  const given = request.headers['if-none-match'];
  if (given && given.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return reply.status(304).send();
  return reply.type('application/json; charset=utf-8').send(json);
}

/** The fields of a 'query-or-body' extra: the query string with the body's fields over it, checked. */
function mergedFields(extra: ExtraDef, query: unknown, body: unknown): unknown {
  const fromBody = body === undefined || body === null || body === '' ? {} : body;
  if (typeof fromBody !== 'object' || Array.isArray(fromBody)) throw badRequest(say('badType'));
  const schema = extra.body ?? extra.query;
  const merged = { ...(query as object), ...fromBody };
  if (!schema) return merged;
  const parsed = schema.safeParse(merged);
  if (!parsed.success) throw badRequest(firstIssueMessage(parsed.error.issues));
  return parsed.data;
}

async function requireAnyOf(ctx: AppContext, caller: Caller, codes: readonly string[], platformOnly: boolean): Promise<void> {
  if (platformOnly && caller.tenant_id !== DEFAULT_TENANT_ID) throw forbidden(say('forbidden'));
  for (const code of codes) if (await ctx.permissions.allows(caller, code)) return;
  throw forbidden(say('forbidden'));
}
