import { toEnglish } from '@sso/shared-api';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export const wantsEnglish = (request: FastifyRequest) => /^en\b/i.test(request.headers['accept-language'] ?? '');

/** A recorded message (a city such as 本机) in the caller's language, for answers built by hand. */
export const messageFor = (request: FastifyRequest, message: string): string =>
  wantsEnglish(request) ? messageInEnglish(message) : message;

/** The envelope or token error with its message in English. */
export function inEnglish<T>(payload: T): T {
  if (!payload || typeof payload !== 'object') return payload;
  const body = payload as { msg?: unknown; error_description?: unknown };
  if (typeof body.msg === 'string') return { ...body, msg: messageInEnglish(body.msg) } as T;
  if (typeof body.error_description === 'string') return { ...body, error_description: messageInEnglish(body.error_description) } as T;
  return payload;
}

/** `Accept-Language: en` turns the Chinese messages of envelopes and token errors into English. */
export function registerLanguage(app: FastifyInstance): void {
  app.addHook('preSerialization', (request, _reply, payload, done) => {
    done(null, wantsEnglish(request) ? inEnglish(payload) : payload);
  });
}
/** A message of the shared table in English, keeping any detail after a colon (`请输入…: 第3行`). */
export function messageInEnglish(message: string): string {
  const exact = toEnglish(message);
  if (exact !== message) return exact;
  const colon = message.indexOf(': ');
  return colon > 0 ? `${toEnglish(message.slice(0, colon))}: ${message.slice(colon + 2)}` : message;
}
