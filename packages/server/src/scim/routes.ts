import { ApiError, toEnglish } from '@sso/shared-api';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { isConnectionFailure } from '../db/connection-errors.js';
import { recordRefusal } from '../logs/security-refusal.js';
import { scimAgent } from './auth.js';
import { invalidSyntax, invalidValue, notFound, ScimError, scimErrorBody } from './errors.js';
import { createGroup, deleteGroup, getGroup, listGroups, patchGroup, replaceGroup } from './groups.js';
import { parseListQuery, projectionOf } from './listing.js';
import { project } from './projection.js';
import { listResponse, resourceTypesDocument, schemasDocument, serviceProviderConfig } from './schemas.js';
import type { ScimRequest } from './store.js';
import { createUser, disableUser, getUser, listUsers, patchUser, replaceUser } from './users.js';

export const SCIM_PREFIX = '/scim/v2';
const SCIM_TYPE = 'application/scim+json; charset=utf-8';
/** A SCIM body larger than this is refused before it is read (413). */
const BODY_LIMIT = 1024 * 1024;

type Query = Record<string, unknown>;
type Json = Record<string, unknown>;

/** Any failure as a SCIM error: the platform's own refusals keep their status, in English. */
function scimErrorOf(error: unknown, request: FastifyRequest): ScimError {
  if (error instanceof ScimError) return error;
  if (error instanceof ApiError) {
    const status = error.code >= 400 && error.code < 500 ? error.code : 400;
    return new ScimError(status, toEnglish(error.message), status === 400 ? 'invalidValue' : undefined);
  }
  const failure = error as FastifyError & { code?: string };
  if (failure.code === '23505') return new ScimError(409, 'The value is already taken', 'uniqueness');
  if (typeof failure.statusCode === 'number' && failure.statusCode >= 400 && failure.statusCode < 500) {
    return new ScimError(
      failure.statusCode,
      failure.statusCode === 400 ? 'Invalid request' : failure.message,
      failure.statusCode === 400 ? 'invalidSyntax' : undefined,
    );
  }
  if (isConnectionFailure(error)) return new ScimError(503, 'The service is unavailable; try again shortly');
  request.log.error({ err: error }, 'SCIM request failed');
  return new ScimError(500, 'The request failed');
}

/** Bodies of SCIM are shallow; a deeper one is refused before anything walks it recursively. */
const MAX_BODY_DEPTH = 32;
/** Control characters no text of a user or group may hold (PostgreSQL cannot store NUL); tab, LF and CR aside. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Refuses a body nested too deeply or holding a control character, in a key or a value. */
function assertPlainText(value: unknown): void {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [current, depth] = stack.pop() as [unknown, number];
    if (typeof current === 'string') {
      if (CONTROL.test(current)) throw invalidValue('The body holds a control character');
    } else if (current && typeof current === 'object') {
      if (depth >= MAX_BODY_DEPTH) throw invalidSyntax('The body is nested too deeply');
      for (const [key, item] of Object.entries(current)) {
        if (CONTROL.test(key)) throw invalidValue('The body holds a control character');
        stack.push([item, depth + 1]);
      }
    }
  }
}

function jsonBody(request: FastifyRequest): unknown {
  const raw = request.body;
  if (typeof raw !== 'string' || !raw.trim()) throw invalidSyntax('A JSON body is required');
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw invalidSyntax('The body is not valid JSON');
  }
  assertPlainText(body);
  return body;
}

const ifMatchOf = (request: FastifyRequest) => {
  const header = request.headers['if-match'];
  return Array.isArray(header) ? header.join(',') : header;
};

/** One resource answered: its version as the ETag, narrowed to the attributes the query asks for. */
function sendResource(reply: FastifyReply, request: FastifyRequest, resource: Json, status = 200) {
  const version = (resource.meta as { version?: string } | undefined)?.version;
  if (version) reply.header('etag', version);
  if (status === 201) reply.header('location', String((resource.meta as { location: string }).location));
  const { attributes, excluded } = projectionOf(request.query as Query);
  return reply
    .status(status)
    .type(SCIM_TYPE)
    .send(project(resource, attributes, excluded));
}

/**
 * SCIM 2.0 (RFC 7643/7644) for the consuming applications of the catalogue, under /scim/v2:
 * Users and Groups of the token's tenant, and the discovery documents. Every answer is
 * `application/scim+json`; every refusal a SCIM error (never the platform's envelope, never a 500
 * for any input). Bodies are read here, as text, so that malformed JSON is a SCIM 400 too.
 */
