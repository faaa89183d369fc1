import { isIP } from 'node:net';
import { defineMessagePatterns, defineMessages, fail, type Message, type Said, textOf, withMessage } from '@sso/shared-api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sayIn } from './language.js';
import { SECURITY_HEADERS } from './security-headers.js';

/**
 * Control characters are refused once, at the edge, for every route: PostgreSQL cannot store NUL
 * in text, and no field of this API has a use for the others. Body fields (JSON, forms, multipart
 * text) may hold tab, CR and LF (remarks, notices, stack traces); the URL and headers never do.
 */
const m = defineMessages('inputGuard', {
  badEncoding: ['请求地址的编码无效', 'The address of the request is not valid URL encoding'],
  tooDeep: ['请求内容嵌套层数过多', 'The request body is nested too deeply'],
  badForwardedFor: [
    'X-Forwarded-For 请求头须为逗号分隔的 IP 地址',
    'The X-Forwarded-For header must be a comma-separated list of IP addresses',
  ],
});
const patterns = defineMessagePatterns('inputGuard', {
  controlIn: ['参数 {field} 含有不允许的控制字符', 'The parameter {field} contains a control character that is not allowed'],
});
const controlIn = (field: string) => patterns.controlIn({ field });

/** Every C0 control character and DEL. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const ANY_CONTROL = /[\u0000-\u001f\u007f]/;
/** Controls a multi-line body field may not hold either: all but tab, LF and CR. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const BODY_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** A control character in the URL, raw or as a percent escape (the HTTP parser refuses most raw ones). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const URL_CONTROL = /%(?:[01][0-9a-f]|7f)|[\u0000-\u001f\u007f]/i;
/** Bodies of this API are shallow; deeper ones are refused before anything walks them recursively. */
const MAX_DEPTH = 32;

/** Headers the application reads. */
const READ_HEADERS = ['authorization', 'blade-auth', 'tenant-id', 'dept-id', 'role-id', 'user-agent', 'accept-language', 'x-request-id'];

/** The token endpoint answers OAuth2 errors, not the envelope (Saber reads `error_description`). */
const TOKEN_PATH = '/api/blade-auth/oauth/token';

/** A field whose name or text holds a control character the pattern refuses, as `name` or `a.b[2]`. */
function offendingField(value: unknown, pattern: RegExp, path = ''): string | undefined {
  const stack: [unknown, string, number][] = [[value, path, 0]];
  while (stack.length) {
    const [current, at, depth] = stack.pop() as [unknown, string, number];
    if (typeof current === 'string') {
      if (pattern.test(current)) return at || 'body';
    } else if (current && typeof current === 'object') {
      if (depth >= MAX_DEPTH) throw new TooDeep();
      if (Array.isArray(current)) for (let i = 0; i < current.length; i++) stack.push([current[i], `${at}[${i}]`, depth + 1]);
      else
        for (const [key, item] of Object.entries(current)) {
          const name = at ? `${at}.${key}` : key;
          if (pattern.test(key)) return printable(name);
          stack.push([item, name, depth + 1]);
        }
    }
  }
  return undefined;
}

class TooDeep extends Error {}

