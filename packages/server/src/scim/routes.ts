import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { recordRefusal } from '../logs/security-refusal.js';
import { scimAgent } from './auth.js';
import { runBulk } from './bulk.js';
import { BODY_LIMIT, invalidSyntax, invalidValue, notFound, ScimError, scimErrorBody, scimErrorOf } from './errors.js';
import { getGroup, listGroups, matchingGroups } from './groups.js';
import { answerList, type ListQuery, parseListQuery, projectionOf } from './listing.js';
import { performWrite } from './operations.js';
import { project } from './projection.js';
import { listResponse, resourceTypesDocument, schemasDocument, serviceProviderConfig } from './schemas.js';
import { parseSearchRequest } from './search.js';
import { ANY_SORTS, GROUP_SORTS, USER_SORTS } from './sorting.js';
import { type AnyDb, type ScimRequest, scimFilters } from './store.js';
import { getUser, listUsers, matchingUsers } from './users.js';

export const SCIM_PREFIX = '/scim/v2';
const SCIM_TYPE = 'application/scim+json; charset=utf-8';

type Query = Record<string, unknown>;
type Json = Record<string, unknown>;

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
        const scim = scimErrorOf(error, (fault) => request.log.error({ err: fault }, 'SCIM request failed'));
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
        return { ctx, caller, base: base(), appId: holder.appId, db: ctx.db as unknown as AnyDb, filters: await scimFilters(ctx, caller) };
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

      // /Me (RFC 7644 §3.11) is the resource of the authenticated subject; a SCIM token's subject is
      // a consuming application, which is no User here, so the alias is answered 501 as the RFC
      // says for that case — after the token is checked, so that it tells nothing to a stranger.
      scope.all('/Me', options, async (request) => {
        await agentOf(request);
        throw new ScimError(501, 'The bearer of this token is an application, not a user: /Me has no resource to answer');
      });

      const resources = [
        { path: '/Users', list: listUsers, get: getUser, sorts: USER_SORTS },
        { path: '/Groups', list: listGroups, get: getGroup, sorts: GROUP_SORTS },
      ];
      for (const resource of resources) {
        scope.get(resource.path, options, async (request, reply) => {
          const r = await agentOf(request);
          return send(reply, await resource.list(r, parseListQuery(request.query as Query, resource.sorts)));
        });
        scope.post(`${resource.path}/.search`, options, async (request, reply) => {
          const r = await agentOf(request);
          return send(reply, await resource.list(r, parseSearchRequest(jsonBody(request), resource.sorts)));
        });
        scope.get(`${resource.path}/:id`, options, async (request, reply) => {
          const r = await agentOf(request);
          return sendResource(reply, request, await resource.get(r, idOf(request)));
        });
      }

      // Searching every resource type at once (RFC 7644 §3.4.3): users, then groups, as one list.
      scope.post('/.search', options, async (request, reply) => {
        const r = await agentOf(request);
        const query: ListQuery = parseSearchRequest(jsonBody(request), ANY_SORTS);
        const [users, groups] = await Promise.all([matchingUsers(r, query), matchingGroups(r, query)]);
        return send(reply, answerList([...users, ...groups], query));
      });

      // Writes: each answered by performWrite, which also answers each operation of a bulk request.
      const write = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', type: string) => async (request: FastifyRequest, reply: FastifyReply) => {
        const r = await agentOf(request);
        const path = method === 'POST' ? type : `${type}/${idOf(request)}`;
        const outcome = await performWrite(r, method, path, method === 'DELETE' ? undefined : jsonBody(request), ifMatchOf(request));
        if (!outcome.resource) return reply.status(outcome.status).send();
        return sendResource(reply, request, outcome.resource, outcome.status);
      };
      for (const path of ['/Users', '/Groups']) {
        scope.post(path, options, write('POST', path));
        scope.put(`${path}/:id`, options, write('PUT', path));
        scope.patch(`${path}/:id`, options, write('PATCH', path));
        scope.delete(`${path}/:id`, options, write('DELETE', path));
      }

      scope.post('/Bulk', options, async (request, reply) => {
        const r = await agentOf(request);
        const answer = await runBulk(r, jsonBody(request), {
          refused: (error) => recordRefusal(ctx.audit, error),
          fault: (error) => request.log.error({ err: error }, 'SCIM bulk operation failed'),
        });
        return send(reply, answer);
      });
    },
    { prefix: SCIM_PREFIX },
  );
}