export function registerScimRoutes(root: FastifyInstance, ctx: AppContext, origin: () => string): void {
  void root.register(
    async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));
      scope.setErrorHandler(async (error, request, reply) => {
        // A refused grant (三员分立) is a security event, written once its transaction is over.
        await recordRefusal(ctx.audit, error);
        const scim = scimErrorOf(error, request);
        if (scim.status === 401) reply.header('www-authenticate', 'Bearer realm="scim"');
        return reply
          .status(scim.status)
          .type(SCIM_TYPE)
          .send(scimErrorBody(scim.status, scim.message, scim.scimType));
      });
      scope.setNotFoundHandler((_request, reply) => {
        const error = notFound('No such SCIM endpoint');
        return reply.status(404).type(SCIM_TYPE).send(scimErrorBody(404, error.message));
      });

      const base = () => `${origin()}${SCIM_PREFIX}`;
      const options = { config: { access: 'public' as const }, schema: { hide: true } };
      /** The request's agent (refused with 401 unless its token is good) as the handlers take it. */
      const agentOf = async (request: FastifyRequest): Promise<ScimRequest> => {
        const tenant = request.headers['tenant-id'];
        const { caller, holder } = await scimAgent(ctx, request.headers.authorization, Array.isArray(tenant) ? tenant[0] : tenant);
        return { ctx, caller, base: base(), appId: holder.appId };
      };
      const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;
      const send = (reply: FastifyReply, body: unknown) => reply.type(SCIM_TYPE).send(body);

      // Discovery (RFC 7644 §4): the same for everyone, so no token is needed.
      scope.get('/ServiceProviderConfig', options, (_request, reply) => send(reply, serviceProviderConfig(base())));
      scope.get('/Schemas', options, (_request, reply) => {
        const schemas = schemasDocument(base());
        return send(reply, listResponse(schemas, schemas.length, 1));
      });
      scope.get('/Schemas/:id', options, (request, reply) => {
        const schema = schemasDocument(base()).find((s) => s.id.toLowerCase() === idOf(request).toLowerCase());
        if (!schema) throw notFound();
        return send(reply, schema);
      });
      scope.get('/ResourceTypes', options, (_request, reply) => {
        const types = resourceTypesDocument(base());
        return send(reply, listResponse(types, types.length, 1));
      });
      scope.get('/ResourceTypes/:id', options, (request, reply) => {
        const type = resourceTypesDocument(base()).find((t) => t.id.toLowerCase() === idOf(request).toLowerCase());
        if (!type) throw notFound();
        return send(reply, type);
      });

      const resources = [
        { path: '/Users', list: listUsers, get: getUser, create: createUser, replace: replaceUser, patch: patchUser, remove: disableUser },
        {
          path: '/Groups',
          list: listGroups,
          get: getGroup,
          create: createGroup,
          replace: replaceGroup,
          patch: patchGroup,
          remove: deleteGroup,
        },
      ];
      for (const resource of resources) {
        scope.get(resource.path, options, async (request, reply) => {
          const r = await agentOf(request);
          return send(reply, await resource.list(r, parseListQuery(request.query as Query)));
        });
        scope.post(resource.path, options, async (request, reply) => {
          const r = await agentOf(request);
          return sendResource(reply, request, await resource.create(r, jsonBody(request)), 201);
        });
        scope.get(`${resource.path}/:id`, options, async (request, reply) => {
          const r = await agentOf(request);
          return sendResource(reply, request, await resource.get(r, idOf(request)));
        });
        scope.put(`${resource.path}/:id`, options, async (request, reply) => {
          const r = await agentOf(request);
          return sendResource(reply, request, await resource.replace(r, idOf(request), jsonBody(request), ifMatchOf(request)));
        });
        scope.patch(`${resource.path}/:id`, options, async (request, reply) => {
          const r = await agentOf(request);
          return sendResource(reply, request, await resource.patch(r, idOf(request), jsonBody(request), ifMatchOf(request)));
        });
        scope.delete(`${resource.path}/:id`, options, async (request, reply) => {
          const r = await agentOf(request);
          await resource.remove(r, idOf(request), ifMatchOf(request));
          return reply.status(204).send();
        });
      }
    },
    { prefix: SCIM_PREFIX },
  );
}
