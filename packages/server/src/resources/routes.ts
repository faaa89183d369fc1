import { allResources, badRequest, type ExtraDef, idList, idString, ok, type ResourceDef, zh } from '@sso/shared-api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { inEnglish, wantsEnglish } from '../http/language.js';
import type { Access } from '../http/types.js';
import { callerOf } from '../http/types.js';
import { extraHandlerFor } from './extras.js';
import { listQuerySchema, toListRequest } from './query.js';
import { Repository } from './repository.js';

const envelopeOf = (data: z.ZodType) => z.object({ code: z.number(), success: z.boolean(), data, msg: z.string() });
const pageOf = (row: z.ZodType) =>
  z.object({ records: z.array(row), total: z.number(), size: z.number(), current: z.number(), pages: z.number() });

/** The generic routes of every registry resource, plus its declared extras. */
export function registerResourceRoutes(root: FastifyInstance, ctx: AppContext, resources: ResourceDef[] = allResources): void {
  for (const def of resources) registerResource(root, ctx, def);
}

function registerResource(root: FastifyInstance, ctx: AppContext, def: ResourceDef): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const repo = new Repository(ctx, def);
  const base = def.basePath;
  const tags = [def.service];
  const screen: Access = { code: def.permission };
  const row = def.entity.extend({ id: z.string() });
  const querystring = listQuerySchema(def);

  /** Cached resources answer reads from memory, already serialised, until the table changes. */
  const cacheKey = (request: FastifyRequest) => `${callerOf(request).tenant_id}|${wantsEnglish(request) ? 'en' : 'zh'}|${request.url}`;
  const read = async <T>(request: FastifyRequest, reply: FastifyReply, load: () => Promise<T>) => {
    if (!def.cached) return load();
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
          const json = request.caller ? ctx.cache.peek<string>(def.table, cacheKey(request)) : undefined;
          if (json === undefined) return done();
          reply.type('application/json; charset=utf-8').send(json);
        },
      }
    : {};

  const list = async (request: FastifyRequest, reply: FastifyReply) =>
    read(request, reply, async () => ok(await repo.list(callerOf(request), toListRequest(def, request.query as Record<string, unknown>))));
  for (const path of ['list', 'page']) {
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

  app.get(
    `${base}/detail`,
    {
      config: { access: screen },
      ...answerFromCache,
      schema: {
        tags,
        summary: `${def.view.title[1]}: one row`,
        querystring: z.object({ id: idString }),
        response: { 200: envelopeOf(row.nullable()) },
      },
    },
    async (request: FastifyRequest, reply: FastifyReply) =>
      read(request, reply, async () => ok((await repo.detail(callerOf(request), (request.query as { id: string }).id)) ?? null)),
  );

  const submitBody = def.entity.partial().extend({ id: z.union([idString, z.literal('')]).optional() });
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
      const caller = callerOf(request);
      const id = request.body.id || undefined;
      await ctx.permissions.require(caller, `${def.permission}_${id ? 'edit' : 'add'}`);
      // The body passed the partial schema; an insert must also carry every required field.
      const parsed = (id ? def.entity.partial() : def.entity).safeParse(withoutId(request.body));
      if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? zh('badType'));
      return ok(await repo.save(caller, parsed.data as Record<string, unknown>, id));
    },
  );

  app.post(
    `${base}/remove`,
    {
      config: { access: screen },
      schema: {
        tags,
        summary: `${def.view.title[1]}: remove rows (soft delete)`,
        querystring: z.object({ ids: idList }),
        response: { 200: envelopeOf(z.boolean()) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      await ctx.permissions.require(caller, `${def.permission}_delete`);
      await repo.remove(caller, request.query.ids);
      return ok(true);
    },
  );

  for (const [key, extra] of Object.entries(def.extras)) registerExtra(app, ctx, def, key, extra, repo);
}

function registerExtra(app: FastifyInstance, ctx: AppContext, def: ResourceDef, key: string, extra: ExtraDef, repo: Repository): void {
  const handler = extraHandlerFor(def, key);
  const access: Access = extra.permission === 'public' ? 'public' : extra.permission ? { code: extra.permission } : 'user';
  app.route({
    method: extra.method,
    url: `${def.basePath}/${extra.path}`,
    config: { access },
    schema: {
      tags: [def.service],
      summary: extra.summary,
      ...(extra.query ? { querystring: extra.query } : {}),
      ...(extra.body ? { body: extra.body } : {}),
      response: { 200: envelopeOf(extra.response) },
    },
    handler: async (request: FastifyRequest) => {
      const data = await handler({ ctx, def, repo, request, caller: request.caller, query: request.query, body: request.body });
      return ok(data);
    },
  });
}

function withoutId(body: Record<string, unknown>): Record<string, unknown> {
  const { id: _id, ...rest } = body;
  return Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
}
