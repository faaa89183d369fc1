import { storedTextIn } from '@sso/shared-api';
import type { FastifyRequest } from 'fastify';
import { wantsEnglish } from '../../http/language.js';

/**
 * A bulk or import answer with each row's message in the caller's language: the envelope's own
 * message is translated on the way out, but the rows' messages sit in the data, so an English
 * caller (`Accept-Language: en`) gets them translated here (an empty message stays empty).
 */
export function resultsInLanguage<T extends { results: { message: string }[] }>(request: FastifyRequest, answer: T): T {
  if (!wantsEnglish(request)) return answer;
  return { ...answer, results: answer.results.map((row) => (row.message ? { ...row, message: storedTextIn(row.message, 'en') } : row)) };
}
