import { toEnglish } from '@sso/shared-api';
import type { FastifyInstance } from 'fastify';

/** `Accept-Language: en` turns the Chinese messages of envelopes and token errors into English. */
export function registerLanguage(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, _reply, payload) => {
    const language = request.headers['accept-language'];
    if (!language || !/^en\b/i.test(language) || !payload || typeof payload !== 'object') return payload;
    const body = payload as { msg?: unknown; error_description?: unknown };
    if (typeof body.msg === 'string') return { ...body, msg: translate(body.msg) };
    if (typeof body.error_description === 'string') return { ...body, error_description: translate(body.error_description) };
    return payload;
  });
}

/** Translates a message, keeping any detail after a colon. */
function translate(message: string): string {
  const exact = toEnglish(message);
  if (exact !== message) return exact;
  const colon = message.indexOf(': ');
  return colon > 0 ? `${toEnglish(message.slice(0, colon))}: ${message.slice(colon + 2)}` : message;
}
