import { ApiError } from '@sso/shared-api/auth';
import { website } from '../config.js';
import { feedback } from './feedback.js';

/** The message shown when a response carries neither msg nor error_description. */
export const UNKNOWN_ERROR = '未知错误';

/** Code of a failure: the envelope/HTTP code of an ApiError, 0 for network errors. */
const errorCode = (error: unknown): number => (error instanceof ApiError ? error.code : 0);

/** Message of a failure (msg, else error_description, else 未知错误; both land in ApiError.message). */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return UNKNOWN_ERROR;
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
