import { ApiError } from '@sso/shared-api/auth';
import { website } from '../config.js';
import i18n from '../i18n/index.js';
import { feedback } from './feedback.js';
import { UnreachableError } from './fetch-transport.js';

/** Code of a failure: the envelope/HTTP code of an ApiError, 0 for network errors. */
const errorCode = (error: unknown): number => (error instanceof ApiError ? error.code : 0);

/**
 * Message of a failure, in the language on screen: the server's msg (else error_description; both
 * land in ApiError.message, already in the language asked for); for a request that got no answer,
 * that the server could not be reached; else the error's own text, else "unknown error".
 */
export function errorMessage(error: unknown): string {
  if (error instanceof UnreachableError) return i18n.t('common.unreachable');
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return i18n.t('common.unknownError');
}

/**
 * The one response handler: every failed call shows an error toast with its message,
 * unless its code is on the whitelist (the caller handles it). 401 is handled by the client's
 * onSignedOut (logout and /login); it is toasted like any error.
 */
export function reportError(error: unknown, whiteList: readonly number[] = website.statusWhiteList): void {
  if (whiteList.includes(errorCode(error))) return;
  feedback.message.error(errorMessage(error));
}
