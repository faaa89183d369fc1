import { type Message, messageIn } from '@sso/shared-api';
import type { FastifyRequest } from 'fastify';
import { languageOf } from '../../http/language.js';

/** A row of a bulk or import answer, with the message of its refusal (by id) until it is worded. */
export type WithRefusal<R> = R & { said?: Message };

/** A refusal of one row: its Chinese as the row's message, the message itself kept beside it. */
export const refusedAs = (said: Message) => ({ message: said.text, said });

/**
 * A bulk or import answer with each row's message in the caller's language: the envelope's own
 * message is translated on the way out, but the rows' messages sit in the data, so each refused
 * row is worded here by its message's id (a row without one keeps its empty message).
 */
export function resultsInLanguage<R extends { message: string }, T extends { results: WithRefusal<R>[] }>(
  request: FastifyRequest,
  answer: T,
): Omit<T, 'results'> & { results: R[] } {
  const language = languageOf(request);
  return {
    ...answer,
    results: answer.results.map(({ said, ...row }) => (said ? { ...row, message: messageIn(said, language) } : row) as unknown as R),
  };
}
