import { type Language, messageIn, messageOfEnvelope, type Said, storedTextIn } from '@sso/shared-api';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export const wantsEnglish = (request: FastifyRequest) => /^en\b/i.test(request.headers['accept-language'] ?? '');

/** The caller's language: English for `Accept-Language: en…`, else Chinese, the product's default. */
export const languageOf = (request: FastifyRequest): Language => (wantsEnglish(request) ? 'en' : 'zh');

/**
 * A message in a language: by its id when it has one. Every error the server raises carries one;
 * `storedTextIn` (by wording) is kept only for texts read back from the database, which have
 * none: a sign-in's recorded reason, a city such as 本机, a built-in role's name, a refused step's
 * comment (and a text a library or a remote server worded, left as it is).
 */
export const sayIn = (said: Said, language: Language): string =>
  typeof said === 'string' ? storedTextIn(said, language) : messageIn(said, language);

/** A message or recorded text in the caller's language, for answers built by hand. */
export const messageFor = (request: FastifyRequest, said: Said): string => sayIn(said, languageOf(request));

/** The envelope or token error with its message in English: by the id it was worded from, if any. */
export function inEnglish<T>(payload: T): T {
  if (!payload || typeof payload !== 'object') return payload;
  const body = payload as { msg?: unknown; error_description?: unknown };
  if (typeof body.msg === 'string') return { ...body, msg: sayIn(messageOfEnvelope(payload) ?? body.msg, 'en') } as T;
  if (typeof body.error_description === 'string')
    return { ...body, error_description: sayIn(messageOfEnvelope(payload) ?? body.error_description, 'en') } as T;
  return payload;
}

/** `Accept-Language: en` turns the Chinese messages of envelopes and token errors into English. */
export function registerLanguage(app: FastifyInstance): void {
  app.addHook('preSerialization', (request, _reply, payload, done) => {
    done(null, wantsEnglish(request) ? inEnglish(payload) : payload);
  });
}

/** A recorded text (a sign-in's reason) in English, keeping any detail after a colon (`请输入…: 第3行`). */
export const messageInEnglish = (message: string): string => storedTextIn(message, 'en');
