import { ApiError, badTypeOf, fail, messageOfIssue, type Said, say } from '@sso/shared-api';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isConnectionFailure } from '../db/connection-errors.js';
import type { SecurityEvent } from '../logs/security-events.js';
import { recordRefusal } from '../logs/security-refusal.js';
import { type DatabaseOutage, RETRY_AFTER_SECONDS } from './database-outage.js';

/** The first message of a zod validation failure, as a person can act on it: with its id when the schema gave one. */
function validationMessage(error: FastifyError): Said {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const message = first?.message;
    if (message && !/^(Invalid input|Required)/.test(message)) {
      // The issue's own fields sit in `params`, the id among them.
      return messageOfIssue({ ...first.params, message }) ?? message;
    }
    const field = first?.instancePath?.replace(/^\//, '');
    return field ? badTypeOf(field) : say('badType');
  }
  return error.message;
}

/** One mapping from every failure to the envelope every answer uses (code, success, data, msg). */
export function registerErrorHandling(
  app: FastifyInstance,
  outage?: DatabaseOutage,
  audit?: { record(event: SecurityEvent): Promise<void> },
): void {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      // A refused grant (三员分立) is a security event, written once its transaction is over.
      if (audit) await recordRefusal(audit, error);
      return reply.status(error.code >= 200 && error.code < 600 ? error.code : 400).send(fail(error.code, error.saying, error.data));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(fail(400, validationMessage(error)));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const msg =
        error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || status === 400
          ? badTypeOf(error.message)
          : error.message;
      return reply.status(status).send(fail(status, msg));
    }
    // A unique index beat the application's own check (two writes at once): still bad input.
    if ((error as { code?: string }).code === '23505') return reply.status(400).send(fail(400, say('duplicate')));
    // The database is down: the outage is logged once, and the caller is told to come back.
    if (outage && isConnectionFailure(error)) {
      outage.noticed(error);
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send(fail(503, say('serviceUnavailable')));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(fail(500, say('serverError')));
  });
}