/** A field name safe to echo in a message: its control characters written as \u escapes. */
const printable = (name: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  name.replace(/[\u0000-\u001f\u007f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).slice(0, 100);

/** Whether the query string is valid percent-encoded UTF-8 (no broken escapes, no encoded surrogates). */
function queryDecodes(url: string): boolean {
  const q = url.indexOf('?');
  if (q < 0 || url.indexOf('%', q) < 0) return true;
  try {
    decodeURIComponent(url.slice(q + 1));
    return true;
  } catch {
    return false;
  }
}

/** SCIM clients read SCIM error bodies (RFC 7644 §3.12), in English, under /scim/v2. */
const SCIM_PREFIX = '/scim/v2/';
const scimRefusal = (msg: Said) => ({
  schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
  status: '400',
  scimType: 'invalidSyntax',
  detail: sayIn(msg, 'en'),
});

function refuse(request: FastifyRequest, reply: FastifyReply, msg: Said): FastifyReply {
  const path = request.url.split('?', 1)[0] ?? '';
  if (path === TOKEN_PATH) return reply.status(400).send(withMessage({ error_code: 400, error_description: textOf(msg) }, msg));
  if (path.startsWith(SCIM_PREFIX)) return reply.status(400).type('application/scim+json; charset=utf-8').send(scimRefusal(msg));
  return reply.status(400).send(fail(400, msg));
}

/** What the URL and headers may not hold, or undefined: a regex test or two for an ordinary request. */
function urlOrHeaderProblem(request: FastifyRequest): Message | undefined {
  const url = request.url;
  if (URL_CONTROL.test(url)) {
    const field =
      offendingField(request.query, ANY_CONTROL) ?? offendingField(request.params, ANY_CONTROL) ?? printable(url.split('?', 1)[0] ?? '');
    return controlIn(printable(field));
  }
  if (!queryDecodes(url)) return m.say.badEncoding;
  const headers = request.headers;
  for (const name of READ_HEADERS) {
    const value = headers[name];
    if (typeof value === 'string' && ANY_CONTROL.test(value)) return controlIn(name);
  }
  return undefined;
}

/**
 * Behind a trusted proxy the client address comes from X-Forwarded-For and is stored with sign-ins,
 * sessions and logs: every entry must be an IP address, not text of any length a client made up.
 */
function forwardedForProblem(request: FastifyRequest): Message | undefined {
  const header = request.headers['x-forwarded-for'];
  if (header === undefined) return undefined;
  const entries = (Array.isArray(header) ? header.join(',') : header).split(',');
  return entries.every((entry) => isIP(entry.trim()) !== 0) ? undefined : m.say.badForwardedFor;
}

/** The problem with a parsed body (JSON or form), or undefined. */
function bodyProblem(body: unknown): Message | undefined {
  if (body === null || body === undefined || typeof body === 'number' || typeof body === 'boolean') return undefined;
  try {
    const field = offendingField(body, BODY_CONTROL);
    return field === undefined ? undefined : controlIn(printable(field));
  } catch (error) {
    if (error instanceof TooDeep) return m.say.tooDeep;
    throw error;
  }
}

/** Refuses a multipart text field or file name (read by the route itself) that holds control characters. */
export function controlCharacterProblem(field: string, value: string, multiLine: boolean): Message | undefined {
  return (multiLine ? BODY_CONTROL : ANY_CONTROL).test(value) ? controlIn(printable(field)) : undefined;
}

/**
 * Checks the URL (path parameters and query string) and the headers the application reads as a
 * request arrives, and parsed bodies before validation: a refusal answers 400 and no handler runs.
 */
export function registerInputGuard(app: FastifyInstance, options: { trustProxy: boolean }): void {
  app.addHook('onRequest', (request, reply, done) => {
    const problem = urlOrHeaderProblem(request) ?? (options.trustProxy ? forwardedForProblem(request) : undefined);
    if (problem === undefined) return done();
    refuse(request, reply, problem);
  });
  app.addHook('preValidation', (request, reply, done) => {
    const problem = bodyProblem(request.body);
    if (problem === undefined) return done();
    refuse(request, reply, problem);
  });
}

/** A path that is not valid percent-encoded UTF-8 answers 400 in the envelope, as other bad input. */
export function badUrlAnswer(error: Error & { code?: string }, request: FastifyRequest, reply: FastifyReply): void {
  // The router answers this before any hook runs: the security headers are set here.
  reply.headers(SECURITY_HEADERS);
  const msg: Said = error.code === 'FST_ERR_BAD_URL' ? m.say.badEncoding : error.message;
  if (request.url.startsWith(SCIM_PREFIX)) {
    reply.status(400).type('application/scim+json; charset=utf-8').send(scimRefusal(msg));
    return;
  }
  reply.status(400).send(fail(400, msg));
}
