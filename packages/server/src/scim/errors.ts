import { ApiError } from '@sso/shared-api';
import { isConnectionFailure } from '../db/connection-errors.js';
import { sayIn } from '../http/language.js';

/** SCIM error answers (RFC 7644 §3.12): every refusal of /scim/v2 is one of these, never the platform's envelope. */

export const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** The scimType values of RFC 7644 table 9 this service provider answers. */
export type ScimType =
  | 'invalidFilter'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'noTarget'
  | 'invalidValue'
  | 'mutability'
  | 'uniqueness'
  | 'tooMany';

export class ScimError extends Error {
  constructor(
    readonly status: number,
    detail: string,
    readonly scimType?: ScimType,
  ) {
    super(detail);
  }
}

export const invalidFilter = (detail: string) => new ScimError(400, detail, 'invalidFilter');
export const invalidSyntax = (detail: string) => new ScimError(400, detail, 'invalidSyntax');
export const invalidValue = (detail: string) => new ScimError(400, detail, 'invalidValue');
export const invalidPath = (detail: string) => new ScimError(400, detail, 'invalidPath');
export const notFound = (detail = 'Resource not found') => new ScimError(404, detail);

/** The body of an error answer: status as a string, as the RFC's examples give it. */
export function scimErrorBody(status: number, detail: string, scimType?: ScimType) {
  return { schemas: [SCIM_ERROR_SCHEMA], status: String(status), ...(scimType ? { scimType } : {}), detail };
}

/** The largest body any SCIM request may carry: bulk's `maxPayloadSize` too (refused with 413 before it is read). */
export const BODY_LIMIT = 1024 * 1024;

/**
 * Any failure as a SCIM error: the platform's own refusals keep their status, in English; a
 * value taken is 409 `uniqueness`; a body over the limit 413; anything unforeseen is logged
 * (through `logFault`) and answered 500 without its details.
 */
export function scimErrorOf(error: unknown, logFault: (error: unknown) => void): ScimError {
  if (error instanceof ScimError) return error;
  if (error instanceof ApiError) {
    const status = error.code >= 400 && error.code < 500 ? error.code : 400;
    return new ScimError(status, sayIn(error.saying, 'en'), status === 400 ? 'invalidValue' : undefined);
  }
  const failure = error as { code?: string; statusCode?: number; message?: string };
  if (failure.code === '23505') return new ScimError(409, 'The value is already taken', 'uniqueness');
  // Two writes that locked rows in crossing order: PostgreSQL ends one; the client may send it again.
  if (failure.code === '40P01' || failure.code === '40001')
    return new ScimError(409, 'A concurrent change interfered; send the request again');
  if (failure.statusCode === 413) return new ScimError(413, `The body exceeds the maxPayloadSize of ${BODY_LIMIT} bytes`);
  if (typeof failure.statusCode === 'number' && failure.statusCode >= 400 && failure.statusCode < 500) {
    return new ScimError(
      failure.statusCode,
      failure.statusCode === 400 ? 'Invalid request' : String(failure.message),
      failure.statusCode === 400 ? 'invalidSyntax' : undefined,
    );
  }
  if (isConnectionFailure(error)) return new ScimError(503, 'The service is unavailable; try again shortly');
  logFault(error);
  return new ScimError(500, 'The request failed');
}
